-- 0010: what one process used to keep in memory alone, stored so that any process
-- acts on it. The deal whose hand a person looked at (blind bids: who looked may not
-- bid blind, whichever process takes the bid), and when an open lobby closes itself
-- for want of use (any process claims a due one and closes it).
ALTER TABLE seats ADD COLUMN looked_deal INTEGER;
ALTER TABLE games ADD COLUMN idle_due INTEGER;
CREATE INDEX games_idle_due ON games (idle_due) WHERE idle_due IS NOT NULL;
