"""Building every cached asset ahead of time, so that no player waits for it."""

from __future__ import annotations

from engine.cards import DECK
from render.cards import (
    CARD_WIDTHS,
    HAND_CARD_WIDTH,
    back_tile,
    card_tile,
    dimmed_tile,
    glow_tile,
)
from render.encoding import look_palette
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import palette


def warm_up(options: RenderOptions = DEFAULT_OPTIONS) -> None:
    """Build every card face, back, dimmed face and glow the pictures use with
    ``options``, and the look's palette (about a second, once per process and look)."""
    colours = palette(options)
    for width in CARD_WIDTHS:
        back_tile(width)
        glow_tile(width, colours.gold)
        for card in DECK:
            card_tile(card, options.four_colour, width)
    for card in DECK:
        dimmed_tile(card, options.four_colour, HAND_CARD_WIDTH, colours.background)
    look_palette(options)
