"""Opening a lobby as the answer to ``/kachuful start`` or a Rematch click."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.adapter.inbound.replies import reply
from bot.adapter.words import controls
from bot.adapter.words.lobby_view import lobby_embed
from bot.core.seats import SeatState
from bot.core.snapshots import lobby_snapshot
from engine import Rules

if TYPE_CHECKING:
    from bot.adapter.inbound.parts import BotParts


async def open_lobby(
    bot: BotParts,
    interaction: discord.Interaction,
    rules: Rules,
    *,
    target_players: int | None,
    turn_timeout: int,
    rematch_of: int | None = None,
    seats: Sequence[SeatState] = (),
) -> None:
    """Create the lobby in this channel and post it as the interaction's answer."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    if bot.pads.in_channel(interaction.channel_id) is not None:
        # One table per channel: the pad's buttons and sheets would interleave with the
        # game's, and /kachuful record could not tell which game is meant.
        words = await bot.languages.asker(interaction)
        await reply(interaction, words.t("This channel has a score pad open: finish it first, "
                                         "or play the online game in another channel."))
        return
    await interaction.response.defer(thinking=True)
    session = await bot.service.lobbies.open(
        guild_id=interaction.guild_id, channel_id=interaction.channel_id,
        host_id=interaction.user.id, host_name=interaction.user.display_name, rules=rules,
        target_players=target_players, turn_timeout=turn_timeout, rematch_of=rematch_of,
        seats=seats,
    )
    lobby = lobby_snapshot(session, "open")
    words = await bot.languages.server(interaction.guild_id)
    message = await interaction.edit_original_response(
        embed=lobby_embed(words, lobby), view=controls.lobby_controls(words, lobby))
    messages = bot.book.start(session.game_id, interaction.channel_id)
    messages.lobby_message_id = message.id
    await bot.storage.update_game_messages(session.game_id, lobby_message_id=message.id)
