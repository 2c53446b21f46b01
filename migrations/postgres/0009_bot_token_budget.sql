-- 0009 (PostgreSQL): as migrations/0009_bot_token_budget.sql — the bot token's send
-- schedule shared by every process: each reserves its next requests on this one row.
CREATE TABLE bot_token_budget (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    next_at DOUBLE PRECISION NOT NULL
);
INSERT INTO bot_token_budget (id, next_at) VALUES (1, 0);
