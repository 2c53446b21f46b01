"""Vector shapes: the four suits and a few marks, drawn as polygons and ellipses.

Suits are drawn from geometry rather than font glyphs so that they look the same
everywhere and can be coloured freely. Shapes live in a unit box (x and y from −1
to 1, y pointing down) and are scaled into place. Small shapes are drawn four
times larger and reduced, which antialiases them; the results are cached masks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import Final, Literal

from PIL import Image, ImageDraw

from engine.cards import Suit

Point = tuple[float, float]
Primitive = tuple[Literal["polygon"], tuple[Point, ...]] | tuple[Literal["ellipse"], Point, float]
"""A polygon (its points) or a circle (centre and radius), in unit-box coordinates."""

SUPERSAMPLE: Final = 4


def _heart_outline(steps: int = 120) -> tuple[Point, ...]:
    # The classic parametric heart, normalised to the unit box (tip at the bottom).
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    top = min(y for _, y in raw)
    bottom = max(y for _, y in raw)
    middle, scale = (top + bottom) / 2, 16.0
    return tuple((x / scale, (y - middle) / scale) for x, y in raw)


def _stem(top: float, bottom: float, neck: float, foot: float) -> tuple[Point, ...]:
    # A stem that flares in a concave curve, as on printed spades and clubs.
    steps = 12
    right = [
        (neck + (foot - neck) * (i / steps) ** 2.4, top + (bottom - top) * i / steps)
        for i in range(steps + 1)
    ]
    left = [(-x, y) for x, y in reversed(right)]
    return tuple(right + left)


def _diamond_outline() -> tuple[Point, ...]:
    corners = ((0.0, -1.0), (0.74, 0.0), (0.0, 1.0), (-0.74, 0.0))
    points: list[Point] = []
    steps = 16
    for index, (ax, ay) in enumerate(corners):
        bx, by = corners[(index + 1) % 4]
        length = math.hypot(bx - ax, by - ay)
        # The inward normal of this edge: edges bow slightly inwards.
        nx, ny = -(by - ay) / length, (bx - ax) / length
        for step in range(steps):
            s = step / steps
            bow = 0.07 * math.sin(math.pi * s)
            points.append((ax + (bx - ax) * s + nx * bow, ay + (by - ay) * s + ny * bow))
    return tuple(points)


def _build_suit_shapes() -> dict[Suit, tuple[Primitive, ...]]:
    heart = _heart_outline()
    # A spade is an upside-down heart over a stem.
    body_scale = 0.84
    body_top = min(-y for _, y in heart) * body_scale
    spade_body = tuple((x * body_scale, -y * body_scale - 1.0 - body_top) for x, y in heart)
    club_radius = 0.42
    return {
        Suit.HEARTS: (("polygon", heart),),
        Suit.DIAMONDS: (("polygon", _diamond_outline()),),
        Suit.SPADES: (
            ("polygon", spade_body),
            ("polygon", _stem(0.2, 1.0, 0.06, 0.36)),
        ),
        Suit.CLUBS: (
            ("ellipse", (0.0, -0.56), club_radius),
            ("ellipse", (-0.5, 0.1), club_radius),
            ("ellipse", (0.5, 0.1), club_radius),
            ("ellipse", (0.0, -0.02), 0.24),
            ("polygon", _stem(0.1, 1.0, 0.06, 0.36)),
        ),
    }


SUIT_SHAPES: Final = _build_suit_shapes()


def draw_primitives(
    draw: ImageDraw.ImageDraw,
    primitives: Sequence[Primitive],
    centre: Point,
    half: float,
    fill: int | tuple[int, ...],
    *,
    flip: bool = False,
) -> None:
    """Draw unit-box primitives scaled to ``half`` around ``centre``; ``flip`` turns
    them upside down (the lower pips of a card face the other way)."""
    cx, cy = centre
    sign = -1.0 if flip else 1.0
    for primitive in primitives:
        if primitive[0] == "polygon":
            points = [(cx + sign * x * half, cy + sign * y * half) for x, y in primitive[1]]
            draw.polygon(points, fill=fill)
        else:
            (x, y), radius = primitive[1], primitive[2]
            ex, ey, r = cx + sign * x * half, cy + sign * y * half, radius * half
            draw.ellipse((ex - r, ey - r, ex + r, ey + r), fill=fill)


def draw_suit(
    draw: ImageDraw.ImageDraw,
    suit: Suit,
    centre: Point,
    half: float,
    fill: int | tuple[int, ...],
    *,
    flip: bool = False,
) -> None:
    draw_primitives(draw, SUIT_SHAPES[suit], centre, half, fill, flip=flip)


Painter = Callable[[ImageDraw.ImageDraw, int], None]
"""Draws onto a supersampled canvas, given the canvas's scale factor."""


