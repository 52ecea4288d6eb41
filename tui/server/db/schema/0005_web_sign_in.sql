-- T-Square server, schema 5: the web door's sign-in links and signed-in
-- browsers (issue 56), in the database so that a link made over SSH on one
-- front door signs a browser in on any door, and a browser stays signed in
-- across a restart. Only the SHA-256 of each secret is kept.

CREATE TABLE web_links (
    hash TEXT PRIMARY KEY,                 -- sha256 of the link's secret
    fingerprint TEXT NOT NULL,             -- the key that made it
    name TEXT NOT NULL,                    -- the name it signs in as
    expires DOUBLE PRECISION NOT NULL      -- Unix time it stops working
);
CREATE INDEX web_links_key ON web_links (fingerprint);

CREATE TABLE web_sessions (
    hash TEXT PRIMARY KEY,                 -- sha256 of the cookie
    id TEXT NOT NULL,                      -- short public id (ssh HOST links revoke ID)
    fingerprint TEXT NOT NULL,             -- the key whose name it plays as
    name TEXT NOT NULL,
    made DOUBLE PRECISION NOT NULL,
    seen DOUBLE PRECISION NOT NULL,
    expires DOUBLE PRECISION NOT NULL
);
CREATE INDEX web_sessions_key ON web_sessions (fingerprint);
