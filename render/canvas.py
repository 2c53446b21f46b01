"""Drawing helpers shared by every picture: canvases, rounded boxes, badges, marks."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from engine.cards import Suit
from render.blit import Box, fill, fill_through
from render.palette import CARD_FACE, RGB, suit_colour
from render.shapes import Mark, corner_mask, disc_mask, mark_mask, suit_mask


def new_canvas(width: int, height: int, colour: RGB) -> Image.Image:
    return Image.new("RGB", (width, height), colour)


@lru_cache(maxsize=128)
def _corners(radius: int) -> tuple[Image.Image, Image.Image, Image.Image, Image.Image]:
    """Top-left, top-right, bottom-left and bottom-right corner masks of ``radius``."""
    corner = corner_mask(radius)
    return (
        corner,
        corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
        corner.transpose(Image.Transpose.FLIP_TOP_BOTTOM),
        corner.transpose(Image.Transpose.ROTATE_180),
    )


def fill_rounded(canvas: Image.Image, box: Box, radius: int, colour: RGB) -> None:
    """A filled box with antialiased rounded corners, drawn over what is there."""
    left, top, right, bottom = box
    radius = max(0, min(radius, (right - left) // 2, (bottom - top) // 2))
    if radius == 0:
        fill(canvas, box, colour)
        return
    fill(canvas, (left + radius, top, right - radius, bottom), colour)
    fill(canvas, (left, top + radius, left + radius, bottom - radius), colour)
    fill(canvas, (right - radius, top + radius, right, bottom - radius), colour)
    top_left, top_right, bottom_left, bottom_right = _corners(radius)
    fill_through(canvas, left, top, colour, top_left)
    fill_through(canvas, right - radius, top, colour, top_right)
    fill_through(canvas, left, bottom - radius, colour, bottom_left)
    fill_through(canvas, right - radius, bottom - radius, colour, bottom_right)


def ring_rounded(
    canvas: Image.Image, box: Box, radius: int, colour: RGB, width: int, inside: RGB
) -> None:
    """A rounded box with a ``width``-pixel border of ``colour`` around ``inside``."""
    fill_rounded(canvas, box, radius, colour)
    left, top, right, bottom = box
    inner = (left + width, top + width, right - width, bottom - width)
    fill_rounded(canvas, inner, max(0, radius - width), inside)


def paste_mask(canvas: Image.Image, mask: Image.Image, x: int, y: int, colour: RGB) -> None:
    fill_through(canvas, x, y, colour, mask)


def draw_disc(canvas: Image.Image, cx: float, cy: float, radius: int, colour: RGB) -> None:
    paste_mask(canvas, disc_mask(radius), round(cx) - radius, round(cy) - radius, colour)


def draw_mark(
    canvas: Image.Image, mark: Mark, cx: float, cy: float, size: int, colour: RGB
) -> None:
    """A mark (✓ ✗ crown ▶ ★) of ``size`` pixels centred on (cx, cy)."""
    paste_mask(canvas, mark_mask(mark, size), round(cx - size / 2), round(cy - size / 2), colour)


def draw_pip(
    canvas: Image.Image, suit: Suit, cx: float, cy: float, size: int, four_colour: bool
) -> None:
    """A bare suit shape in its deck colour (for use on white)."""
    mask = suit_mask(suit, size)
    paste_mask(
        canvas, mask, round(cx - size / 2), round(cy - size / 2), suit_colour(suit, four_colour)
    )


def draw_suit_chip(
    canvas: Image.Image, suit: Suit, cx: float, cy: float, size: int, four_colour: bool
) -> None:
    """A suit on a small white rounded tile: suit colours mean the same on a card and
    on either theme's background (a black ♠ would vanish on dark grey)."""
    left, top = round(cx - size / 2), round(cy - size / 2)
    fill_rounded(canvas, (left, top, left + size, top + size), max(2, size // 5), CARD_FACE)
    inner = round(size * 0.72)
    draw_pip(canvas, suit, cx, cy, inner, four_colour)


def line(canvas: Image.Image, box: Box, colour: RGB) -> None:
    """A straight rule: a thin filled box."""
    fill(canvas, box, colour)
