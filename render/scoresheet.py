"""The score sheet: one row per deal, one column per player, with bid, tricks,
points and running total; hits and misses marked ✓/✗ (shape and colour); the
current leader's column highlighted. Up to 8 players × 33 deals fit one picture."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from engine.game import DealResult
from render.blit import fill
from render.canvas import draw_disc, draw_mark, draw_suit_chip, fill_rounded, new_canvas
from render.looks import encode_picture
from render.names import player_names
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import Palette, blend, palette
from render.text import draw_text, signed, text_width
from render.widgets import BODY, PAD, SMALL, TINY, TITLE, fitted

MAX_PLAYERS: Final = 8
MAX_DEALS: Final = 33
DEAL_COLUMN: Final = 92
HEADER: Final = 58
NAMES: Final = 44
FOOTER: Final = 40
MARK_RADIUS: Final = 9
CELL_PAD: Final = 7
CELL_GAP: Final = 8
MIN_CELL: Final = 104
"""Narrower cells would leave a name no room to be read."""


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """Where everything on a score sheet goes."""

    players: int
    cell: int
    """Width of one player's column."""
    played_x: int
    """From a cell's left edge to its "bid/tricks" text."""
    points_right: int
    """From a cell's left edge to the right edge of its points."""
    row: int
    rows: int
    width: int
    height: int

    @property
    def body_top(self) -> int:
        return PAD + HEADER + NAMES

    def column_left(self, seat: int) -> int:
        return PAD + DEAL_COLUMN + seat * self.cell

    def row_top(self, index: int) -> int:
        return self.body_top + index * self.row

    @property
    def footer_top(self) -> int:
        return self.row_top(self.rows)

    def mark_centre(self, index: int, seat: int) -> tuple[int, int]:
        """Centre of the ✓/✗ mark of deal ``index`` (0-based row) for ``seat``."""
        return self.column_left(seat) + CELL_PAD + MARK_RADIUS, self.row_top(index) + self.row // 2


def _points_text(score: int) -> str:
    return f"+{score}" if score > 0 else signed(score)


def _played_text(result: DealResult, seat: int) -> str:
    flag = "*" if result.blind[seat] else ""
    return f"{result.bids[seat]}{flag}/{result.tricks[seat]}"


def sheet_layout(players: int, results: Sequence[DealResult]) -> SheetLayout:
    """Cells as wide as their widest bid/tricks, points and total need (names are
    shortened to fit, not the other way round), never narrower than ``MIN_CELL``.
    Rows get a little shorter when there are many deals (3 players play 33)."""
    played_texts = {_played_text(result, seat) for result in results for seat in range(players)}
    points_texts = {_points_text(score) for result in results for score in result.scores}
    total_texts = {signed(total) for result in results for total in result.totals}
    played = max((text_width(text, TINY) for text in played_texts), default=0)
    points = max((text_width(text, TINY) for text in points_texts), default=0)
    totals = max((text_width(text, SMALL, True) for text in total_texts), default=0)
    played_x = CELL_PAD + 2 * MARK_RADIUS + 5
    points_right = played_x + played + CELL_GAP + points
    cell = max(MIN_CELL, points_right + CELL_GAP + totals + CELL_PAD)
    row = 30 if len(results) <= 20 else 26
    rows = max(1, len(results))
    width = 2 * PAD + DEAL_COLUMN + players * cell
    height = PAD + HEADER + NAMES + rows * row + FOOTER + PAD
    return SheetLayout(players, cell, played_x, points_right, row, rows, width, height)


def _check(players: Sequence[str], results: Sequence[DealResult]) -> None:
    n = len(players)
    if not 1 <= n <= MAX_PLAYERS:
        raise ValueError(f"a score sheet has 1 to {MAX_PLAYERS} players, not {n}")
    if len(results) > MAX_DEALS:
        raise ValueError(f"a score sheet holds at most {MAX_DEALS} deals, not {len(results)}")
    for result in results:
        sizes = {len(result.bids), len(result.tricks), len(result.scores), len(result.totals)}
        if sizes != {n} or len(result.blind) != n:
            raise ValueError(f"deal {result.number} does not have one entry per player ({n})")


