-- T-Square server, schema 2: rated play and time limits (issue 29).
-- A room's terms (rated or not, its move time limit and what happens when a
-- person runs out), the players' ratings per game, and the rated games
-- (one row a room: a room's game is rated exactly once, whichever door
-- committed its last move).

CREATE TABLE room_terms (
    room BIGINT PRIMARY KEY REFERENCES rooms (n),
    rated INTEGER NOT NULL,                -- 1: the game's end updates its players' ratings
    move_seconds BIGINT NOT NULL,          -- a seat's time for a move; 0: no limit
    policy TEXT NOT NULL,                  -- when a person runs out: 'bot:LEVEL' (stands in) or 'loss'
    turn_since DOUBLE PRECISION NOT NULL,  -- Unix time the room's last move (or its start) was committed
    stand_ins TEXT NOT NULL,               -- JSON: the seats a bot plays while their person is away
    lost_on_time INTEGER NOT NULL          -- the seat scored as a loss on time; -1: none
);
CREATE INDEX room_terms_timed ON room_terms (move_seconds, turn_since);

CREATE TABLE ratings (
    game TEXT NOT NULL,                    -- the ruleset id
    player TEXT NOT NULL,                  -- a name in lower case, or 'bot:LEVEL'
    shown TEXT NOT NULL,                   -- the name as its owner spells it
    rating DOUBLE PRECISION NOT NULL,      -- Glicko-2, on the Glicko scale (1500 to start)
    rd DOUBLE PRECISION NOT NULL,          -- its deviation
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (game, player)
);
CREATE INDEX ratings_ladder ON ratings (game, rating);

CREATE TABLE rated_games (
    room BIGINT PRIMARY KEY REFERENCES rooms (n),  -- a room's game is rated once
    game TEXT NOT NULL,
    finished TEXT NOT NULL,                -- ISO 8601 UTC
    results TEXT NOT NULL                  -- JSON: per seat [player, place, rating before, rating after]
);
