"""Opening a lobby as the answer to ``/kachuful start`` or a Rematch click."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.adapter.inbound.parts import BotParts
from bot.adapter.inbound.replies import reply
from bot.adapter.words import controls
from bot.adapter.words.lobby_view import lobby_embed
from bot.core.effects import LobbySnapshot


async def open_lobby(
    bot: BotParts, interaction: discord.Interaction,
    opening: Callable[[int, int], Awaitable[LobbySnapshot]],
) -> None:
    """Open a lobby in this channel (``opening(guild_id, channel_id)``, the core's step)
    and post it as the interaction's answer."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    if bot.pads.in_channel(interaction.channel_id) is not None:
        # One table per channel: the pad's buttons and sheets would interleave with the
        # game's, and /kachuful record could not tell which game is meant.
        words = await bot.languages.asker(interaction)
        await reply(interaction, words.t("This channel has a score pad open: finish it first, "
                                         "or play the online game in another channel."))
        return
    await interaction.response.defer(thinking=True)
    lobby = await opening(interaction.guild_id, interaction.channel_id)
    words = await bot.languages.server(interaction.guild_id)
    message = await interaction.edit_original_response(
        embed=lobby_embed(words, lobby), view=controls.lobby_controls(words, lobby))
    await bot.book.lobby_posted(lobby.game_id, interaction.channel_id, message.id)
