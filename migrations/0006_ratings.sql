-- 0006: skill ratings (openskill's Weng-Lin PlackettLuce model), one per person and
-- server and one per computer level and server.
--
-- Ratings are derived data: `kachuful ratings rebuild` recomputes them from the
-- results in rating order. The ratings of the games already played are filled in by
-- a Python step run in this migration's transaction (bot/storage/rating_rebuild.py),
-- because SQL cannot run openskill.

-- The order in which a server's finished games were rated (1, 2, 3…): finishing times
-- can tie, and game ids follow creation, not the end, so the order is kept.
ALTER TABLE games ADD COLUMN rating_seq INTEGER;
CREATE UNIQUE INDEX games_rating_order ON games (guild_id, rating_seq)
    WHERE rating_seq IS NOT NULL;

-- Each rated seat's rating after the game (mu, sigma) and its ordinal before it, for
-- the rating history and the change shown at the end; NULL when the seat was not
-- rated (a guest, a game with nobody to compare).
ALTER TABLE results ADD COLUMN rating_mu REAL;
ALTER TABLE results ADD COLUMN rating_sigma REAL;
ALTER TABLE results ADD COLUMN rating_before REAL;

-- The current ratings. `player` is 'user:<id>' or 'computer:<level>'; user_id is set
-- for people only (computers never rank). `ordinal` is openskill's mu − 3σ, kept so
-- the leaderboard sorts on a column.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    player   TEXT    NOT NULL,
    user_id  INTEGER,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL CHECK (sigma > 0),
    ordinal  REAL    NOT NULL,
    games    INTEGER NOT NULL CHECK (games >= 1),
    PRIMARY KEY (guild_id, player)
) WITHOUT ROWID;

CREATE INDEX ratings_board ON ratings (guild_id, ordinal) WHERE user_id IS NOT NULL;
CREATE INDEX ratings_by_user ON ratings (user_id) WHERE user_id IS NOT NULL;
