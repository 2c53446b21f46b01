"""Pictures for Discord: the pure renderers, run off the event loop.

Rendering is CPU work; ``asyncio.to_thread`` keeps a slow picture from stalling
other games' clicks. File names say what a picture is, never what it shows.
"""

from __future__ import annotations

import asyncio
import io

import discord

from bot.adapter.words.game_words import render_options
from bot.core.effects import ShowTrick
from engine.kinds import AnyView
from i18n import Words
from render.dealer_draw import render_dealer_draw
from render.hand import render_hand
from render.options import RenderOptions
from render.rating_chart import render_rating_chart
from render.scoresheet import render_score_sheet
from render.standings import render_final_standings
from render.trick import render_trick_won


def as_file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def options_in(words: Words) -> RenderOptions:
    """Pictures are drawn in the language of whoever they are shown to."""
    return RenderOptions(language=words.language)


async def hand_png(words: Words, view: AnyView) -> bytes:
    return await asyncio.to_thread(render_hand, view, options_in(words))


async def trick_file(words: Words, effect: ShowTrick) -> discord.File:
    png = await asyncio.to_thread(
        render_trick_won,
        effect.trick,
        list(effect.names),
        options_in(words),
        trump=effect.trump,
        deal_number=effect.deal_number,
        deal_count=effect.deal_count,
        hand_size=effect.hand_size,
    )
    return as_file(png, f"trick-{effect.deal_number}-{effect.trick.number}.png")


async def score_sheet_file(words: Words, view: AnyView, names: list[str]) -> discord.File:
    png = await asyncio.to_thread(
        render_score_sheet, names, view.results, render_options(words, view.rules),
        deal_count=view.deal_count
    )
    return as_file(png, f"scores-{len(view.results)}.png")


async def final_file(words: Words, view: AnyView, names: list[str]) -> discord.File:
    png = await asyncio.to_thread(
        render_final_standings, names, view.totals, render_options(words, view.rules),
        results=view.results
    )
    return as_file(png, "final-standings.png")


async def dealer_draw_file(words: Words, view: AnyView, names: list[str]) -> discord.File:
    first = view.first_dealer
    assert first is not None
    png = await asyncio.to_thread(
        render_dealer_draw, names, view.dealer_draws, first, options_in(words)
    )
    return as_file(png, "dealer-draw.png")


async def rating_chart_file(words: Words, history: list[float]) -> discord.File:
    png = await asyncio.to_thread(render_rating_chart, history, options_in(words))
    return as_file(png, "rating-history.png")
