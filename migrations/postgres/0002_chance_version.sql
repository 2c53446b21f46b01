-- 0002 (PostgreSQL): as migrations/0002_chance_version.sql — each game records the
-- version of the algorithm that turned its seed into cards; older games used version 1.
ALTER TABLE games
    ADD COLUMN chance_version INTEGER NOT NULL DEFAULT 1 CHECK (chance_version >= 1);
