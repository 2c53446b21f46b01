"""The stats' rating chart: the line climbs where the rating does, the latest point is
accented, the highest starred in gold."""

from __future__ import annotations

import pytest

from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import palette
from render.rating_chart import (
    HEIGHT,
    WIDTH,
    draw_rating_chart,
    plot_box,
    render_rating_chart,
)
from tests.render.helpers import count_near, decode


def _halves() -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    left, top, right, bottom = plot_box()
    middle = (top + bottom) // 2
    return (left, top, right, middle), (left, middle, right, bottom)


def test_a_rising_rating_ends_high_and_a_falling_one_low() -> None:
    colours = palette(DEFAULT_OPTIONS)
    rising = draw_rating_chart([0.0, 1.0, 2.0, 3.0])
    falling = draw_rating_chart([3.0, 2.0, 1.0, 0.0])
    upper, lower = _halves()
    _, top, right, bottom = plot_box()
    last_upper = (right - 30, top - 10, right + 12, (top + bottom) // 2)
    last_lower = (right - 30, (top + bottom) // 2, right + 12, bottom + 12)
    assert count_near(rising, colours.accent, last_upper) > 60
    assert count_near(rising, colours.accent, last_lower) < 20
    assert count_near(falling, colours.accent, last_lower) > 60
    assert count_near(rising, colours.accent, upper) > 0 < count_near(rising, colours.accent, lower)


def test_the_highest_rating_is_starred() -> None:
    colours = palette(DEFAULT_OPTIONS)
    left, top, right, _ = plot_box()
    peak_early = draw_rating_chart([0.0, 9.0, 1.0, 2.0, 1.0])
    first_half = (left, top - 30, (left + right) // 2, top + 10)
    second_half = ((left + right) // 2, top - 30, right + 14, top + 10)
    assert count_near(peak_early, colours.gold, first_half) > 30
    assert count_near(peak_early, colours.gold, second_half) == 0


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_png_in_every_theme(theme: str) -> None:
    image = decode(render_rating_chart([0.0, -1.5, 2.0], RenderOptions(theme=theme)))
    assert (image.width, image.height) == (WIDTH, HEIGHT)


@pytest.mark.parametrize("history", [[], [1.0], [0.0] * 201])
def test_too_few_or_too_many_values_are_refused(history: list[float]) -> None:
    with pytest.raises(ValueError, match="rating chart shows 2 to 200 values"):
        draw_rating_chart(history)


def test_a_flat_rating_draws() -> None:
    colours = palette(DEFAULT_OPTIONS)
    image = draw_rating_chart([0.0, 0.0, 0.0])
    assert count_near(image, colours.accent, plot_box()) > 100
