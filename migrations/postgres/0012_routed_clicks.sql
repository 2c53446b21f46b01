-- 0012 (PostgreSQL): as migrations/0012_routed_clicks.sql — DM move clicks that shard
-- 0's process (where Discord delivers every DM click) hands to the process running the
-- game's server. The owner claims its rows (DELETE … SKIP LOCKED); a row unclaimed for
-- a second is taken back by the process that routed it.
CREATE TABLE routed_clicks (
    id        BIGSERIAL PRIMARY KEY,
    game_id   BIGINT           NOT NULL,
    owner     INTEGER          NOT NULL,
    routed_by INTEGER          NOT NULL,
    routed_at DOUBLE PRECISION NOT NULL,
    payload   TEXT             NOT NULL CHECK (payload::json IS NOT NULL)
);
CREATE INDEX routed_clicks_by_owner ON routed_clicks (owner, id);
