"""Colours: one palette per theme, and the suit colours of the two- and four-colour decks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.cards import Suit
from render.options import RenderOptions, Theme

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Palette:
    background: RGB
    """The picture's background: Discord's own chat colour, so pictures sit flush."""
    panel: RGB
    """Cards of information (rows, boxes) on the background."""
    panel_alt: RGB
    """Every other row of a table, for the eye to follow a line."""
    line: RGB
    text: RGB
    muted: RGB
    accent: RGB
    """Whose turn it is; legal choices."""
    on_accent: RGB
    gold: RGB
    """Winners, leaders and the winning card."""
    on_gold: RGB
    good: RGB
    """A bid hit."""
    bad: RGB
    """A bid missed; the dealer's forbidden bid."""
    good_tint: RGB
    bad_tint: RGB
    gold_tint: RGB
    felt: RGB
    felt_edge: RGB
    felt_text: RGB


_DARK: Final = Palette(
    background=(49, 51, 56),
    panel=(43, 45, 49),
    panel_alt=(56, 58, 64),
    line=(78, 80, 88),
    text=(242, 243, 245),
    muted=(181, 186, 193),
    accent=(88, 101, 242),
    on_accent=(255, 255, 255),
    gold=(240, 178, 50),
    on_gold=(35, 28, 10),
    good=(35, 165, 90),
    bad=(242, 63, 67),
    good_tint=(36, 72, 54),
    bad_tint=(84, 44, 48),
    gold_tint=(84, 70, 38),
    felt=(24, 94, 64),
    felt_edge=(14, 62, 42),
    felt_text=(214, 240, 225),
)

_LIGHT: Final = Palette(
    background=(255, 255, 255),
    panel=(242, 243, 245),
    panel_alt=(232, 234, 237),
    line=(210, 213, 218),
    text=(6, 6, 7),
    muted=(78, 80, 88),
    accent=(88, 101, 242),
    on_accent=(255, 255, 255),
    gold=(200, 132, 0),
    on_gold=(255, 255, 255),
    good=(26, 138, 72),
    bad=(218, 46, 52),
    good_tint=(214, 240, 224),
    bad_tint=(250, 220, 222),
    gold_tint=(252, 236, 196),
    felt=(46, 133, 92),
    felt_edge=(30, 104, 70),
    felt_text=(236, 250, 242),
)

_PALETTES: Final[dict[Theme, Palette]] = {"dark": _DARK, "light": _LIGHT}

CARD_FACE: Final[RGB] = (250, 250, 247)
CARD_EDGE: Final[RGB] = (196, 198, 204)
COURT_TINT: Final[RGB] = (250, 238, 205)
"""The cream panel that sets court cards apart from pip cards at a glance."""
COURT_GOLD: Final[RGB] = (214, 160, 40)
SILVER: Final[RGB] = (192, 198, 207)
BRONZE: Final[RGB] = (205, 138, 79)
MEDAL_INK: Final[RGB] = (35, 28, 10)
"""Second and third places' medals, and the numbers on them."""

# Suit colours stay the same on both themes: suits are always drawn on white (a card
# face or a small white suit chip), so their meaning never depends on the background.
_TWO_COLOUR: Final[tuple[RGB, ...]] = (
    (28, 28, 34),  # ♠
    (206, 32, 41),  # ♦
    (28, 28, 34),  # ♣
    (206, 32, 41),  # ♥
)
_FOUR_COLOUR: Final[tuple[RGB, ...]] = (
    (28, 28, 34),  # ♠ black
    (22, 94, 196),  # ♦ blue
    (24, 128, 56),  # ♣ green
    (206, 32, 41),  # ♥ red
)


def palette(options: RenderOptions) -> Palette:
    return _PALETTES[options.theme]


def suit_colour(suit: Suit, four_colour: bool) -> RGB:
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


def blend(a: RGB, b: RGB, amount: float) -> RGB:
    """``a`` moved ``amount`` (0..1) of the way towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )
