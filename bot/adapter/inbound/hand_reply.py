"""A person's hand shown only to them: "My hand" and ``/kachuful hand``."""

from __future__ import annotations

import logging

import discord

from bot.adapter.inbound.parts import BotParts
from bot.adapter.outbound import pictures
from bot.adapter.outbound.calls import best_effort
from bot.adapter.words import controls
from bot.adapter.words.custom_ids import DealReviewButton
from bot.adapter.words.hand_text import hand_picture_key, hand_text
from bot.core.effects import HandSnapshot
from i18n import Words

log = logging.getLogger(__name__)


async def _payload(
    bot: BotParts, words: Words, game_id: int, seat: int, hand: HandSnapshot
) -> tuple[str, list[discord.File], discord.ui.View]:
    place = bot.service.place(game_id)
    where = bot.presenter.context.where(words, place) if place is not None else words.t("your game")
    files: list[discord.File] = []
    if hand_picture_key(hand) is not None:
        files.append(pictures.as_file(await pictures.hand_png(words, hand.view), "hand.png"))
    view = controls.hand_controls(words, game_id, seat, hand)
    finished = hand.view.results
    if finished and len(view.children) < controls.MAX_ITEMS:
        # "My hand" stands in for the DM of a person whose DMs are closed: it offers the
        # review of the last finished deal, as that DM would.
        view.add_item(controls.button(
            DealReviewButton(game_id, finished[-1].number).encode(),
            words.t("Review the last deal"), row=controls.MAX_ROWS - 1))
    return hand_text(words, hand, where), files, view


async def send_hand(bot: BotParts, interaction: discord.Interaction, game_id: int) -> None:
    """The hand with its controls, only for the asker."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    seat, hand = await bot.service.hand_of(game_id, interaction.user.id)
    words = await bot.languages.asker(interaction)
    content, files, view = await _payload(bot, words, game_id, seat, hand)
    await interaction.followup.send(content, files=files, view=view, ephemeral=True)


async def update_ephemeral_hand(
    bot: BotParts, interaction: discord.Interaction, game_id: int, seat: int,
    hand: HandSnapshot,
) -> None:
    """A click in an ephemeral "My hand" message updates that message."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return
    words = await bot.languages.asker(interaction)
    content, files, view = await _payload(bot, words, game_id, seat, hand)
    await best_effort("ephemeral hand not refreshed", interaction.edit_original_response(
        content=content, attachments=files, view=view))
