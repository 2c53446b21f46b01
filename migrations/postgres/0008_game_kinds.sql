-- 0008 (PostgreSQL): as migrations/0008_game_kinds.sql — each game names the game it
-- is (every older one is Kachuful), and stats and ratings are kept per game.
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'kachuful'
    CHECK (game IN ('kachuful', 'callbreak'));

ALTER TABLE results ADD COLUMN game TEXT NOT NULL DEFAULT 'kachuful'
    CHECK (game IN ('kachuful', 'callbreak'));
CREATE INDEX results_by_game ON results (guild_id, game, finished_at) WHERE user_id IS NOT NULL;

ALTER TABLE player_totals ADD COLUMN game TEXT NOT NULL DEFAULT 'kachuful'
    CHECK (game IN ('kachuful', 'callbreak'));
ALTER TABLE player_totals DROP CONSTRAINT player_totals_pkey;
ALTER TABLE player_totals ADD PRIMARY KEY (guild_id, game, user_id);

ALTER TABLE ratings ADD COLUMN game TEXT NOT NULL DEFAULT 'kachuful'
    CHECK (game IN ('kachuful', 'callbreak'));
ALTER TABLE ratings DROP CONSTRAINT ratings_pkey;
ALTER TABLE ratings ADD PRIMARY KEY (guild_id, game, player);
DROP INDEX ratings_board;
CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal) WHERE user_id IS NOT NULL;

-- A score pad keeps the score of either game.
ALTER TABLE score_pads ADD COLUMN game TEXT NOT NULL DEFAULT 'kachuful'
    CHECK (game IN ('kachuful', 'callbreak'));
