"""The score sheet: ✓/✗ marks by shape and colour, the leader highlighted, won/bid
labelled, readable on a phone however many players, and the largest sheet (8 players
× 33 deals) in one picture."""

from __future__ import annotations

import dataclasses
from itertools import accumulate

import pytest
from PIL import Image

from engine.game import DealResult, Game
from render import RenderOptions, draw_score_sheet, render_score_sheet, samples
from render.palette import palette
from render.scoresheet import (
    CELL_PAD,
    FOOTER,
    MARK_RADIUS,
    PHONE_WIDTH,
    leaders,
    sheet_layout,
)
from render.text import signed, text_width
from render.widgets import BODY, PAD, TINY
from render.won_bid import WON_BID_LEGEND
from tests.render.helpers import count_near, decode, finds_text, ink_rows, pixel

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
        left, top = layout.column_left(seat), layout.body_top(seat // layout.per_band)
        header = (left + 4, top - 30, left + layout.cell - 4, top - 4)
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
    assert image.width <= 440 and image.height <= 4000
    assert len(png) <= 150_000


def test_no_deals_yet_still_draws() -> None:
    image = decode(render_score_sheet(samples.NAMES[:4], []))
    assert image.size == (sheet_layout(4, []).width, sheet_layout(4, []).height)


def test_bad_input_is_a_clear_error(finished_seven: Game) -> None:
    with pytest.raises(ValueError, match="one entry per player"):
        render_score_sheet(finished_seven.players[:5], finished_seven.results())
    with pytest.raises(ValueError, match="1 to 8 players"):
        render_score_sheet(("A",) * 9, [])


def sheets_for_phones() -> list[tuple[tuple[str, ...], list[DealResult]]]:
    """13 deals of 7 and of 8 players: the widest sheets there are."""
    seven = samples.finished_game(7, seed=5)
    eight_players, eight_deals = eight_by_thirty_three()
    assert len(seven.results()) == 13
    return [(seven.players, seven.results()), (eight_players, eight_deals[:13])]


def test_wide_sheets_keep_digits_readable_on_a_phone() -> None:
    """Discord shrinks a picture to the phone's width (about 360 px); the smallest
    digits on the sheet (a deal's points), measured in the picture, must still be
    9 px high there. The old one-band sheet of 7 players was 1,063 px wide: 3.7 px."""
    for players, results in sheets_for_phones():
        image = draw_score_sheet(players, results)
        layout = sheet_layout(len(players), results)
        scale = PHONE_WIDTH / image.width
        for seat in range(len(players)):
            hit = results[0].hits[seat]
            points = f"+{results[0].scores[seat]}" if results[0].scores[seat] > 0 else "0"
            right = layout.column_left(seat) + layout.points_right
            top = layout.row_top(0, seat // layout.per_band)
            box = (right - text_width(points, TINY), top, right, top + layout.row)
            ink = COLOURS.good if hit else COLOURS.muted
            assert ink_rows(image, box, ink, tolerance=40) * scale >= 9, (len(players), seat)


def test_every_total_is_under_its_player_in_its_band() -> None:
    for players, results in sheets_for_phones():
        image = draw_score_sheet(players, results)
        layout = sheet_layout(len(players), results)
        assert layout.bands > 1
        leading = leaders(results[-1].totals)
        for seat, total in enumerate(results[-1].totals):
            cy = layout.footer_top(seat // layout.per_band) + FOOTER // 2 + 1
            colour = COLOURS.gold if seat in leading else COLOURS.text
            right = layout.column_left(seat) + layout.cell - CELL_PAD
            background = pixel(image, right - layout.cell + 2 * CELL_PAD, cy - 14)
            assert finds_text(image, signed(total), BODY, True, colour, cy, background), seat
            # ...and right-aligned in that player's own column
            assert count_near(image, colour, (right - 4, cy - 8, right, cy + 8), 40) > 0


def test_cells_read_won_over_bid_and_the_legend_says_so(finished_seven: Game) -> None:
    results = finished_seven.results()
    image = draw_score_sheet(finished_seven.players, results)
    layout = sheet_layout(7, results)
    # A deal where won and bid differ, so the order shows: "3/2" is 3 taken of 2 bid.
    index, seat = next(
        (i, s) for i, r in enumerate(results) for s in range(7) if r.tricks[s] != r.bids[s]
    )
    result = results[index]
    cy = layout.row_top(index, seat // layout.per_band) + layout.row // 2
    left = layout.column_left(seat) + layout.played_x
    background = pixel(image, left - 2, cy - layout.row // 2 + 1)
    won_bid = f"{result.tricks[seat]}/{result.bids[seat]}"
    assert finds_text(image, won_bid, TINY, False, COLOURS.text, cy, background)
    legend_y = PAD + 56
    assert finds_text(
        image, f"{WON_BID_LEGEND} · points · total", TINY, True, COLOURS.muted, legend_y,
        COLOURS.background,
    )