def _antialiased(size: tuple[int, int], paint: Painter) -> Image.Image:
    big = Image.new("L", (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE))
    paint(ImageDraw.Draw(big), SUPERSAMPLE)
    return big.reduce(SUPERSAMPLE)


def _paint_suit(suit: Suit, size: int, draw: ImageDraw.ImageDraw, scale: int) -> None:
    half = size * scale / 2
    draw_suit(draw, suit, (half, half), half * 0.96, 255)


@lru_cache(maxsize=256)
def suit_mask(suit: Suit, size: int) -> Image.Image:
    """An antialiased ``size``×``size`` mask of a suit, to paste in any colour."""
    return _antialiased((size, size), partial(_paint_suit, suit, size))


Mark = Literal["check", "cross", "crown", "play", "star"]


def _round_caps(draw: ImageDraw.ImageDraw, stroke: Sequence[Point], width: float) -> None:
    r = width / 2
    for x, y in (stroke[0], stroke[-1]):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=255)


def _paint_mark(mark: Mark, size: int, draw: ImageDraw.ImageDraw, scale: int) -> None:
    s = size * scale
    half = s / 2

    def at(x: float, y: float) -> Point:
        return (half + x * half, half + y * half)

    if mark in ("check", "cross"):
        width = max(1.0, 0.26 * s)
        strokes = (
            [[at(-0.72, 0.02), at(-0.22, 0.52), at(0.74, -0.56)]]
            if mark == "check"
            else [[at(-0.56, -0.56), at(0.56, 0.56)], [at(0.56, -0.56), at(-0.56, 0.56)]]
        )
        for stroke in strokes:
            draw.line(stroke, fill=255, width=round(width), joint="curve")
            _round_caps(draw, stroke, width)
    elif mark == "crown":
        outline = [
            (-0.86, 0.62),
            (-0.9, -0.36),
            (-0.45, 0.06),
            (0.0, -0.62),
            (0.45, 0.06),
            (0.9, -0.36),
            (0.86, 0.62),
        ]
        draw.polygon([at(x, y) for x, y in outline], fill=255)
        for x, y in ((-0.9, -0.42), (0.0, -0.7), (0.9, -0.42)):
            cx, cy = at(x, y)
            r = 0.14 * half
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    elif mark == "play":
        draw.polygon([at(-0.55, -0.8), at(0.8, 0.0), at(-0.55, 0.8)], fill=255)
    else:  # star
        points = []
        for i in range(10):
            angle = -math.pi / 2 + i * math.pi / 5
            r = 0.95 if i % 2 == 0 else 0.42
            points.append(at(r * math.cos(angle), r * math.sin(angle) + 0.06))
        draw.polygon(points, fill=255)


@lru_cache(maxsize=128)
def mark_mask(mark: Mark, size: int) -> Image.Image:
    """An antialiased ``size``×``size`` mask of a mark (✓, ✗, crown, ▶, ★)."""
    return _antialiased((size, size), partial(_paint_mark, mark, size))


def _paint_disc(radius: int, draw: ImageDraw.ImageDraw, scale: int) -> None:
    r = radius * scale
    draw.ellipse((0, 0, 2 * r - 1, 2 * r - 1), fill=255)


@lru_cache(maxsize=64)
def disc_mask(radius: int) -> Image.Image:
    """An antialiased filled circle of ``radius`` (its box is ``2 × radius`` wide)."""
    return _antialiased((2 * radius, 2 * radius), partial(_paint_disc, radius))


@lru_cache(maxsize=64)
def corner_mask(radius: int) -> Image.Image:
    """The top-left quarter of an antialiased circle of ``radius``: rounded corners."""
    return disc_mask(radius).crop((0, 0, radius, radius))
