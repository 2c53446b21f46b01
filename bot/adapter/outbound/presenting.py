"""What every effect handler shares (:class:`ShowContext`): where a game's messages go
(its channel, each player's DM), in whose language, and how a message is edited or sent anew."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord

from bot.adapter.outbound.interaction_tokens import InteractionTokens
from bot.adapter.outbound.message_book import GameMessages, MessageBook
from bot.adapter.outbound.reports import Reports
from bot.adapter.outbound.review_summary import FinalSummaries
from bot.adapter.words.languages import LanguageBook
from bot.core import effects as fx
from i18n import Words

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
USER_MENTIONS = discord.AllowedMentions(users=True)


def fingerprint(*parts: Any) -> int:
    text = json.dumps(parts, default=str, sort_keys=True)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def view_fingerprint(view: discord.ui.View | None) -> Any:
    return None if view is None else view.to_components()


async def send_direct(client: discord.Client, user_id: int, text: str) -> None:
    """A DM to a person the bot may not have cached."""
    user = client.get_user(user_id) or await client.fetch_user(user_id)
    await user.send(text)


class ShowContext:
    """What every effect handler shares: the client, the words, the message book."""

    def __init__(
        self, client: discord.Client, book: MessageBook,
        reports: Reports, languages: LanguageBook,
        summaries: FinalSummaries | None = None, tokens: InteractionTokens | None = None,
    ) -> None:
        self.client = client
        self.languages = languages
        self.book = book
        self.reports = reports
        """Where what the core must learn is reported (a game moved into its thread)."""
        self.summaries = summaries
        """Adds the game's review summary to the final DMs."""
        self.tokens = tokens if tokens is not None else InteractionTokens()
        """People's latest click tokens: they edit a hand message before the bot token does."""

    # --- where things go ------------------------------------------------------------------

    def channel(self, messages: GameMessages) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(messages.table_channel_id)

    def where(self, words: Words, place: fx.Place, messages: GameMessages | None = None) -> str:
        guild = self.client.get_guild(place.guild_id)
        channel_id = messages.table_channel_id if messages else place.table_channel_id
        channel = self.client.get_channel(channel_id)
        guild_name = guild.name if guild else words.t("your server")
        name = getattr(channel, "name", None)
        channel_name = f"#{name}" if name else words.t("the game")
        return f"**{guild_name}** · {channel_name}"

    async def server(self, place: fx.Place) -> Words:
        return await self.languages.server(place.guild_id)

    async def person(self, place: fx.Place, user_id: int) -> Words:
        return await self.languages.person(user_id, place.guild_id)

    async def dm(self, game_id: int, messages: GameMessages, seat: int, user_id: int,
                  ) -> discord.PartialMessageable:
        channel_id = messages.dm_channels.get(seat)
        if channel_id is None:
            channel_id = await self.book.dm_channels.of(user_id)
            if channel_id is None:
                # Straight from the id: no request to fetch the person first.
                channel_id = (await self.client.create_dm(discord.Object(user_id))).id
            await self.book.dm_opened(game_id, messages, seat, user_id, channel_id)
        return self.client.get_partial_messageable(
            channel_id, type=discord.ChannelType.private)

    # --- the lobby and the start ----------------------------------------------------------
