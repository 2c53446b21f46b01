"""Small pieces several pictures share: sizes, pills, the trump badge, name labels."""

from __future__ import annotations

from typing import Final

from PIL import Image

from engine.cards import Suit
from i18n import Words
from render.canvas import draw_suit_chip, fill_rounded
from render.palette import RGB, Palette
from render.text import HAlign, draw_text, fit_text, text_width

# Type sizes in pixels. Discord shows a picture about 340 points wide on a phone, so
# a picture 700–900 px wide is shrunk to about 40–50 %: body text needs ~20 px.
TITLE: Final = 28
BODY: Final = 21
SMALL: Final = 17
TINY: Final = 15
PAD: Final = 20
"""The margin around every picture."""

PILL_HEIGHT: Final = 30


def pill_width(text: str, size: int = SMALL, bold: bool = True) -> int:
    return text_width(text, size, bold) + size


def draw_pill(
    canvas: Image.Image,
    x: int,
    cy: int,
    text: str,
    colours: tuple[RGB, RGB],
    *,
    size: int = SMALL,
    bold: bool = True,
    height: int = PILL_HEIGHT,
    align: HAlign = "l",
) -> int:
    """A rounded label with text; (x, cy) is its left/centre/right edge and middle.
    ``colours`` is (text, fill). Returns the pill's width."""
    width = pill_width(text, size, bold)
    left = x if align == "l" else (x - width // 2 if align == "m" else x - width)
    top = cy - height // 2
    fill_rounded(canvas, (left, top, left + width, top + height), height // 2, colours[1])
    draw_text(canvas, left + width / 2, cy, text, size, colours[0], bold=bold, align="m")
    return width


def trump_badge_width(trump: Suit | None, words: Words, size: int = SMALL) -> int:
    if trump is None:
        return pill_width(words.t("No trump"), size)
    return text_width(words.t("Trump"), size, True) + size + round(size * 1.5)


def draw_trump_badge(
    canvas: Image.Image,
    x: int,
    cy: int,
    trump: Suit | None,
    colours: Palette,
    four_colour: bool,
    words: Words,
    *,
    size: int = SMALL,
    height: int = PILL_HEIGHT,
) -> int:
    """A pill saying "Trump" with the suit on a white chip, or "No trump"; returns its width."""
    if trump is None:
        no_trump = words.t("No trump")
        return draw_pill(canvas, x, cy, no_trump, (colours.text, colours.panel_alt), size=size)
    width = trump_badge_width(trump, words, size)
    top = cy - height // 2
    fill_rounded(canvas, (x, top, x + width, top + height), height // 2, colours.gold)
    label_width = draw_text(
        canvas, x + size // 2 + 2, cy, words.t("Trump"), size, colours.on_gold, bold=True
    )
    chip = height - 8
    draw_suit_chip(canvas, trump, x + size // 2 + label_width + 6 + chip / 2, cy, chip, four_colour)
    return width


def fitted(text: str, size: int, bold: bool, max_width: int) -> str:
    return fit_text(text, size, bold, max(1, max_width))
