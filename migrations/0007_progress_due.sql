-- 0007: when a game owes progress that no turn deadline covers (computer moves, or the
-- end of a game to record) after a step saved by a process that may die before doing
-- it. Any process claims a due one, as turn deadlines, and carries the game on.
ALTER TABLE games ADD COLUMN progress_due INTEGER;
CREATE INDEX games_progress_due ON games (progress_due) WHERE progress_due IS NOT NULL;
-- A channel's last finished game (/kachuful record without a number), found by any
-- process, not only the one that finished it.
CREATE INDEX games_by_channel ON games (channel_id, finished_at);
