"""Play over the network: an SSH front door, rooms and a lobby.

- `store`: the server's data folder (host key, users bound to key
  fingerprints, the room index; rooms are ordinary saves). Headless.
- `ssh`: the server (asyncssh, imported only here): public-key logins, one
  PTY running the TUI per connection, the `status` command.
- `player`: what runs inside each connection's PTY (the lobby app).
- `bots`: the server's bot runner, moving for bot seats in every room.
"""
