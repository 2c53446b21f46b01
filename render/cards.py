"""Card pictures: faces, the back, dimmed faces and the winner's glow, as cached tiles.

A tile is an RGBA image of one card with a soft shadow around it, built once per
(card, deck colours, width) and reused by every picture, so a picture only pastes.
Faces are drawn four times larger and reduced (smooth pips and borders); the
corner index is drawn at final size, where hinting keeps it crisp.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.cards import Card, Suit
from render.blit import Box, overlay
from render.fonts import font, uses_freetype
from render.palette import (
    CARD_EDGE,
    CARD_FACE,
    COURT_GOLD,
    COURT_TINT,
    RGB,
    blend,
    suit_colour,
)
from render.shapes import SUPERSAMPLE, Point, Primitive, draw_primitives, draw_suit, suit_mask

ASPECT: Final = 1.4
"""Height over width of a card (poker cards are 63 × 88 mm)."""

# Card widths of the pictures, in one place: cached tiles are built per width.
HAND_CARD_WIDTH: Final = 96
TABLE_CARD_WIDTH: Final = 80
"""The trick on the table and the first-dealer draw."""
TURN_UP_CARD_WIDTH: Final = 44
CARD_WIDTHS: Final = (TURN_UP_CARD_WIDTH, TABLE_CARD_WIDTH, HAND_CARD_WIDTH)

JACK, QUEEN, KING, ACE = 9, 10, 11, 12

# Pip positions of the number cards: (column, row) with columns −1, 0, 1 and rows
# from 0 (top) to 1 (bottom); pips below the middle are drawn upside down.
_PIP_LAYOUTS: Final[dict[int, tuple[tuple[int, float], ...]]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: (
        (-1, 0),
        (1, 0),
        (-1, 1 / 3),
        (1, 1 / 3),
        (0, 0.5),
        (-1, 2 / 3),
        (1, 2 / 3),
        (-1, 1),
        (1, 1),
    ),
    10: (
        (-1, 0),
        (1, 0),
        (0, 1 / 6),
        (-1, 1 / 3),
        (1, 1 / 3),
        (-1, 2 / 3),
        (1, 2 / 3),
        (0, 5 / 6),
        (-1, 1),
        (1, 1),
    ),
}


@dataclass(frozen=True, slots=True)
class CardTile:
    """A card picture with its shadow; paste it with :meth:`paste` at the card's corner."""

    image: Image.Image
    margin: int
    """Shadow room around the card on every side."""
    width: int
    height: int

    def paste(self, canvas: Image.Image, x: int, y: int) -> None:
        overlay(canvas, self.image, x - self.margin, y - self.margin)


def card_height(width: int) -> int:
    return round(width * ASPECT)


def _radius(width: int) -> int:
    return max(3, round(width * 0.075))


def _margin(width: int) -> int:
    return max(3, round(width * 0.06))


