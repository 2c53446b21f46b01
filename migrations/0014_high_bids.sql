-- 0014: each result counts its seat's high bids (more than an even share of the deal's
-- tricks, engine.bid_kinds) and how many of them were hit, beside its zero bids, so a
-- deal review reads a person's record kind by kind. Results stored before this keep 0:
-- their high bids were not counted then (recounting would replay every stored game).
-- Call Break results always hold 0 (a call is never zero and "made" is not "hit").
ALTER TABLE results
    ADD COLUMN high_bids INTEGER NOT NULL DEFAULT 0
    CHECK (high_bids BETWEEN 0 AND deals_played);
ALTER TABLE results
    ADD COLUMN high_hits INTEGER NOT NULL DEFAULT 0
    CHECK (high_hits BETWEEN 0 AND high_bids);
