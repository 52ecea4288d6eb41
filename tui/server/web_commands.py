"""`ssh HOST link` and `ssh HOST links`: a key's sign-in links and signed-in
browsers (the web door's identity is the key's; tui/server/web_links.py)."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.server.ssh import Front

LINK_WORDS = "link, links, links revoke ID, links revoke all"


async def link_command(front: Front, fingerprint: str, user: str, words: list[str]) -> tuple[list[str], int]:
    """The lines `ssh HOST link|links …` prints for the key `fingerprint`
    (named `user`), and the exit code."""
    door = front.web
    if door is None:
        return ["this server has no web door (tsquare serve --web-port PORT opens one)"], 1
    keys = front.web_keys
    ask = front.off_loop
    if words == ["link"]:
        token = await ask(keys.make_link, fingerprint, user)
        minutes = round(keys.link_seconds / 60)
        return [f"Open this in your browser within {minutes} minutes to sign in as {user} (it works once):",
                door.link_url(token)], 0
    if words == ["links"]:
        sessions = await ask(keys.of, fingerprint)
        waiting = await ask(keys.waiting_links, fingerprint)
        lines = [f"{user}: {len(sessions)} browser{'s' if len(sessions) != 1 else ''} signed in"
                 f"{f', {waiting} link(s) not yet used' if waiting else ''}"]
        for s in sessions:
            lines.append(f"  {s.id}  signed in {_when(s.made)}, last opened {_when(s.seen)}")
        if sessions:
            lines.append("sign one out: links revoke ID; every browser (sign out everywhere): links revoke all")
        return lines, 0
    if len(words) == 3 and words[:2] == ["links", "revoke"]:
        which = None if words[2] == "all" else words[2]
        gone = await door.revoke(fingerprint, which)
        if which is not None and not gone:
            return [f"no browser {which} is signed in with your key (see: links)"], 1
        return [f"signed out {gone} browser{'s' if gone != 1 else ''}" + (" and dropped your unused links" if which is None else "")], 0
    return [f"the web commands are: {LINK_WORDS}"], 1


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))
