-- 0009: the bot token's send schedule, shared by every process of the bot: the moment
-- (seconds since 1970) from which the next request may go. Only PostgreSQL uses it (one
-- SQLite process keeps its schedule in memory); the table keeps the versions in step.
CREATE TABLE bot_token_budget (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    next_at REAL NOT NULL
);
INSERT INTO bot_token_budget (id, next_at) VALUES (1, 0);
