-- 0011 (PostgreSQL): as migrations/0011_showing_due.sql — when a step's showing falls
-- due for any process to claim (the process that saved it died before showing it), and
-- the player actions that step saved.
ALTER TABLE games ADD COLUMN showing_due BIGINT;
ALTER TABLE games ADD COLUMN showing_seq INTEGER;
CREATE INDEX games_showing_due ON games (showing_due) WHERE showing_due IS NOT NULL;
