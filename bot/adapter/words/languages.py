"""Whose language a message is in: the reader's choice, else their client's, else the server's.

What one person sees (DMs, ephemeral replies, their hand picture) follows that person:
their ``/kachuful language`` choice, else the locale their Discord client last sent
with an interaction, else the server's language. What a channel sees follows the
server: its ``/kachuful settings language:``, else its preferred locale when we have
that language, else English. The core never knows any of this: the adapter resolves
a language when it turns an effect or an answer into words.

Choices are read from storage once and kept here; the setters keep this copy and
storage in step (one bot process owns its database).
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.storage import Storage
from i18n import DEFAULT_LANGUAGE, Language, Words, from_locale, words_for

_UNREAD = object()


class LanguageBook:
    def __init__(self, storage: Storage, guild: Callable[[int], discord.Guild | None]) -> None:
        self._storage = storage
        self._guild = guild
        self._chosen: dict[int, Language | None] = {}
        self._servers: dict[int, Language | None] = {}
        self._client_locales: dict[int, Language] = {}

    # --- the server -----------------------------------------------------------------------

    async def server_language(self, guild_id: int | None) -> Language:
        if not guild_id:
            return DEFAULT_LANGUAGE
        chosen = self._servers.get(guild_id, _UNREAD)
        if chosen is _UNREAD:
            settings = await self._storage.settings.guild_settings(guild_id)
            chosen = self._servers[guild_id] = settings.language if settings else None
        if isinstance(chosen, str):
            return chosen
        guild = self._guild(guild_id)
        preferred = from_locale(str(guild.preferred_locale)) if guild is not None else None
        return preferred or DEFAULT_LANGUAGE

    async def server(self, guild_id: int | None) -> Words:
        return words_for(await self.server_language(guild_id))

    def server_chose(self, guild_id: int, language: Language | None) -> None:
        """The server's settings were saved with this language (``None``: its locale)."""
        self._servers[guild_id] = language

    # --- a person -------------------------------------------------------------------------

    def saw_client(self, user_id: int, locale: str | None) -> None:
        """An interaction showed this person's client locale: later DMs can follow it."""
        language = from_locale(locale)
        if language is not None:
            self._client_locales[user_id] = language

    async def person_language(self, user_id: int, guild_id: int | None) -> Language:
        if user_id not in self._chosen:
            self._chosen[user_id] = await self._storage.settings.player_language(user_id)
        chosen = self._chosen[user_id]
        if chosen is not None:
            return chosen
        return self._client_locales.get(user_id) or await self.server_language(guild_id)

    async def person(self, user_id: int, guild_id: int | None) -> Words:
        return words_for(await self.person_language(user_id, guild_id))

    async def asker(self, interaction: discord.Interaction) -> Words:
        """The words of whoever clicked or typed, for answers only they see."""
        self.saw_client(interaction.user.id, str(interaction.locale))
        return await self.person(interaction.user.id, interaction.guild_id)

    async def person_chose(self, user_id: int, language: Language | None) -> None:
        await self._storage.settings.save_player_language(user_id, language)
        self._chosen[user_id] = language

    def forget(self, user_id: int) -> None:
        """``/kachuful forget-me`` deleted the stored choice too."""
        self._chosen.pop(user_id, None)
        self._client_locales.pop(user_id, None)
