"""The score sheet: ✓/✗ marks by shape and colour, the leader highlighted, and the
largest sheet (8 players × 33 deals) in one picture."""

from __future__ import annotations

import dataclasses
from itertools import accumulate

import pytest
from PIL import Image

from engine.game import DealResult, Game
from render import RenderOptions, draw_score_sheet, render_score_sheet, samples
from render.palette import palette
from render.scoresheet import MARK_RADIUS, leaders, sheet_layout
from tests.render.helpers import count_near, decode, pixel

COLOURS = palette(RenderOptions())


def mark_pattern(image: Image.Image, centre: tuple[int, int]) -> bytes:
    """The white strokes inside a mark's disc, as a black-and-white pattern."""
    x, y = centre
    box = (x - MARK_RADIUS, y - MARK_RADIUS, x + MARK_RADIUS, y + MARK_RADIUS)
    grey = image.crop(box).convert("L")
    return grey.point(lambda value: 255 if value > 200 else 0).tobytes()


def test_hits_and_misses_differ_in_colour_and_in_shape(finished_seven: Game) -> None:
    results = finished_seven.results()
    image = draw_score_sheet(finished_seven.players, results)
    layout = sheet_layout(7, results)
    patterns: dict[bool, set[bytes]] = {True: set(), False: set()}
    for index, result in enumerate(results):
        for seat, hit in enumerate(result.hits):
            x, y = layout.mark_centre(index, seat)
            disc = pixel(image, x, y + MARK_RADIUS - 2)
            assert disc == (COLOURS.good if hit else COLOURS.bad)
            patterns[hit].add(mark_pattern(image, (x, y)))
    assert len(patterns[True]) == len(patterns[False]) == 1  # one ✓ shape, one ✗ shape
    assert patterns[True] != patterns[False]


def test_the_leader_column_is_highlighted(finished_seven: Game) -> None:
    results = finished_seven.results()
    image = draw_score_sheet(finished_seven.players, results)
    layout = sheet_layout(7, results)
    leading = leaders(results[-1].totals)
    assert len(leading) == 1
    for seat in range(7):
        left = layout.column_left(seat)
        header = (left + 4, layout.body_top - 30, left + layout.cell - 4, layout.body_top - 4)
        tinted = count_near(image, COLOURS.gold_tint, header, tolerance=2)
        assert (tinted > 100) == (seat in leading), seat


def test_shared_lead_highlights_every_leader() -> None:
    assert leaders((40, 52, 52, 10)) == frozenset({1, 2})
    assert leaders(()) == frozenset()


def eight_by_thirty_three() -> tuple[tuple[str, ...], list[DealResult]]:
    """33 real deals of 8 players: three whole 8-player games (11 deals each) in a row,
    renumbered, with running totals carried across."""
    deals = [r for seed in (1, 2, 3) for r in samples.finished_game(8, seed=seed).results()]
    running = list(
        accumulate(
            (r.scores for r in deals), lambda a, b: tuple(x + y for x, y in zip(a, b, strict=True))
        )
    )
    results = [
        dataclasses.replace(deal, number=index + 1, totals=totals)
        for index, (deal, totals) in enumerate(zip(deals, running, strict=True))
    ]
    return samples.NAMES[:8], results


def test_eight_players_and_thirty_three_deals_fit_one_picture() -> None:
    players, results = eight_by_thirty_three()
    assert len(results) == 33
    png = render_score_sheet(players, results, deal_count=33)
    image = decode(png)
    layout = sheet_layout(8, results)
    assert image.size == (layout.width, layout.height)
    assert image.width <= 1300 and image.height <= 1100
    assert len(png) <= 150_000


def test_no_deals_yet_still_draws() -> None:
    image = decode(render_score_sheet(samples.NAMES[:4], []))
    assert image.size == (sheet_layout(4, []).width, sheet_layout(4, []).height)


def test_bad_input_is_a_clear_error(finished_seven: Game) -> None:
    with pytest.raises(ValueError, match="one entry per player"):
        render_score_sheet(finished_seven.players[:5], finished_seven.results())
    with pytest.raises(ValueError, match="1 to 8 players"):
        render_score_sheet(("A",) * 9, [])
