"""Pictures for Discord: the pure renderers, run off the event loop.

Rendering is CPU work; ``asyncio.to_thread`` keeps a slow picture from stalling
other games' clicks.
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord

from engine import Game, SeatView, TrickWon
from render.dealer_draw import render_dealer_draw
from render.hand import render_hand
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.scoresheet import render_score_sheet
from render.standings import render_final_standings
from render.trick import render_trick_won

if TYPE_CHECKING:
    from bot.gameplay import DealContext


def as_file(png: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


async def hand_file(view: SeatView, options: RenderOptions = DEFAULT_OPTIONS) -> discord.File:
    return as_file(await asyncio.to_thread(render_hand, view, options), "hand.png")


async def trick_file_for(
    context: DealContext, names: list[str], trick: TrickWon
) -> discord.File:
    png = await asyncio.to_thread(
        render_trick_won,
        trick,
        names,
        DEFAULT_OPTIONS,
        trump=context.trump,
        deal_number=context.number,
        deal_count=context.count,
        hand_size=context.hand_size,
    )
    return as_file(png, f"trick-{context.number}-{trick.number}.png")


async def score_sheet_file(game: Game, names: list[str]) -> discord.File:
    png = await asyncio.to_thread(
        render_score_sheet, names, game.results(), DEFAULT_OPTIONS, deal_count=game.deal_count
    )
    return as_file(png, f"scores-{game.deal_number}.png")


async def final_file(game: Game, names: list[str]) -> discord.File:
    png = await asyncio.to_thread(
        render_final_standings, names, game.totals(), DEFAULT_OPTIONS, results=game.results()
    )
    return as_file(png, "final-standings.png")


async def dealer_draw_file(game: Game, names: list[str]) -> discord.File:
    first = game.first_dealer
    assert first is not None
    png = await asyncio.to_thread(
        render_dealer_draw, names, game.dealer_draws, first, DEFAULT_OPTIONS
    )
    return as_file(png, "dealer-draw.png")
