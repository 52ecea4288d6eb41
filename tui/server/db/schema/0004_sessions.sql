-- T-Square server, schema 3: the terminal sessions open on every front door
-- (issue 51), so that the limit of sessions per key holds across doors. A
-- session's row is a lease its door renews while it lives: a door killed
-- frees its sessions' places when their leases lapse.

CREATE TABLE sessions (
    token TEXT PRIMARY KEY,                -- one connection: its door's name and a number
    fingerprint TEXT NOT NULL,             -- the key it logged in with
    door TEXT NOT NULL,                    -- the front door serving it
    expires DOUBLE PRECISION NOT NULL      -- Unix time the lease lapses unless renewed
);
CREATE INDEX sessions_key ON sessions (fingerprint, expires);
CREATE INDEX sessions_door ON sessions (door);
