"""Imported first in the bots' forkserver (never elsewhere): the whole pool
becomes one scheduling group that weighs as much as one connection.

Linux groups processes by session for the scheduler where autogroup is on
(the default of many distributions): CPU time is shared fairly between
sessions first, and a nice value only ranks a process within its session.
Every connection's TUI has a session of its own (its PTY). Forked from the
relay's session, the bot workers would share the relay's group: under load
a thinking bot takes the relay's time (the relay carries every keystroke)
and the relay's takes the bots'. So the forkserver starts a session of its
own, and every worker it forks (and every `deep` search process they fork)
inherits it: the pool's searches together get the share of one person's
connection (POOL_GROUP_NICE 0), however many bots think at once, and never
more; the relay keeps its own. Without autogroup this does nothing that
matters (the workers' own nice 10 then ranks them below the people).
"""
from __future__ import annotations

import os

POOL_GROUP_NICE = 0
"""The pool's group's nice value (0: the weight of one connection's TUI)."""


def own_session(nice: int = POOL_GROUP_NICE) -> bool:
    """Start a session of this process's own (a new scheduling group), at
    `nice`; False if it could not (already a session's leader)."""
    try:
        os.setsid()
    except OSError:
        return False
    try:
        with open("/proc/self/autogroup", "w") as fh:
            fh.write(str(nice))
    except OSError:  # no autogroup in this kernel, or not allowed
        pass
    return True


own_session()
