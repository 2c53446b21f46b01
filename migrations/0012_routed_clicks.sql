-- 0012: DM move clicks handed from shard 0's process (where Discord delivers every DM
-- click) to the process running the game's server; ``owner`` and ``routed_by`` are the
-- processes' member slots of the shard claims. Only PostgreSQL uses it (one SQLite
-- process routes nothing); the table keeps the versions in step.
CREATE TABLE routed_clicks (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL,
    owner     INTEGER NOT NULL,
    routed_by INTEGER NOT NULL,
    routed_at REAL    NOT NULL,
    payload   TEXT    NOT NULL
);
CREATE INDEX routed_clicks_by_owner ON routed_clicks (owner, id);
