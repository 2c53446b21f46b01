-- 0003 (PostgreSQL): as migrations/0003_languages.sql — a server's chosen language
-- (NULL: its preferred locale, where we have it, else English) and each person's.
ALTER TABLE guild_settings
    ADD COLUMN language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND 8);

CREATE TABLE player_languages (
    user_id    BIGINT PRIMARY KEY,
    language   TEXT   NOT NULL CHECK (length(language) BETWEEN 2 AND 8),
    updated_at BIGINT NOT NULL
);
