-- 0005: score pads — games played with real cards at a table, of which the bot keeps
-- only the score (`/kachuful scorepad`).
--
-- A pad is its rules + its entries (joins, guests, bids, trick counts, undos,
-- corrections…), each committed before anything is shown, so a restart folds them
-- back into the same pad. When the keeper finishes it, the pad becomes a finished row
-- of `games` with kind 'table' (its seed is never used: nothing is dealt), and its
-- results are written like any game's, marked table_game = 1. Guests have no user id,
-- so, like computer players, they never rank.
ALTER TABLE games
    ADD COLUMN kind TEXT NOT NULL DEFAULT 'online' CHECK (kind IN ('online', 'table'));
ALTER TABLE results
    ADD COLUMN table_game INTEGER NOT NULL DEFAULT 0 CHECK (table_game IN (0, 1));

CREATE TABLE score_pads (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    keeper_user_id INTEGER NOT NULL,
    rules          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(rules)),
    status         TEXT    NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'finished', 'cancelled')),
    created_at     INTEGER NOT NULL,
    finished_at    INTEGER,
    message_id     INTEGER,
    game_id        INTEGER REFERENCES games (id) ON DELETE SET NULL
);

-- One open pad per channel: its buttons and its sheet are the channel's.
CREATE UNIQUE INDEX score_pads_one_open_per_channel
    ON score_pads (channel_id) WHERE status = 'open';

CREATE TABLE score_pad_entries (
    pad_id INTEGER NOT NULL REFERENCES score_pads (id) ON DELETE CASCADE,
    seq    INTEGER NOT NULL CHECK (seq >= 0),
    entry  TEXT    NOT NULL CHECK (json_valid(entry)),
    PRIMARY KEY (pad_id, seq)
) WITHOUT ROWID;
