"""The deal review's bid chart: the bid made in the accent colour, the best starred."""

from __future__ import annotations

import pytest

from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import palette
from render.review import (
    BAR_AREA,
    LABELS,
    PAD,
    PANEL_TITLE,
    WIDTH,
    draw_bid_chart,
    render_bid_chart,
)
from tests.render.helpers import count_near, decode

FIRST_BARS = (PAD + 44 + PANEL_TITLE, PAD + 44 + PANEL_TITLE + BAR_AREA)
"""The rows of the first panel's bars (below its title and legend-free)."""


def _slot(
    number: int, count: int, height: int, rows: tuple[int, int] | None = None
) -> tuple[int, int, int, int]:
    """The column of bar ``number``, in ``rows`` (default: the whole height)."""
    width = (WIDTH - 2 * PAD) / count
    top, bottom = rows or (0, height)
    return (round(PAD + width * number) + 2, top, round(PAD + width * (number + 1)) - 2, bottom)


def _marks(height: int) -> tuple[int, int]:
    """The rows under the second panel's bars, where the ★ and ✗ marks go."""
    return (height - PAD - LABELS, height)


@pytest.mark.parametrize(("bid", "best"), [(0, 1), (2, 2), (3, 0)])
def test_the_bid_is_accented_and_the_best_starred(bid: int, best: int) -> None:
    colours = palette(DEFAULT_OPTIONS)
    image = draw_bid_chart([0.1, 0.5, 0.3, 0.1], [1.0, 5.5, 3.6, 1.3], bid, best)
    for number in range(4):
        accent = count_near(image, colours.accent, _slot(number, 4, image.height, FIRST_BARS))
        gold = count_near(image, colours.gold, _slot(number, 4, image.height, _marks(image.height)))
        assert (accent > 200) == (number == bid), number
        assert (gold > 30) == (number == best), number


def test_taller_bars_for_larger_values() -> None:
    colours = palette(DEFAULT_OPTIONS)
    low = draw_bid_chart([0.9, 0.1], [9.0, 1.1], 1, 0)
    high = draw_bid_chart([0.1, 0.9], [1.0, 9.9], 1, 1)
    box = _slot(1, 2, low.height, FIRST_BARS)
    assert count_near(high, colours.accent, box) > 3 * count_near(low, colours.accent, box)


def test_negative_points_and_forbidden_bids_draw() -> None:
    options = RenderOptions(theme="light", four_colour=True)
    png = render_bid_chart(
        [0.2, 0.5, 0.3], [-3.0, 4.5, -1.2], 1, 1, options, allowed=[True, True, False]
    )
    image = decode(png)
    assert image.width == WIDTH
    cross = _slot(2, 3, image.height, _marks(image.height))
    assert count_near(image, palette(options).bad, cross) > 10  # the ✗ of the forbidden bid


def test_mismatched_numbers_are_refused() -> None:
    with pytest.raises(ValueError, match="one chance and one expected score per bid"):
        draw_bid_chart([0.5, 0.5], [1.0], 0, 0)
    with pytest.raises(ValueError, match="must be among the bids"):
        draw_bid_chart([0.5, 0.5], [1.0, 2.0], 2, 0)
