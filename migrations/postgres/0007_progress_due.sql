-- 0007 (PostgreSQL): as migrations/0007_progress_due.sql — the moment a game's owed
-- progress (computer moves, recording its end) falls due for any process to claim.
ALTER TABLE games ADD COLUMN progress_due BIGINT;
CREATE INDEX games_progress_due ON games (progress_due) WHERE progress_due IS NOT NULL;
-- A channel's last finished game (/kachuful record without a number), found by any
-- process, not only the one that finished it.
CREATE INDEX games_by_channel ON games (channel_id, finished_at);
