-- 0006 (PostgreSQL): as migrations/0006_ratings.sql — skill ratings per person (and
-- computer level) and server; the games already played are rated by a Python step in
-- this migration's transaction (bot/storage/rating_rebuild.py).
ALTER TABLE games ADD COLUMN rating_seq INTEGER;
CREATE UNIQUE INDEX games_rating_order ON games (guild_id, rating_seq)
    WHERE rating_seq IS NOT NULL;

ALTER TABLE results ADD COLUMN rating_mu DOUBLE PRECISION;
ALTER TABLE results ADD COLUMN rating_sigma DOUBLE PRECISION;
ALTER TABLE results ADD COLUMN rating_before DOUBLE PRECISION;

CREATE TABLE ratings (
    guild_id BIGINT           NOT NULL,
    player   TEXT             NOT NULL,
    user_id  BIGINT,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    ordinal  DOUBLE PRECISION NOT NULL,
    games    INTEGER          NOT NULL CHECK (games >= 1),
    PRIMARY KEY (guild_id, player)
);

CREATE INDEX ratings_board ON ratings (guild_id, ordinal) WHERE user_id IS NOT NULL;
CREATE INDEX ratings_by_user ON ratings (user_id) WHERE user_id IS NOT NULL;
