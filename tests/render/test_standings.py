"""Final standings: places, totals, shared wins."""

from __future__ import annotations

import pytest

from render import RenderOptions, draw_final_standings, render_final_standings
from render.palette import palette
from render.standings import HEADER, ROW, ROW_GAP, WIDTH
from render.widgets import PAD
from tests.render.helpers import decode, pixel

COLOURS = palette(RenderOptions())


def ring(image_row: int) -> tuple[int, int]:
    """The left edge of a standings row, half-way down."""
    return PAD + 1, PAD + HEADER + image_row * (ROW + ROW_GAP) + ROW // 2


def test_shared_winners_both_get_the_gold_ring_in_seat_order() -> None:
    totals = (40, 52, 52, 10)
    image = draw_final_standings(("Asha", "Bikram", "Chandra", "Deepa"), totals)
    # Rows run by place: Bikram, Chandra (shared first), Asha, Deepa.
    edges = [pixel(image, *ring(row)) for row in range(4)]
    assert edges[0] == edges[1] == COLOURS.gold
    assert edges[2] == edges[3] == COLOURS.panel


def test_a_single_winner() -> None:
    image = draw_final_standings(("Asha", "Bikram", "Chandra"), (12, 30, 7))
    edges = [pixel(image, *ring(row)) for row in range(3)]
    assert edges == [COLOURS.gold, COLOURS.panel, COLOURS.panel]


@pytest.mark.parametrize("players", [3, 8])
def test_size_grows_with_players(players: int) -> None:
    image = decode(render_final_standings([f"P{i}" for i in range(players)], list(range(players))))
    assert image.size == (WIDTH, PAD + HEADER + players * (ROW + ROW_GAP) - ROW_GAP + PAD)


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="one total per player"):
        render_final_standings(("A", "B", "C"), (1, 2))