def leaders(totals: Sequence[int]) -> frozenset[int]:
    """The seats with the highest total (all of them when tied)."""
    if not totals:
        return frozenset()
    best = max(totals)
    return frozenset(seat for seat, total in enumerate(totals) if total == best)


def draw_score_sheet(
    players: Sequence[str],
    results: Sequence[DealResult],
    options: RenderOptions = DEFAULT_OPTIONS,
    *,
    deal_count: int | None = None,
) -> Image.Image:
    """The score sheet: a row per finished deal, a column per player (see :func:`sheet_layout`)."""
    _check(players, results)
    colours = palette(options)
    names = player_names(tuple(players))
    layout = sheet_layout(len(names), results)
    canvas = new_canvas(layout.width, layout.height, colours.background)
    totals = results[-1].totals if results else (0,) * len(names)
    leading = leaders(totals) if results else frozenset()
    _title(canvas, results, deal_count, colours)
    _leader_columns(canvas, layout, leading, colours)
    _names(canvas, layout, names, leading, colours)
    any_blind = False
    for index, result in enumerate(results):
        any_blind |= _deal_row(canvas, layout, result, index, leading, colours, options)
    if not results:
        y = layout.body_top + layout.row / 2
        draw_text(canvas, PAD + 12, y, "No deals finished yet", SMALL, colours.muted)
    _separators(canvas, layout, leading, colours)
    _footer(canvas, layout, totals, leading, colours, any_blind)
    return canvas


def _title(
    canvas: Image.Image, results: Sequence[DealResult], deal_count: int | None, colours: Palette
) -> None:
    draw_text(canvas, PAD, PAD + 18, "Score sheet", TITLE, colours.text, bold=True)
    if not results:
        return
    last = results[-1].number
    if deal_count is not None and last >= deal_count:
        progress = "final"
    elif deal_count is not None:
        progress = f"after deal {last} of {deal_count}"
    else:
        progress = f"after deal {last}"
    draw_text(canvas, canvas.width - PAD, PAD + 18, progress, BODY, colours.muted, align="r")


def _leader_columns(
    canvas: Image.Image, layout: SheetLayout, leading: frozenset[int], colours: Palette
) -> None:
    """The leader's column is tinted gold from its name to its total."""
    for seat in leading:
        left = layout.column_left(seat)
        box = (left + 2, layout.body_top - NAMES + 4, left + layout.cell - 2, layout.height - PAD)
        fill_rounded(canvas, box, 10, colours.gold_tint)


def _names(
    canvas: Image.Image,
    layout: SheetLayout,
    names: tuple[str, ...],
    leading: frozenset[int],
    colours: Palette,
) -> None:
    cy = PAD + HEADER + NAMES // 2
    draw_text(canvas, PAD + 8, cy, "Deal", TINY, colours.muted, bold=True)
    for seat, name in enumerate(names):
        centre = layout.column_left(seat) + layout.cell / 2
        if seat in leading:
            # A crown before the name: the leader reads without relying on colour.
            text = fitted(name, SMALL, True, layout.cell - 36)
            width = draw_text(
                canvas, centre + 10, cy, text, SMALL, colours.gold, bold=True, align="m"
            )
            draw_mark(canvas, "crown", centre + 10 - width / 2 - 12, cy - 1, 16, colours.gold)
        else:
            text = fitted(name, SMALL, True, layout.cell - 12)
            draw_text(canvas, centre, cy, text, SMALL, colours.text, bold=True, align="m")


