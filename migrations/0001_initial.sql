-- 0001: the first schema of kachuful-bot's database.
--
-- Applied by bot/storage/migrations.py inside one transaction, which then sets
-- PRAGMA user_version = 1. Never edit a migration once released: add the next number.
--
-- Conventions: times are Unix seconds (UTC); Discord ids (snowflakes) are INTEGER;
-- booleans are 0/1; JSON columns are checked with json_valid.

-- One row per game, from lobby to its end. A game is rules + seed + its actions, so
-- these columns plus `seats` and `actions` rebuild it exactly; the message ids let
-- the bot pick the game up again after a restart.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    host_user_id     INTEGER,
    rules            TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(rules)),
    seed             TEXT    NOT NULL CHECK (length(seed) = 64),
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'active', 'finished', 'cancelled', 'abandoned')),
    created_at       INTEGER NOT NULL,
    started_at       INTEGER,
    finished_at      INTEGER,
    turn_timeout     INTEGER NOT NULL CHECK (turn_timeout BETWEEN 15 AND 86400),
    lobby_message_id INTEGER,
    table_message_id INTEGER,
    bot_state        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(bot_state)),
    rematch_of       INTEGER REFERENCES games (id) ON DELETE SET NULL
);

-- One game per channel at a time: the database enforces it, not only the bot.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_guild ON games (guild_id, created_at);

-- The seats of a game, clockwise. A human has a user_id; a computer player has a
-- computer_level (a human who left keeps the user_id and gets the level of the
-- computer that replaced them). The name is the one shown when the game was played.
CREATE TABLE seats (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
    user_id        INTEGER,
    computer_level TEXT,
    display_name   TEXT    NOT NULL CHECK (length(display_name) BETWEEN 1 AND 100),
    dms_closed     INTEGER NOT NULL DEFAULT 0 CHECK (dms_closed IN (0, 1)),
    autoplay       INTEGER NOT NULL DEFAULT 0 CHECK (autoplay IN (0, 1)),
    missed_turns   INTEGER NOT NULL DEFAULT 0 CHECK (missed_turns >= 0),
    left_game      INTEGER NOT NULL DEFAULT 0 CHECK (left_game IN (0, 1)),
    dm_channel_id  INTEGER,
    dm_message_id  INTEGER,
    turn_deadline  INTEGER,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- Every accepted player action (bid or card) in order; chance (the dealer draw and
-- the deals) is re-derived from the seed. `seq` counts player actions from 0.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 0),
    action  TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- One row per seat of a finished game (user_id NULL: a computer player). guild_id and
-- finished_at copy the game's so that a period's leaderboard reads one index range.
CREATE TABLE results (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    finished_at  INTEGER NOT NULL,
    user_id      INTEGER,
    total        INTEGER NOT NULL,
    place        INTEGER NOT NULL CHECK (place >= 1),
    won          INTEGER NOT NULL CHECK (won IN (0, 1)),
    shared_win   INTEGER NOT NULL CHECK (shared_win IN (0, 1)),
    deals_played INTEGER NOT NULL CHECK (deals_played >= 0),
    bids_hit     INTEGER NOT NULL CHECK (bids_hit BETWEEN 0 AND deals_played),
    zero_bids    INTEGER NOT NULL CHECK (zero_bids BETWEEN 0 AND deals_played),
    zero_hits    INTEGER NOT NULL CHECK (zero_hits BETWEEN 0 AND zero_bids),
    hooked       INTEGER NOT NULL CHECK (hooked BETWEEN 0 AND deals_played),
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- Last 30 / 7 days leaderboards: a range of this index, no table lookups.
CREATE INDEX results_recent
    ON results (guild_id, finished_at, user_id, won, total, deals_played, bids_hit)
    WHERE user_id IS NOT NULL;
-- Forget-me.
CREATE INDEX results_by_user ON results (user_id) WHERE user_id IS NOT NULL;

-- A player's running totals in one server, added to as each game finishes: the
-- all-time leaderboard and the stats read these few rows instead of every result.
-- display_name is the name the player last played under there.
CREATE TABLE player_totals (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    last_played  INTEGER NOT NULL,
    games        INTEGER NOT NULL CHECK (games >= 1),
    wins         INTEGER NOT NULL CHECK (wins BETWEEN 0 AND games),
    shared_wins  INTEGER NOT NULL CHECK (shared_wins BETWEEN 0 AND wins),
    points       INTEGER NOT NULL,
    best         INTEGER NOT NULL,
    deals        INTEGER NOT NULL CHECK (deals >= 0),
    hits         INTEGER NOT NULL CHECK (hits BETWEEN 0 AND deals),
    zero_bids    INTEGER NOT NULL CHECK (zero_bids BETWEEN 0 AND deals),
    zero_hits    INTEGER NOT NULL CHECK (zero_hits BETWEEN 0 AND zero_bids),
    hooked       INTEGER NOT NULL CHECK (hooked BETWEEN 0 AND deals),
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX player_totals_by_user ON player_totals (user_id);

-- Bid accuracy by hand size, counted per player and server as games finish (a
-- per-deal table would be ~25 rows per player per game; these counters stay small).
CREATE TABLE hand_accuracy (
    user_id   INTEGER NOT NULL,
    guild_id  INTEGER NOT NULL,
    hand_size INTEGER NOT NULL CHECK (hand_size BETWEEN 1 AND 17),
    deals     INTEGER NOT NULL CHECK (deals >= 0),
    hits      INTEGER NOT NULL CHECK (hits BETWEEN 0 AND deals),
    PRIMARY KEY (user_id, guild_id, hand_size)
) WITHOUT ROWID;

CREATE INDEX hand_accuracy_by_guild ON hand_accuracy (guild_id);

-- Per-server settings chosen by its admins (`/kachuful settings`).
CREATE TABLE guild_settings (
    guild_id       INTEGER PRIMARY KEY,
    default_preset TEXT    NOT NULL DEFAULT 'classic',
    turn_timeout   INTEGER NOT NULL CHECK (turn_timeout BETWEEN 15 AND 86400),
    thread_mode    INTEGER NOT NULL DEFAULT 0 CHECK (thread_mode IN (0, 1)),
    updated_at     INTEGER NOT NULL
);
