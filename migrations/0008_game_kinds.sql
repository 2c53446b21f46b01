-- 0008: Call Break beside Kachuful. Each game names the game it is; every game stored
-- before this is Kachuful. A person's stats and rating are kept per game, so their
-- Kachuful rating never mixes with their Call Break rating.
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'kachuful'
    CHECK (game IN ('kachuful', 'callbreak'));

-- Copied from the game, as guild_id and finished_at are: a period's leaderboard of one
-- game reads one index range.
ALTER TABLE results ADD COLUMN game TEXT NOT NULL DEFAULT 'kachuful'
    CHECK (game IN ('kachuful', 'callbreak'));
CREATE INDEX results_by_game ON results (guild_id, game, finished_at) WHERE user_id IS NOT NULL;

-- Running totals and ratings gain the game in their key (SQLite rebuilds the tables).
CREATE TABLE player_totals_by_game (
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL DEFAULT 'kachuful' CHECK (game IN ('kachuful', 'callbreak')),
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    last_played  INTEGER NOT NULL,
    games        INTEGER NOT NULL CHECK (games >= 1),
    wins         INTEGER NOT NULL CHECK (wins BETWEEN 0 AND games),
    shared_wins  INTEGER NOT NULL CHECK (shared_wins BETWEEN 0 AND wins),
    points       INTEGER NOT NULL,
    best         INTEGER NOT NULL,
    deals        INTEGER NOT NULL CHECK (deals >= 0),
    hits         INTEGER NOT NULL CHECK (hits BETWEEN 0 AND deals),
    zero_bids    INTEGER NOT NULL CHECK (zero_bids BETWEEN 0 AND deals),
    zero_hits    INTEGER NOT NULL CHECK (zero_hits BETWEEN 0 AND zero_bids),
    hooked       INTEGER NOT NULL CHECK (hooked BETWEEN 0 AND deals),
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;
INSERT INTO player_totals_by_game (guild_id, user_id, display_name, last_played, games, wins,
                                   shared_wins, points, best, deals, hits, zero_bids,
                                   zero_hits, hooked)
SELECT guild_id, user_id, display_name, last_played, games, wins, shared_wins, points, best,
       deals, hits, zero_bids, zero_hits, hooked
FROM player_totals;
DROP TABLE player_totals;
ALTER TABLE player_totals_by_game RENAME TO player_totals;
CREATE INDEX player_totals_by_user ON player_totals (user_id);

CREATE TABLE ratings_by_game (
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL DEFAULT 'kachuful' CHECK (game IN ('kachuful', 'callbreak')),
    player   TEXT    NOT NULL,
    user_id  INTEGER,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL CHECK (sigma > 0),
    ordinal  REAL    NOT NULL,
    games    INTEGER NOT NULL CHECK (games >= 1),
    PRIMARY KEY (guild_id, game, player)
) WITHOUT ROWID;
INSERT INTO ratings_by_game (guild_id, player, user_id, mu, sigma, ordinal, games)
SELECT guild_id, player, user_id, mu, sigma, ordinal, games FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_by_game RENAME TO ratings;
CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal) WHERE user_id IS NOT NULL;
CREATE INDEX ratings_by_user ON ratings (user_id) WHERE user_id IS NOT NULL;

-- A score pad keeps the score of either game.
ALTER TABLE score_pads ADD COLUMN game TEXT NOT NULL DEFAULT 'kachuful'
    CHECK (game IN ('kachuful', 'callbreak'));