def _deal_row(
    canvas: Image.Image,
    layout: SheetLayout,
    result: DealResult,
    index: int,
    leading: frozenset[int],
    colours: Palette,
    options: RenderOptions,
) -> bool:
    """One deal's line; returns whether it holds a blind bid."""
    top, row, cell = layout.row_top(index), layout.row, layout.cell
    if index % 2 == 1:  # striped rows guide the eye along a deal
        fill(canvas, (PAD, top, layout.column_left(layout.players), top + row), colours.panel_alt)
        for seat in leading:  # keeping the leader's tint through the stripe
            left = layout.column_left(seat)
            tint = blend(colours.gold_tint, colours.panel_alt, 0.35)
            fill(canvas, (left + 2, top, left + cell - 2, top + row), tint)
    cy = top + row // 2
    draw_text(canvas, PAD + 30, cy, str(result.number), SMALL, colours.text, bold=True, align="r")
    draw_text(canvas, PAD + 56, cy, str(result.hand_size), TINY, colours.muted, align="r")
    if result.trump is not None:
        draw_suit_chip(canvas, result.trump, PAD + 74, cy, row - 10, options.four_colour)
    else:
        draw_text(canvas, PAD + 74, cy, "NT", TINY - 3, colours.muted, bold=True, align="m")
    for seat in range(layout.players):
        left = layout.column_left(seat)
        hit = result.bids[seat] == result.tricks[seat]
        mark_x, mark_y = layout.mark_centre(index, seat)
        draw_disc(canvas, mark_x, mark_y, MARK_RADIUS, colours.good if hit else colours.bad)
        draw_mark(canvas, "check" if hit else "cross", mark_x, mark_y, 12, colours.on_accent)
        played = _played_text(result, seat)
        draw_text(canvas, left + layout.played_x, cy, played, TINY, colours.text)
        points = _points_text(result.scores[seat])
        points_colour = colours.good if hit else colours.muted
        draw_text(canvas, left + layout.points_right, cy, points, TINY, points_colour, align="r")
        total = signed(result.totals[seat])
        right = left + cell - CELL_PAD
        draw_text(canvas, right, cy, total, SMALL, colours.text, bold=True, align="r")
    return any(result.blind)


def _separators(
    canvas: Image.Image, layout: SheetLayout, leading: frozenset[int], colours: Palette
) -> None:
    """Thin rules between player columns (not across the leader's tinted column)."""
    bottom = layout.footer_top
    for seat in range(1, layout.players):
        if seat in leading or seat - 1 in leading:
            continue
        x = layout.column_left(seat)
        fill(canvas, (x, layout.body_top, x + 1, bottom), colours.line)


def _footer(
    canvas: Image.Image,
    layout: SheetLayout,
    totals: Sequence[int],
    leading: frozenset[int],
    colours: Palette,
    any_blind: bool,
) -> None:
    top = layout.footer_top
    fill(canvas, (PAD, top, layout.column_left(layout.players), top + 2), colours.line)
    cy = top + FOOTER // 2 + 1
    draw_text(canvas, PAD + 8, cy, "Total", SMALL, colours.text, bold=True)
    if any_blind:
        draw_text(canvas, PAD + 8, cy + 16, "* blind", TINY - 3, colours.muted)
    for seat, total in enumerate(totals):
        colour = colours.gold if seat in leading else colours.text
        right = layout.column_left(seat) + layout.cell - CELL_PAD
        draw_text(canvas, right, cy, signed(total), BODY, colour, bold=True, align="r")


def render_score_sheet(
    players: Sequence[str],
    results: Sequence[DealResult],
    options: RenderOptions = DEFAULT_OPTIONS,
    *,
    deal_count: int | None = None,
) -> bytes:
    """The score sheet of the finished deals (``view.results`` or ``game.results()``);
    ``deal_count`` only feeds the title ("after deal 6 of 25", or "final")."""
    return encode_picture(
        draw_score_sheet(players, results, options, deal_count=deal_count), options
    )
