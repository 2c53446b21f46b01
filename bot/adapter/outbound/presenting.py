"""What every effect handler shares: where a game's messages go (its channel, each
player's DM), in whose language, and how a message is edited or sent anew."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.adapter.outbound.delivery import Shows
from bot.adapter.outbound.discord_codes import UNKNOWN_MESSAGE
from bot.adapter.outbound.message_book import GameMessages, MessageBook
from bot.adapter.words.languages import LanguageBook
from bot.core import effects as fx
from bot.core.pad_effects import PadEffect
from bot.storage import Storage
from i18n import Words

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
USER_MENTIONS = discord.AllowedMentions(users=True)


def fingerprint(*parts: Any) -> int:
    text = json.dumps(parts, default=str, sort_keys=True)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def view_fingerprint(view: discord.ui.View | None) -> Any:
    return None if view is None else view.to_components()


class PresenterBase:
    def __init__(
        self, client: discord.Client, storage: Storage, book: MessageBook,
        thread_opened: Callable[[int, int], None], languages: LanguageBook,
    ) -> None:
        self._client = client
        self._languages = languages
        self._storage = storage
        self._book = book
        self._thread_opened = thread_opened

    pads: Shows | None = None
    """Shows the score pads' effects (set once the pads exist)."""

    async def show(self, game_id: int, effect: fx.Effect) -> None:
        if isinstance(effect, PadEffect):
            assert self.pads is not None
            await self.pads.show(game_id, effect)
            return
        messages = await self._book.of(game_id, effect.place.channel_id)
        if messages.channel_state == "gone" and not fx.shown_in_dm(effect):
            return
        seat = getattr(effect, "seat", None)
        if fx.shown_in_dm(effect) and seat in messages.dms_closed:
            if isinstance(effect, fx.PingTurn):
                effect = fx.PingTurn(effect.place, effect.game_id, effect.seat, effect.user_id,
                                     effect.doing, in_channel=True)
            elif not isinstance(effect, fx.TellPlayers):
                return
        handler = getattr(self, "_" + type(effect).__name__)
        await handler(game_id, messages, effect)

    # --- where things go ------------------------------------------------------------------

    def _channel(self, messages: GameMessages) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(messages.table_channel_id)

    def where(self, words: Words, place: fx.Place, messages: GameMessages | None = None) -> str:
        guild = self._client.get_guild(place.guild_id)
        channel_id = messages.table_channel_id if messages else place.table_channel_id
        channel = self._client.get_channel(channel_id)
        guild_name = guild.name if guild else words.t("your server")
        name = getattr(channel, "name", None)
        channel_name = f"#{name}" if name else words.t("the game")
        return f"**{guild_name}** · {channel_name}"

    async def _server(self, place: fx.Place) -> Words:
        return await self._languages.server(place.guild_id)

    async def _person(self, place: fx.Place, user_id: int) -> Words:
        return await self._languages.person(user_id, place.guild_id)

    async def _dm(self, game_id: int, messages: GameMessages, seat: int, user_id: int,
                  ) -> discord.PartialMessageable:
        channel_id = messages.dm_channels.get(seat)
        if channel_id is None:
            user = self._client.get_user(user_id) or await self._client.fetch_user(user_id)
            dm = user.dm_channel or await user.create_dm()
            channel_id = messages.dm_channels[seat] = dm.id
            await self._storage.update_seat(game_id, seat, dm_channel_id=dm.id)
        return self._client.get_partial_messageable(
            channel_id, type=discord.ChannelType.private)

    async def _edit_or_send(
        self, target: discord.PartialMessageable, message_id: int | None, **payload: Any,
    ) -> discord.Message:
        """Edit a message in place, or send it anew when it is gone (or never was)."""
        if message_id is not None:
            try:
                return await target.get_partial_message(message_id).edit(**payload)
            except discord.NotFound as exc:
                if exc.code != UNKNOWN_MESSAGE:
                    raise
        payload.pop("attachments", None)
        return await target.send(**payload)

    # --- the lobby and the start ----------------------------------------------------------
