-- T-Square server, schema 3: when a rated game counts (issue 51).
-- Each move made by a stand-in bot is marked; a room's terms remember which
-- seats' people have come to the room (a person's clock starts at their
-- first visit) and why a rated game was void (not rated).

ALTER TABLE moves ADD COLUMN stand_in TEXT;                          -- the bot level that moved for the seat's person; NULL: they did
ALTER TABLE room_terms ADD COLUMN arrived TEXT NOT NULL DEFAULT '[]'; -- JSON: the seats whose person has opened the room or moved
ALTER TABLE room_terms ADD COLUMN void TEXT NOT NULL DEFAULT '';     -- why a rated game's end rated nothing ('': it counted, or not over)
UPDATE room_terms SET arrived = '[0, 1, 2, 3, 4]'                    -- rooms made before: their people count as come
