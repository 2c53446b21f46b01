-- 0004 (PostgreSQL): as migrations/0004_due_deadlines.sql — due turn deadlines by one
-- index range; processes claim them with FOR UPDATE SKIP LOCKED.
CREATE INDEX seats_due ON seats (turn_deadline) WHERE turn_deadline IS NOT NULL;
