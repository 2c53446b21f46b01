-- 0004: turn deadlines that fall due are found by one index range (claim_due_deadlines
-- polls them every few seconds), not a scan of every seat ever played.
CREATE INDEX seats_due ON seats (turn_deadline) WHERE turn_deadline IS NOT NULL;
