-- 0002: each game records the version of the algorithm that turned its seed into the
-- dealer draw and the deals (engine.shuffle.CHANCE_VERSION), so that a later change to
-- that algorithm can't silently re-deal a stored game on replay. Every game stored
-- before this migration was dealt by version 1.
ALTER TABLE games
    ADD COLUMN chance_version INTEGER NOT NULL DEFAULT 1 CHECK (chance_version >= 1);
