"""The registry of rulesets: games found as plugins through entry points.

Every game is a package that defines a `Ruleset` instance and declares it in
the entry-point group `tsquare.rulesets` of its distribution's metadata:

    [project.entry-points."tsquare.rulesets"]
    grid-square = "rulesets.grid_square:RULESET"

The entry point's name is the game's id. The engine imports no ruleset by
name: a separately installed package that declares an entry point in this
group adds a game to the menu, the CLI and the conformance suite. A game's id,
title and player counts live once, in its ruleset; they are read from it when
the registry is first listed.
"""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from engine.core import Ruleset

if TYPE_CHECKING:
    from engine.catalogue import CatalogueEntry

GROUP = "tsquare.rulesets"
"""The entry-point group games register in."""


class UnknownGameError(ValueError):
    """A game id that no installed ruleset has."""


def entry_point_targets(group: str) -> dict[str, str]:
    """name -> 'module:attr' of every installed entry point in `group` (the
    first one of a name wins): the one reader of entry points, for the games'
    group here and the board views' (`tsquare.views`, tui/games/)."""
    from importlib.metadata import entry_points

    seen: dict[str, str] = {}
    for ep in entry_points(group=group):
        seen.setdefault(ep.name, ep.value)
    return seen


def _own_entry_points(group: str) -> dict[str, str]:
    """The entry points in `group` of the tsquare distribution itself, read
    straight from its dist-info folder (about 1 ms), so a command that names
    a built-in game starts fast. Empty if not found.

    Why not `importlib.metadata` (the public way, which `_entry_points` uses
    to list every game): importing it alone takes 30-65 ms (it loads email,
    zipfile, csv; measured 2026-11-26 with `python -X importtime`), more
    than `tsquare show` may spend on all its start-up (1.3 times a minimal
    Typer app, about 100 ms). This reader and `_parse_entry_points` stay as
    long as that holds; what they read is the standard entry_points.txt."""
    # the standard library's folders never hold an installed distribution,
    # and listing them took most of the time
    stdlib = os.path.dirname(os.__file__)
    skipped = {stdlib, os.path.join(stdlib, "lib-dynload")}
    for folder in sys.path:
        if folder in skipped:
            continue
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        for name in names:
            if not (name.startswith("tsquare-") and name.endswith(".dist-info")):
                continue
            try:
                text = Path(folder or ".", name, "entry_points.txt").read_text(encoding="utf-8")
            except OSError:
                continue
            return _parse_entry_points(text, group)
    return {}


def _parse_entry_points(text: str, group: str) -> dict[str, str]:
    """`name = value` lines of section [group] of an entry_points.txt."""
    out: dict[str, str] = {}
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
            continue
        if section == group and "=" in line:
            key, _, value = line.partition("=")
            out.setdefault(key.strip(), value.strip())
    return out


class Registry:
    """Looks rulesets up by id; finds them through entry points on first use."""

    def __init__(self, group: str = GROUP, targets: Iterable[tuple[str, str]] | None = None) -> None:
        self.group = group
        """The entry-point group searched."""
        self._targets: dict[str, str] | None = dict(targets) if targets is not None else None
        self._loaded: dict[str, Ruleset] = {}
        self._broken: dict[str, str] = {}
        self._own: dict[str, str] | None = None

    def add(self, game_id: str, target: str) -> Ruleset:
        """Install a game as if a distribution declared the entry point
        `game_id = target` (a test's toy game, a program embedding the
        engine); its ruleset, or UnknownGameError if it does not load."""
        self._all_targets()[game_id] = target
        self._broken.pop(game_id, None)
        self._loaded.pop(game_id, None)
        return self.get(game_id)

    def remove(self, game_id: str) -> None:
        """Forget a game `add` installed (or any other) until the next scan."""
        self._all_targets().pop(game_id, None)
        self._loaded.pop(game_id, None)
        self._broken.pop(game_id, None)

    def _all_targets(self) -> dict[str, str]:
        if self._targets is None:
            self._targets = entry_point_targets(self.group)
        return self._targets

    def ids(self) -> list[str]:
        """The ids of every installed game that loads, in menu order."""
        out = []
        for game_id in self._all_targets():
            try:
                self.get(game_id)
            except UnknownGameError:
                continue
            out.append(game_id)
        return sorted(out, key=lambda g: (self._loaded[g].menu_order, g))

    def entries(self) -> list["CatalogueEntry"]:
        """Every installed game, with its metadata read from the ruleset."""
        from engine.catalogue import CatalogueEntry  # not built by commands that name one game

        out = []
        for game_id in self.ids():
            rs = self._loaded[game_id]
            module = self._all_targets()[game_id].partition(":")[0]
            out.append(CatalogueEntry(rs.id, rs.title, rs.min_players, rs.max_players, module))
        return out

    def broken(self) -> dict[str, str]:
        """Games whose entry point failed to load: id -> the reason."""
        self.ids()
        return dict(self._broken)

    def is_playable(self, game_id: str) -> bool:
        """True when `game_id` is installed and loads."""
        return game_id in self.ids()

    def get(self, game_id: str) -> Ruleset:
        """The ruleset for `game_id`; UnknownGameError with a clear message."""
        if game_id in self._loaded:
            return self._loaded[game_id]
        target = None
        if self._targets is None:  # fast path: a game of tsquare's own distribution
            if self._own is None:
                self._own = _own_entry_points(self.group)
            target = self._own.get(game_id)
        targets = self._all_targets() if target is None else {game_id: target}
        target = targets.get(game_id)
        if target is None:
            known = ", ".join(targets) or "none installed"
            raise UnknownGameError(f"unknown game {game_id!r} (games: {known})")
        if game_id in self._broken:
            raise UnknownGameError(self._broken[game_id])
        module_name, _, attr = target.partition(":")
        try:
            module = importlib.import_module(module_name)
            ruleset = getattr(module, attr or "RULESET")
        except Exception as exc:  # a broken plugin must not take the suite down
            self._broken[game_id] = f"game {game_id!r} failed to load ({type(exc).__name__}: {exc})"
            raise UnknownGameError(self._broken[game_id]) from None
        if not isinstance(ruleset, Ruleset) or ruleset.id != game_id:
            self._broken[game_id] = f"game {game_id!r}: {target} is not its Ruleset"
            raise UnknownGameError(self._broken[game_id])
        self._loaded[game_id] = ruleset
        return ruleset


REGISTRY = Registry()
"""Every installed game: REGISTRY.get('grid-square'), REGISTRY.entries()."""
