"""A player's skill rating over their games, for ``/kachuful stats``: one line, the
start and every game after it, with the highest and the latest marked.

Plain numbers in (the conservative rating before the first game shown, then after
each), PNG bytes out; ``render`` knows nothing of storage or of openskill.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from i18n import words_for
from render.canvas import draw_disc, draw_mark, line, new_canvas
from render.encoding import encode_picture
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import palette
from render.text import draw_text, signed
from render.widgets import BODY, PAD, SMALL, TINY, TITLE, fitted

WIDTH: Final = 640
HEIGHT: Final = 300
HEADER: Final = 44
AXIS: Final = 56
"""Room at the left for the rating scale."""
FOOTER: Final = 30
"""Room under the plot for the game numbers."""
LINE_WIDTH: Final = 4
MAX_POINTS: Final = 200


def plot_box() -> tuple[int, int, int, int]:
    """The plot's area (left, top, right, bottom) inside the picture."""
    return (PAD + AXIS, PAD + HEADER + 14, WIDTH - PAD - 14, HEIGHT - PAD - FOOTER)


def _points(history: Sequence[float]) -> list[tuple[float, float]]:
    left, top, right, bottom = plot_box()
    low, high = min(history), max(history)
    span = (high - low) or 1.0
    margin = span * 0.08
    low, span = low - margin, span + 2 * margin
    step = (right - left) / max(1, len(history) - 1)
    return [
        (left + step * number, bottom - (bottom - top) * (value - low) / span)
        for number, value in enumerate(history)
    ]


def draw_rating_chart(
    history: Sequence[float], options: RenderOptions = DEFAULT_OPTIONS,
    *, heading: str | None = None,
) -> Image.Image:
    """The line of ``history`` (at least two values: before the first game, then after
    each): the latest point in the accent colour with its whole number, the highest
    starred in gold."""
    if not 2 <= len(history) <= MAX_POINTS:
        raise ValueError(f"a rating chart shows 2 to {MAX_POINTS} values, not {len(history)}")
    colours = palette(options)
    words = words_for(options.language)
    games = len(history) - 1
    if heading is None:
        heading = words.n("Rating over the last {count} game", "Rating over the last {count} games",
                          games)
    canvas = new_canvas(WIDTH, HEIGHT, colours.background)
    draw_text(canvas, PAD, PAD + 16, fitted(heading, TITLE, True, WIDTH - 2 * PAD), TITLE,
              colours.text, bold=True)
    left, top, right, bottom = plot_box()
    points = _points(history)
    lowest = min(range(len(history)), key=lambda number: history[number])
    highest = max(range(len(history)), key=lambda number: history[number])
    # The scale: a rule at the lowest and at the highest rating, with their numbers.
    for number in {lowest, highest}:
        y = round(points[number][1])
        line(canvas, (left, y, right, y + 1), colours.line)
        draw_text(canvas, left - 10, y, signed(round(history[number])), SMALL, colours.muted,
                  align="r")
    ImageDraw.Draw(canvas).line(points, fill=colours.accent, width=LINE_WIDTH, joint="curve")
    best = max(range(len(history)), key=lambda number: (history[number], number))
    bx, by = points[best]
    draw_mark(canvas, "star", bx, by - 16, 20, colours.gold)
    lx, ly = points[-1]
    draw_disc(canvas, lx, ly, 7, colours.accent)
    draw_text(canvas, lx - 12, ly + (18 if ly < (top + bottom) / 2 else -18),
              signed(round(history[-1])), BODY, colours.text, bold=True, align="r")
    under = bottom + FOOTER // 2 + 4
    draw_text(canvas, left, under, "0", TINY, colours.muted, align="m")
    draw_text(canvas, right, under, str(games), TINY, colours.muted, align="m")
    caption = fitted(words.t("games"), TINY, False, right - left - 80)
    draw_text(canvas, (left + right) / 2, under, caption, TINY, colours.muted, align="m")
    return canvas


def render_rating_chart(
    history: Sequence[float], options: RenderOptions = DEFAULT_OPTIONS,
    *, heading: str | None = None,
) -> bytes:
    """:func:`draw_rating_chart` as PNG bytes in the look's palette."""
    return encode_picture(draw_rating_chart(history, options, heading=heading), options)
