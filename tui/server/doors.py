"""What a session's TUI process is told about the door it came in by."""

WEB_DOOR_VAR = "TSQUARE_DOOR"
"""In a session's environment, "web": its fd is a socket to the web door
(Textual's web driver's packets on stdin and stdout), not a PTY."""
