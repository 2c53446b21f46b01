-- 0011: a step's showing is owed until its delivery reports it shown. Written in the
-- transaction of the move, start or timeout that creates the obligation; cleared when
-- the delivery reports that step (or a later one) shown. A process that dies between
-- the commit and the delivery leaves the mark: any process claims a due one (or, on
-- SQLite, the restarted bot finds it) and shows the table and the hands to move.
-- showing_seq: the player actions saved by that step; a report of an earlier step
-- does not clear the mark of a later one.
ALTER TABLE games ADD COLUMN showing_due INTEGER;
ALTER TABLE games ADD COLUMN showing_seq INTEGER;
CREATE INDEX games_showing_due ON games (showing_due) WHERE showing_due IS NOT NULL;
