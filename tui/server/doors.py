"""What a session's TUI process is told about the door it came in by."""

WEB_DOOR_VAR = "TSQUARE_DOOR"
"""In a session's environment, "web": its fd is a socket to the web door
(Textual's web driver's packets on stdin and stdout), not a PTY."""
WATCH_VAR = "TSQUARE_WATCH"
"""In a session's environment, "1": a browser that has not signed in,
watching only (`tsquare serve --web-watch`): its lobby is
tui/server/screens/watch_lobby.py, under nobody's name."""
WATCHER = "watcher"
"""The name a watching session's process is started with (never used: its
lobby runs under nobody's name, so no room and no seat is its)."""
