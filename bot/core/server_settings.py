"""A server's defaults as its admins chose them, and who may change them.

The core decides permissions from the :class:`~bot.core.actors.Actor` (the adapter
only reports whether Discord says the person manages the server)."""

from __future__ import annotations

from bot.core.actors import Actor
from bot.core.refusals import Refusal
from bot.storage import GuildSettings, Storage


class ServerSettings:
    def __init__(self, storage: Storage, default_turn_timeout: int) -> None:
        self._storage = storage
        self._default_turn_timeout = default_turn_timeout

    async def of(self, guild_id: int) -> GuildSettings:
        """The server's settings, the bot's defaults where it chose none."""
        found = await self._storage.settings.guild_settings(guild_id)
        return found or GuildSettings(guild_id=guild_id,
                                      turn_timeout=self._default_turn_timeout)

    async def thread_mode(self, guild_id: int) -> bool:
        return (await self.of(guild_id)).thread_mode

    def check_change(self, actor: Actor) -> None:
        """Only someone who manages the server sees or changes its settings."""
        if not actor.is_manager:
            raise Refusal("only_managers_change_settings")

    async def change(
        self, actor: Actor, guild_id: int, *, preset: str | None = None,
        turn_timeout: int | None = None, thread_mode: bool | None = None,
        language: str | None = None,
    ) -> GuildSettings:
        """Save what the manager chose (the rest as it was); returns the new settings."""
        self.check_change(actor)
        current = await self.of(guild_id)
        new = GuildSettings(
            guild_id=guild_id,
            default_preset=preset or current.default_preset,
            turn_timeout=turn_timeout or current.turn_timeout,
            thread_mode=current.thread_mode if thread_mode is None else thread_mode,
            language=language or current.language,
        )
        await self._storage.settings.save_guild_settings(new)
        return new
