"""The server's own screens (the lobby, a room, ladders and profiles, the
room form's terms): Textual screens that only a `tsquare serve` connection
opens, kept with the server rather than with the local app's screens."""
