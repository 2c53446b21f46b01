-- 0013 (PostgreSQL): as migrations/0013_routed_click_leases.sql — claiming a routed
-- click leases it (``claimed_by``, ``claimed_at`` by the database's clock) instead of
-- deleting it; the row is deleted once the click is made, and a lease left to run out
-- (its claimer died) is claimed again, so a claimed click is never lost.
ALTER TABLE routed_clicks ADD COLUMN claimed_at DOUBLE PRECISION;
ALTER TABLE routed_clicks ADD COLUMN claimed_by INTEGER;
