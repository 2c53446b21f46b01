-- 0014 (PostgreSQL): as migrations/0014_high_bids.sql — each result counts its seat's
-- high bids and high bids hit (engine.bid_kinds). Results stored before this keep 0:
-- their high bids were not counted then. Call Break results always hold 0.
ALTER TABLE results
    ADD COLUMN high_bids INTEGER NOT NULL DEFAULT 0
    CHECK (high_bids BETWEEN 0 AND deals_played);
ALTER TABLE results
    ADD COLUMN high_hits INTEGER NOT NULL DEFAULT 0
    CHECK (high_hits BETWEEN 0 AND high_bids);
