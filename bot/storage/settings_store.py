"""Server settings and each person's chosen language (``storage.settings``)."""

from __future__ import annotations

from datetime import datetime

from bot.storage import (
    guild_settings,
)
from bot.storage.backend import Backend
from bot.storage.models import (
    GuildSettings,
)


class SettingsStore:
    def __init__(self, db: Backend) -> None:
        self._db = db

    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        return await guild_settings.guild_settings(self._db, guild_id)

    async def save_guild_settings(self, new: GuildSettings, *, now: datetime | None = None) -> None:
        await guild_settings.save_guild_settings(self._db, new, now)

    async def player_language(self, user_id: int) -> str | None:
        return await guild_settings.player_language(self._db, user_id)

    async def save_player_language(
        self, user_id: int, language: str | None, *, now: datetime | None = None
    ) -> None:
        await guild_settings.save_player_language(self._db, user_id, language, now)
