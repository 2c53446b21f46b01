-- 0003: languages. A server's admins may choose the language its channels see
-- (NULL: the server's own preferred locale, where we have it, else English), and each
-- person may choose the language of what only they see (DMs, their own replies).
ALTER TABLE guild_settings
    ADD COLUMN language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND 8);

CREATE TABLE player_languages (
    user_id    INTEGER PRIMARY KEY,
    language   TEXT    NOT NULL CHECK (length(language) BETWEEN 2 AND 8),
    updated_at INTEGER NOT NULL
);
