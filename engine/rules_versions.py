"""What changed between rules versions, in the words of each game's RULES.md.

A game's "Version history" section lists each version as a bullet,
`- **N**: what it changed` (the newest marked `(newest)`). That list is the
one place the changes are written; the screen that offers to move an old
game to the newest rules quotes it from here.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core import Ruleset

_BULLET = re.compile(r"^- \*\*(\d+)\*\*(?: \(newest\))?:\s*(.*)$")


def version_notes(markdown: str) -> dict[int, str]:
    """Each version's entry of the "Version history" section, as one line of
    plain text (the Markdown's backticks and line breaks taken out)."""
    notes: dict[int, str] = {}
    inside, current = False, None
    for line in markdown.splitlines():
        if line.startswith("## "):
            inside, current = line.strip() == "## Version history", None
            continue
        if not inside:
            continue
        found = _BULLET.match(line)
        if found:
            current = int(found.group(1))
            notes[current] = found.group(2).strip()
        elif current is not None and line.startswith("  ") and line.strip():
            notes[current] += " " + line.strip()
        elif not line.strip():
            current = None
    return {v: text.replace("`", "") for v, text in notes.items()}


def changes_since(ruleset: "Ruleset", version: int) -> list[tuple[int, str]]:
    """What each version after `version`, up to the newest, changed:
    (version, words), oldest first; a version the history does not describe
    says so rather than being left out."""
    notes = version_notes(ruleset.rules_markdown())
    return [(v, notes.get(v, "(not described)")) for v in range(version + 1, ruleset.version + 1)]
