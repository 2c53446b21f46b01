-- 0010 (PostgreSQL): as migrations/0010_shared_flags.sql — the deal whose hand a
-- person looked at, and when an open lobby closes itself, for any process to act on.
ALTER TABLE seats ADD COLUMN looked_deal INTEGER;
ALTER TABLE games ADD COLUMN idle_due BIGINT;
CREATE INDEX games_idle_due ON games (idle_due) WHERE idle_due IS NOT NULL;
