"""The deal review's bid chart: the chance of each number of tricks, and the expected
points of every bid, with the bid made and the best bid marked.

Plain numbers in (so ``render`` needs nothing from ``ai``), PNG bytes out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image

from i18n import Words, words_for
from render.canvas import draw_mark, fill_rounded, line, new_canvas
from render.encoding import encode_picture
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import RGB, Palette, palette
from render.text import draw_text
from render.widgets import BODY, PAD, SMALL, TINY, TITLE, fitted

WIDTH: Final = 760
PANEL_TITLE: Final = 34
BAR_AREA: Final = 150
"""Height of the tallest bar."""
LABELS: Final = 52
"""Room under the bars for the bid number and the marks."""
MAX_OPTIONS: Final = 18
"""Bids 0..17: the largest hand the rules allow."""


def _check(trick_chances: Sequence[float], expected_points: Sequence[float], bid: int,
           best: int) -> None:
    count = len(expected_points)
    if not 1 <= count <= MAX_OPTIONS or len(trick_chances) != count:
        raise ValueError(
            f"the chart needs one chance and one expected score per bid (1 to {MAX_OPTIONS}): "
            f"got {len(trick_chances)} and {count}"
        )
    if not (0 <= bid < count and 0 <= best < count):
        raise ValueError(f"bid {bid} and best {best} must be among the bids 0..{count - 1}")


def draw_bid_chart(
    trick_chances: Sequence[float],
    expected_points: Sequence[float],
    bid: int,
    best: int,
    options: RenderOptions = DEFAULT_OPTIONS,
    *,
    allowed: Sequence[bool] | None = None,
    heading: str | None = None,
) -> Image.Image:
    """Two bar charts, one bar per number 0..hand size: the chance of taking that many
    tricks (playing for the bid made), then the expected points of bidding it. The
    bid made is drawn in the accent colour and the best bid is starred in gold; a
    bid that was not allowed (``allowed[b]`` false) is greyed and crossed."""
    _check(trick_chances, expected_points, bid, best)
    colours = palette(options)
    words = words_for(options.language)
    heading = words.t("Your bid") if heading is None else heading
    count = len(expected_points)
    legal = list(allowed) if allowed is not None else [True] * count
    panel = PANEL_TITLE + BAR_AREA + LABELS
    height = PAD + 44 + 2 * panel + PAD
    canvas = new_canvas(WIDTH, height, colours.background)
    draw_text(canvas, PAD, PAD + 16, fitted(heading, TITLE, True, WIDTH - 2 * PAD), TITLE,
              colours.text, bold=True)
    top = PAD + 44
    chances = [f"{round(100 * p)}%" for p in trick_chances]
    chances_title = words.t("Tricks you would take, playing for your bid")
    _panel(canvas, top, chances_title, list(trick_chances),
           chances, bid, best, legal, colours, words, marks=False)
    points = [f"{p:.1f}" for p in expected_points]
    _panel(canvas, top + panel, words.t("Expected points of each bid"), list(expected_points),
           points, bid, best, legal, colours, words, marks=True)
    return canvas


def _panel(
    canvas: Image.Image,
    top: int,
    title: str,
    values: list[float],
    labels: list[str],
    bid: int,
    best: int,
    legal: list[bool],
    colours: Palette,
    words: Words,
    *,
    marks: bool,
) -> None:
    """One bar chart; negative values hang below the zero line."""
    legend_width = _legend(canvas, top + PANEL_TITLE // 2, colours, words) if marks else 0
    room = WIDTH - 2 * PAD - legend_width - (16 if marks else 0)
    draw_text(canvas, PAD, top + PANEL_TITLE // 2, fitted(title, BODY, True, room), BODY,
              colours.muted, bold=True)
    low, high = min(0.0, *values), max(0.0, *values)
    span = (high - low) or 1.0
    area_top = top + PANEL_TITLE + 18  # room for the value above the tallest bar
    # Values below zero are labelled under their bars: keep room there above the bid numbers.
    area = BAR_AREA - 18 - (18 if low < 0 else 0)
    zero = area_top + round(area * high / span)
    slot = (WIDTH - 2 * PAD) / len(values)
    bar = max(6, min(40, round(slot * 0.62)))
    line(canvas, (PAD, zero, WIDTH - PAD, zero + 1), colours.line)
    for number, value in enumerate(values):
        cx = PAD + slot * (number + 0.5)
        colour = _bar_colour(number, bid, legal[number], colours)
        reach = round(area * abs(value) / span)
        bar_top, bar_bottom = (zero - reach, zero) if value >= 0 else (zero + 1, zero + 1 + reach)
        if reach:
            left = round(cx - bar / 2)
            fill_rounded(canvas, (left, bar_top, left + bar, bar_bottom), 4, colour)
        label_y = bar_top - 10 if value >= 0 else bar_bottom + 10
        if len(values) <= 14 or number in (bid, best):
            draw_text(canvas, cx, label_y, labels[number], TINY, colours.text, align="m")
        under = top + PANEL_TITLE + BAR_AREA + 14
        draw_text(canvas, cx, under, str(number), SMALL, colours.text,
                  bold=number == bid, align="m")
        if marks and number == best:
            draw_mark(canvas, "star", cx, under + 24, 20, colours.gold)
        elif marks and not legal[number]:
            draw_mark(canvas, "cross", cx, under + 24, 16, colours.bad)


def _bar_colour(number: int, bid: int, legal: bool, colours: Palette) -> RGB:
    if number == bid:
        return colours.accent
    return colours.panel_alt if not legal else colours.line


def _legend(canvas: Image.Image, cy: int, colours: Palette, words: Words) -> int:
    """"■ your bid ★ best" at the panel title's right; returns its width."""
    right = WIDTH - PAD
    best = words.t("best")
    right -= draw_text(canvas, right, cy, best, SMALL, colours.muted, align="r") + 6
    draw_mark(canvas, "star", right - 9, cy, 18, colours.gold)
    right -= 30
    right -= draw_text(canvas, right, cy, words.t("your bid"), SMALL, colours.muted,
                       align="r") + 6
    fill_rounded(canvas, (right - 16, cy - 8, right, cy + 8), 3, colours.accent)
    return WIDTH - PAD - (right - 16)


def render_bid_chart(
    trick_chances: Sequence[float],
    expected_points: Sequence[float],
    bid: int,
    best: int,
    options: RenderOptions = DEFAULT_OPTIONS,
    *,
    allowed: Sequence[bool] | None = None,
    heading: str | None = None,
) -> bytes:
    """:func:`draw_bid_chart` as PNG bytes in the look's palette."""
    image = draw_bid_chart(
        trick_chances, expected_points, bid, best, options, allowed=allowed, heading=heading
    )
    return encode_picture(image, options)
