"""Per-server settings (`/kachuful settings`) and per-person languages (`/kachuful language`)."""

from __future__ import annotations

from datetime import datetime

from bot.storage.backend import Backend
from bot.storage.errors import InvalidValue
from bot.storage.models import GuildSettings
from bot.storage.values import check_id, now_or
from i18n import is_language


async def guild_settings(db: Backend, guild_id: int) -> GuildSettings | None:
    """The server's saved settings, or ``None`` when its admins never chose any."""
    check_id("guild_id", guild_id)
    rows = await db.fetchall(
        "SELECT default_preset, turn_timeout, thread_mode, language FROM guild_settings "
        "WHERE guild_id = ?",
        (guild_id,),
        "reading server settings",
    )
    if not rows:
        return None
    preset, timeout, thread_mode, language = rows[0]
    # A language whose catalogue was since removed reads as "not chosen".
    chosen = str(language) if language is not None and is_language(str(language)) else None
    return GuildSettings(guild_id, str(preset), int(timeout), bool(thread_mode), chosen)


async def save_guild_settings(db: Backend, settings: GuildSettings, now: datetime | None) -> None:
    if not isinstance(settings, GuildSettings):
        raise InvalidValue(f"settings must be GuildSettings, not {settings!r}")
    await db.write(
        "INSERT INTO guild_settings (guild_id, default_preset, turn_timeout, thread_mode, "
        "language, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
        "default_preset = excluded.default_preset, turn_timeout = excluded.turn_timeout, "
        "thread_mode = excluded.thread_mode, language = excluded.language, "
        "updated_at = excluded.updated_at",
        (
            settings.guild_id,
            settings.default_preset,
            settings.turn_timeout,
            int(settings.thread_mode),
            settings.language,
            now_or(now),
        ),
        "saving server settings",
    )


async def player_language(db: Backend, user_id: int) -> str | None:
    """The language a person chose for what only they see, or ``None``."""
    check_id("user_id", user_id)
    rows = await db.fetchall(
        "SELECT language FROM player_languages WHERE user_id = ?", (user_id,),
        "reading a player's language",
    )
    if not rows or not is_language(str(rows[0][0])):
        return None
    return str(rows[0][0])


async def save_player_language(
    db: Backend, user_id: int, language: str | None, now: datetime | None
) -> None:
    """Remember a person's language; ``None`` forgets it (their client decides again)."""
    check_id("user_id", user_id)
    if language is None:
        await db.write("DELETE FROM player_languages WHERE user_id = ?", (user_id,),
                       "forgetting a player's language")
        return
    if not is_language(language):
        raise InvalidValue(f"no language called {language!r}")
    await db.write(
        "INSERT INTO player_languages (user_id, language, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, "
        "updated_at = excluded.updated_at",
        (user_id, language, now_or(now)),
        "saving a player's language",
    )