@lru_cache(maxsize=32)
def _shadow(width: int) -> Image.Image:
    """The soft shadow under a card, as an alpha-only RGBA tile."""
    height, margin = card_height(width), _margin(width)
    alpha = Image.new("L", (width + 2 * margin, height + 2 * margin))
    offset = max(1, margin // 2)
    ImageDraw.Draw(alpha).rounded_rectangle(
        (margin, margin + offset, margin + width - 1, margin + height - 1 + offset),
        _radius(width),
        fill=110,
    )
    alpha = alpha.filter(ImageFilter.GaussianBlur(margin / 2))
    tile = Image.new("RGBA", alpha.size, (0, 0, 0, 0))
    tile.putalpha(alpha)
    return tile


def _blank_card(width: int, face: RGB, edge: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A supersampled card outline to draw a face or back on."""
    big_w, big_h = width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE
    image = Image.new("RGBA", (big_w, big_h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, big_w - 1, big_h - 1), _radius(width) * SUPERSAMPLE, fill=(*edge, 255)
    )
    border = SUPERSAMPLE  # one final pixel
    draw.rounded_rectangle(
        (border, border, big_w - 1 - border, big_h - 1 - border),
        _radius(width) * SUPERSAMPLE - border,
        fill=(*face, 255),
    )
    return image, draw


def _finish(width: int, big: Image.Image) -> CardTile:
    """Reduce a supersampled card and set it on its shadow."""
    card = big.reduce(SUPERSAMPLE)
    margin = _margin(width)
    tile = _shadow(width).copy()
    tile.alpha_composite(card, (margin, margin))
    return CardTile(tile, margin, width, card_height(width))


def _pip_geometry(width: int) -> tuple[float, float, float, float]:
    """Column spacing, top row, bottom row and pip half-size, in supersampled pixels."""
    w, h = width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE
    return 0.17 * w, 0.2 * h, 0.8 * h, 0.09 * w


def _draw_number_pips(
    draw: ImageDraw.ImageDraw, width: int, rank: int, suit: Suit, ink: RGB
) -> None:
    w = width * SUPERSAMPLE
    spacing, top, bottom, half = _pip_geometry(width)
    for column, row in _PIP_LAYOUTS[rank + 2]:
        centre = (w / 2 + column * spacing, top + (bottom - top) * row)
        draw_suit(draw, suit, centre, half, ink, flip=row > 0.5)


def _draw_ace(draw: ImageDraw.ImageDraw, width: int, suit: Suit, ink: RGB) -> None:
    w, h = width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE
    draw_suit(draw, suit, (w / 2, h / 2), 0.25 * w, ink)


def _court_emblem(rank: int) -> tuple[Primitive, ...]:
    """Crown for a king, tiara for a queen, shield for a jack (unit-box shapes)."""
    if rank == KING:
        crown: tuple[Point, ...] = (
            (-0.9, 0.7), (-0.95, -0.45), (-0.47, 0.05), (0.0, -0.75),
            (0.47, 0.05), (0.95, -0.45), (0.9, 0.7),
        )  # fmt: skip
        return (
            ("polygon", crown),
            ("ellipse", (-0.95, -0.55), 0.16),
            ("ellipse", (0.0, -0.85), 0.16),
            ("ellipse", (0.95, -0.55), 0.16),
        )
    if rank == QUEEN:
        tiara: tuple[Point, ...] = (
            (-0.9, 0.55), (-0.7, -0.1), (-0.35, 0.2), (0.0, -0.45),
            (0.35, 0.2), (0.7, -0.1), (0.9, 0.55),
        )  # fmt: skip
        return (
            ("polygon", tiara),
            ("ellipse", (0.0, -0.6), 0.22),
            ("ellipse", (-0.7, -0.22), 0.13),
            ("ellipse", (0.7, -0.22), 0.13),
        )
    shield: tuple[Point, ...] = (
        (-0.7, -0.75),
        (0.7, -0.75),
        (0.7, 0.05),
        (0.0, 0.85),
        (-0.7, 0.05),
    )
    return (("polygon", shield),)


def _draw_court(draw: ImageDraw.ImageDraw, width: int, rank: int, suit: Suit, ink: RGB) -> None:
    """A cream frame with the figure's emblem, its letter and its suit: a court card
    is told from a number card at a glance, even in the corner of one's eye."""
    w, h = width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE
    frame = (0.27 * w, 0.11 * h, 0.73 * w, 0.89 * h)
    line_width = max(SUPERSAMPLE, round(0.022 * w))
    draw.rounded_rectangle(frame, round(0.05 * w), fill=COURT_TINT, outline=ink, width=line_width)
    inset = line_width * 2.2
    draw.rounded_rectangle(
        (frame[0] + inset, frame[1] + inset, frame[2] - inset, frame[3] - inset),
        round(0.03 * w),
        outline=COURT_GOLD,
        width=max(1, line_width // 2),
    )
    emblem_centre = (w / 2, 0.27 * h)
    emblem = _court_emblem(rank)
    half = 0.14 * w
    # An ink outline under the gold: the emblem reads on the cream panel.
    draw_primitives(draw, emblem, emblem_centre, half * 1.12, ink)
    draw_primitives(draw, emblem, emblem_centre, half, COURT_GOLD)
    letter = {JACK: "J", QUEEN: "Q", KING: "K"}[rank]
    face = font(round(0.34 * w), bold=True)
    draw.text((w / 2, 0.53 * h), letter, fill=ink, font=face, anchor="mm")
    draw_suit(draw, suit, (w / 2, 0.75 * h), 0.1 * w, ink)


def _index_piece(width: int, rank_label: str, suit: Suit, ink: RGB) -> Image.Image:
    """The corner index (rank over a small suit), drawn at final size for crispness."""
    size = round(width * 0.26)
    column = round(width * 0.22)
    face = font(size, bold=True)
    x0, y0, x1, y1 = (int(v) for v in face.getbbox(rank_label, anchor="lt"))
    text = Image.new("L", (x1 - x0 + 2, y1 - y0 + 2))
    ImageDraw.Draw(text).text((1 - x0, 1 - y0), rank_label, fill=255, font=face, anchor="lt")
    if text.width > column:
        # "10" is squeezed like the condensed 10 of printed cards.
        text = text.resize((column, text.height), Image.Resampling.LANCZOS)
    pip_size = round(width * 0.17)
    gap = max(1, round(width * 0.03))
    piece = Image.new("RGBA", (column, text.height + gap + pip_size), (0, 0, 0, 0))
    piece.paste((*ink, 255), ((column - text.width) // 2, 0), text)
    pip = suit_mask(suit, pip_size)
    piece.paste((*ink, 255), ((column - pip_size) // 2, text.height + gap), pip)
    return piece


@lru_cache(maxsize=1024)
@uses_freetype
def card_tile(card: Card, four_colour: bool, width: int) -> CardTile:
    """The face of ``card`` at ``width`` pixels wide."""
    suit, rank = card.suit, card.rank
    ink = suit_colour(suit, four_colour)
    big, draw = _blank_card(width, CARD_FACE, CARD_EDGE)
    if rank == ACE:
        _draw_ace(draw, width, suit, ink)
    elif rank >= JACK:
        _draw_court(draw, width, rank, suit, ink)
    else:
        _draw_number_pips(draw, width, rank, suit, ink)
    tile = _finish(width, big)
    piece = _index_piece(width, card.rank_label, suit, ink)
    inset_x, inset_y = round(width * 0.025), round(width * 0.05)
    margin = tile.margin
    tile.image.alpha_composite(piece, (margin + inset_x, margin + inset_y))
    # The same index upside down in the opposite corner, as on a real card.
    turned = piece.transpose(Image.Transpose.ROTATE_180)
    right = margin + width - inset_x - turned.width
    bottom = margin + tile.height - inset_y - turned.height
    tile.image.alpha_composite(turned, (right, bottom))
    return tile


BACK_BLUE: Final[RGB] = (38, 52, 132)
BACK_LINE: Final[RGB] = (64, 82, 170)
BACK_GOLD: Final[RGB] = (236, 196, 92)


@lru_cache(maxsize=16)
def back_tile(width: int) -> CardTile:
    """The back of a card: a navy lattice with the four suits of the trump cycle."""
    big, draw = _blank_card(width, CARD_FACE, CARD_EDGE)
    w, h = big.size
    inset = round(0.07 * w)
    inner: Box = (inset, inset, w - inset, h - inset)
    panel = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    panel_draw = ImageDraw.Draw(panel)
    panel_draw.rectangle(inner, fill=BACK_BLUE)
    step = round(0.14 * w)
    line_width = max(1, round(0.012 * w))
    offset = -h
    while offset < w + h:
        panel_draw.line(((offset, 0), (offset + h, h)), fill=BACK_LINE, width=line_width)
        panel_draw.line(((offset + h, 0), (offset, h)), fill=BACK_LINE, width=line_width)
        offset += step
    mask = Image.new("L", (w, h))
    ImageDraw.Draw(mask).rounded_rectangle(inner, round(0.05 * w), fill=255)
    big.paste(panel, (0, 0), mask)
    cx, cy = w / 2, h / 2
    medallion = 0.3 * w
    draw.ellipse((cx - medallion, cy - medallion, cx + medallion, cy + medallion), fill=BACK_GOLD)
    ring = medallion - 0.04 * w
    draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), fill=BACK_BLUE)
    distance, half = 0.13 * w, 0.075 * w
    for suit, (dx, dy) in zip(Suit, ((0, -1), (1, 0), (0, 1), (-1, 0)), strict=True):
        draw_suit(draw, suit, (cx + dx * distance, cy + dy * distance), half, CARD_FACE)
    return _finish(width, big)


DIM: Final = 0.58
"""How far a card that can't be played now is faded towards the veil colour."""


def _veil(background: RGB) -> RGB:
    return blend(background, (128, 128, 128), 0.15)


def dimmed_colour(colour: RGB, background: RGB) -> RGB:
    """What ``colour`` on a card becomes on a dimmed card (exactly, as drawn)."""
    pixel = Image.blend(
        Image.new("RGB", (1, 1), colour), Image.new("RGB", (1, 1), _veil(background)), DIM
    )
    red, green, blue = pixel.getpixel((0, 0))  # type: ignore[misc]
    return (int(red), int(green), int(blue))


@lru_cache(maxsize=1024)
def dimmed_tile(card: Card, four_colour: bool, width: int, background: RGB) -> CardTile:
    """A face faded towards the background: a card that may not be played now."""
    tile = card_tile(card, four_colour, width)
    faded = tile.image.copy()
    alpha = faded.getchannel("A")
    veil = Image.new("RGBA", faded.size, (*_veil(background), 255))
    faded = Image.blend(faded, veil, DIM)
    faded.putalpha(alpha)
    return CardTile(faded, tile.margin, tile.width, tile.height)


@lru_cache(maxsize=32)
def glow_tile(width: int, colour: RGB) -> CardTile:
    """A halo to paste under a card: the trick's winning card, the first dealer's draw."""
    height = card_height(width)
    margin = max(6, round(width * 0.16))
    ring = max(3, round(width * 0.05))
    size = (width + 2 * margin, height + 2 * margin)
    # A solid ring hugging the card, and a soft blur of it spreading outwards.
    solid = Image.new("L", size)
    ImageDraw.Draw(solid).rounded_rectangle(
        (margin - ring, margin - ring, margin + width + ring - 1, margin + height + ring - 1),
        _radius(width) + ring,
        fill=255,
    )
    halo = solid.filter(ImageFilter.GaussianBlur(margin / 3))
    tile = Image.new("RGBA", size, (*colour, 0))
    tile.putalpha(ImageChops.lighter(halo, solid))
    return CardTile(tile, margin, width, height)
