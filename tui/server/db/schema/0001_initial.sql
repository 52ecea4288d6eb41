-- T-Square server, schema 1: players, rooms, each room's game (a header and
-- its moves), who sits where, seat claims and the lobbies' change counter.
-- One text for SQLite and PostgreSQL: plain types, no dialect's extras.

CREATE TABLE users (
    fingerprint TEXT PRIMARY KEY,          -- the key's SHA-256 fingerprint
    name TEXT NOT NULL,                    -- as the person typed it
    name_key TEXT NOT NULL UNIQUE,         -- the name in lower case: names compare without case
    first_seen TEXT NOT NULL,              -- ISO 8601 UTC
    last_seen TEXT NOT NULL
);

CREATE TABLE rooms (
    n BIGINT PRIMARY KEY,                  -- room 'r0042' is 42; never reused (rooms are never deleted)
    game TEXT NOT NULL,                    -- the ruleset id
    seats TEXT NOT NULL,                   -- JSON: per seat a user name, 'bot:LEVEL' or null (open)
    watchers TEXT NOT NULL,                -- JSON: the latest watchers' names
    maker TEXT NOT NULL,
    created TEXT NOT NULL,
    open_seats INTEGER NOT NULL,           -- seats nobody has taken
    has_bots INTEGER NOT NULL,             -- 1 if a bot plays a seat
    state TEXT NOT NULL,                   -- 'open' (a free seat), 'playing' or 'over'
    title TEXT NOT NULL,                   -- the game's title (the lobby's line)
    ply INTEGER NOT NULL,                  -- moves made
    to_act TEXT NOT NULL,                  -- JSON: the seats to act now (0-based), [] when over
    hints INTEGER NOT NULL,
    damaged INTEGER NOT NULL DEFAULT 0,    -- the game cannot be read (imported from a damaged save)
    version BIGINT NOT NULL,               -- the room's change counter: +1 on every move, seat or undo
    header TEXT NOT NULL                   -- the save document without its moves (JSON)
);
CREATE INDEX rooms_open ON rooms (open_seats, n);
CREATE INDEX rooms_bots ON rooms (has_bots, state);
CREATE INDEX rooms_maker ON rooms (maker, state);

CREATE TABLE moves (
    room BIGINT NOT NULL REFERENCES rooms (n),
    ply INTEGER NOT NULL,                  -- 0-based: the move that took the game from ply to ply + 1
    seat INTEGER NOT NULL,                 -- 0-based
    notation TEXT NOT NULL,                -- canonical notation
    PRIMARY KEY (room, ply)                -- two front doors can never both write ply N
);

CREATE TABLE room_people (
    person TEXT NOT NULL,                  -- the name in lower case
    room BIGINT NOT NULL REFERENCES rooms (n),
    PRIMARY KEY (person, room)
);

CREATE TABLE claims (
    room BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,                   -- the connection playing the seat now (the newest wins)
    door TEXT NOT NULL,                    -- the front door (server process) that started it
    pid INTEGER NOT NULL,                  -- its process on that door's host
    PRIMARY KEY (room, seat)
);
CREATE INDEX claims_door ON claims (door, pid);

CREATE TABLE changes (
    id INTEGER PRIMARY KEY,                -- always 1
    counter BIGINT NOT NULL                -- +1 on every change a lobby shows
);
INSERT INTO changes (id, counter) VALUES (1, 0);
