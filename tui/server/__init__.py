"""Play over the network: an SSH front door, rooms and a lobby.

- `db`: the rooms and players in a database (SQLite by default,
  PostgreSQL for several front doors); `tsquare serve` uses it. Headless.
- `store`: the same in the data folder's own files (`--db files`; the
  layout a database takes over). Headless.
- `ssh`: the server (asyncssh, imported only here): public-key logins, one
  PTY running the TUI per connection, the `status` command.
- `player`: what runs inside each connection's PTY (the lobby app).
- `bots`: the server's bot runner, moving for bot seats in every room.
"""
