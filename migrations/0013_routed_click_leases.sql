-- 0013: a routed click's claim is a lease, not a delete: ``claimed_by`` (the claimer's
-- member slot) and ``claimed_at`` (seconds since the epoch, the database's clock). The
-- row goes once its click is made; a lease its claimer left to run out (it died) is
-- claimed again. Only PostgreSQL uses it; the table keeps the versions in step.
ALTER TABLE routed_clicks ADD COLUMN claimed_at REAL;
ALTER TABLE routed_clicks ADD COLUMN claimed_by INTEGER;
