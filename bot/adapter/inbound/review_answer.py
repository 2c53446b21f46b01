"""``/kachuful review`` and the "Review" buttons: a player's own review, only to them."""

from __future__ import annotations

import asyncio
import logging

import discord

from ai.review import DealReview, ReviewError
from bot.adapter.inbound.parts import BotParts
from bot.adapter.inbound.replies import reply
from bot.adapter.outbound import pictures
from bot.adapter.outbound.reviews import ReviewBusy
from engine import CallBreakGame
from i18n import Words
from i18n.review_words import game_review_lines, review_lines
from render.review import render_bid_chart

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000


async def send_review(
    bot: BotParts, interaction: discord.Interaction, game_id: int, deal: int | None,
    *, whole_game: bool = False,
) -> None:
    """A deal's review (``deal`` None: the last finished one), or the whole game's."""
    words = await bot.languages.asker(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    found = await bot.records.review_table(game_id, interaction.user.id)
    if found is None:
        await reply(interaction, words.t("You didn't play in that game."))
        return
    game, seat, seats = found
    if isinstance(game, CallBreakGame):  # the reviews' model plays Kachuful only
        await reply(interaction, words.t("Reviews are for Kachuful games: Call Break has none "
                                         "yet."))
        return
    if not game.results():
        await reply(interaction, words.t("No deal of that game has finished yet."))
        return
    try:
        if whole_game:
            whole = await bot.reviews.game(game_id, game, seat, seats)
            await reply(interaction, _fit("\n".join(game_review_lines(words, whole))))
            return
        number = deal if deal is not None else game.results()[-1].number
        review = await bot.reviews.deal(game_id, game, number, seat, seats)
    except ReviewBusy:
        await reply(interaction, words.t(
            "I'm busy with other reviews right now: please ask again in a minute."))
        return
    except ReviewError:
        await reply(interaction, words.t("That deal isn't finished, or there is no such deal."))
        return
    text = _fit("\n".join(review_lines(words, review, game.players)))
    heading = words.t("Deal {number}", number=review.deal_number)
    chart = await asyncio.to_thread(_chart, review, heading, words)
    await interaction.followup.send(text, file=pictures.as_file(chart, "review.png"),
                                    ephemeral=True)


def _chart(review: DealReview, heading: str, words: Words) -> bytes:
    bid = review.bid
    return render_bid_chart(
        bid.trick_chances, [option.expected_points for option in bid.options], bid.bid,
        bid.best_bid, pictures.options_in(words), allowed=[option.legal for option in bid.options],
        heading=heading,
    )


def _fit(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"
