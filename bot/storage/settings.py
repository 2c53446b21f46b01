"""Per-server settings (`/kachuful settings`)."""

from __future__ import annotations

from datetime import datetime

from bot.storage.backend import Backend
from bot.storage.errors import InvalidValue
from bot.storage.models import GuildSettings
from bot.storage.values import check_id, now_or


async def guild_settings(db: Backend, guild_id: int) -> GuildSettings | None:
    """The server's saved settings, or ``None`` when its admins never chose any."""
    check_id("guild_id", guild_id)
    rows = await db.fetchall(
        "SELECT default_preset, turn_timeout, thread_mode FROM guild_settings WHERE guild_id = ?",
        (guild_id,),
        "reading server settings",
    )
    if not rows:
        return None
    preset, timeout, thread_mode = rows[0]
    return GuildSettings(guild_id, str(preset), int(timeout), bool(thread_mode))


async def save_guild_settings(db: Backend, settings: GuildSettings, now: datetime | None) -> None:
    if not isinstance(settings, GuildSettings):
        raise InvalidValue(f"settings must be GuildSettings, not {settings!r}")
    await db.write(
        "INSERT INTO guild_settings (guild_id, default_preset, turn_timeout, thread_mode, "
        "updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
        "default_preset = excluded.default_preset, turn_timeout = excluded.turn_timeout, "
        "thread_mode = excluded.thread_mode, updated_at = excluded.updated_at",
        (
            settings.guild_id,
            settings.default_preset,
            settings.turn_timeout,
            int(settings.thread_mode),
            now_or(now),
        ),
        "saving server settings",
    )
