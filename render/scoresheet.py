"""The score sheet: one row per deal, one column per player, with tricks won/bid,
points and running total; hits and misses marked ✓/✗ (shape and colour); the
current leader's column highlighted. Up to 8 players × 33 deals fit one picture.

Discord shrinks a picture to the width of a phone (about 360 px), so the sheet is
kept narrow enough for its numbers to stay readable there: players who don't fit
side by side go into further bands, one under the other, each with its own deal
column, names and totals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from engine.game import DealResult
from i18n import Words, words_for
from render.blit import fill
from render.canvas import draw_disc, draw_mark, draw_suit_chip, fill_rounded, new_canvas
from render.encoding import encode_picture
from render.names import player_names
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import Palette, blend, palette
from render.text import digit_height, draw_text, made_call, signed_points, text_width
from render.widgets import BODY, PAD, SMALL, TINY, TITLE, fitted
from render.won_bid import WON_BID_LEGEND, won_of_bid

MAX_PLAYERS: Final = 8
MAX_DEALS: Final = 33
DEAL_COLUMN: Final = 92
HEADER: Final = 78
"""The title line and the legend line under it."""
NAMES: Final = 40
FOOTER: Final = 38
BAND_GAP: Final = 18
MARK_RADIUS: Final = 9
CELL_PAD: Final = 7
CELL_GAP: Final = 8
MIN_CELL: Final = 104
"""Narrower cells would leave a name no room to be read."""
MIN_WIDTH: Final = 400
"""Room for the title, the progress and the legend."""
NUMBER_SIZE: Final = TINY
"""The smallest type any number on the sheet uses."""
PHONE_WIDTH: Final = 360
MIN_PHONE_DIGIT: Final = 9
"""Digits at least this high (px) once the picture is shrunk to ``PHONE_WIDTH``."""
READABLE_WIDTH: Final = PHONE_WIDTH * digit_height(NUMBER_SIZE) // MIN_PHONE_DIGIT
"""The widest sheet whose smallest digits keep ``MIN_PHONE_DIGIT`` on a phone."""


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """Where everything on a score sheet goes."""

    players: int
    per_band: int
    """Players side by side in one band; seat ``s`` is in band ``s // per_band``."""
    cell: int
    """Width of one player's column."""
    played_x: int
    """From a cell's left edge to its "won/bid" text."""
    points_right: int
    """From a cell's left edge to the right edge of its points."""
    row: int
    rows: int
    width: int
    height: int

    @property
    def bands(self) -> int:
        return -(-self.players // self.per_band)

    def band_seats(self, band: int) -> range:
        return range(band * self.per_band, min(self.players, (band + 1) * self.per_band))

    @property
    def band_height(self) -> int:
        return NAMES + self.rows * self.row + FOOTER

    def band_top(self, band: int) -> int:
        return PAD + HEADER + band * (self.band_height + BAND_GAP)

    def body_top(self, band: int) -> int:
        """Top of the band's first deal row."""
        return self.band_top(band) + NAMES

    def band_right(self, band: int) -> int:
        return PAD + DEAL_COLUMN + len(self.band_seats(band)) * self.cell

    def column_left(self, seat: int) -> int:
        return PAD + DEAL_COLUMN + (seat % self.per_band) * self.cell

    def row_top(self, index: int, band: int) -> int:
        return self.body_top(band) + index * self.row

    def footer_top(self, band: int) -> int:
        return self.row_top(self.rows, band)

    def mark_centre(self, index: int, seat: int) -> tuple[int, int]:
        """Centre of the ✓/✗ mark of deal ``index`` (0-based row) for ``seat``."""
        top = self.row_top(index, seat // self.per_band)
        return self.column_left(seat) + CELL_PAD + MARK_RADIUS, top + self.row // 2


def _points_text(score: int, tenths: bool) -> str:
    text = signed_points(score, tenths)
    return f"+{text}" if score > 0 else text


def _played_text(result: DealResult, seat: int) -> str:
    return won_of_bid(result.tricks[seat], result.bids[seat], blind=result.blind[seat])


def sheet_layout(
    players: int, results: Sequence[DealResult], tenths: bool = False
) -> SheetLayout:
    """Cells as wide as their widest won/bid, points and total need (names are
    shortened to fit, not the other way round), never narrower than ``MIN_CELL``;
    as many players side by side as fit ``READABLE_WIDTH``, the bands evened out.
    Rows get a little shorter when there are many deals (3 players play 33)."""
    played_texts = {_played_text(result, seat) for result in results for seat in range(players)}
    points_texts = {_points_text(score, tenths) for result in results for score in result.scores}
    total_texts = {signed_points(total, tenths) for result in results for total in result.totals}
    played = max((text_width(text, TINY) for text in played_texts), default=0)
    points = max((text_width(text, TINY) for text in points_texts), default=0)
    totals = max((text_width(text, SMALL, True) for text in total_texts), default=0)
    played_x = CELL_PAD + 2 * MARK_RADIUS + 5
    points_right = played_x + played + CELL_GAP + points
    cell = max(MIN_CELL, points_right + CELL_GAP + totals + CELL_PAD)
    row = 30 if len(results) <= 20 else 26
    rows = max(1, len(results))
    fitting = max(1, (READABLE_WIDTH - 2 * PAD - DEAL_COLUMN) // cell)
    bands = -(-players // fitting)
    per_band = -(-players // bands)
    width = max(MIN_WIDTH, 2 * PAD + DEAL_COLUMN + per_band * cell)
    band_height = NAMES + rows * row + FOOTER
    height = PAD + HEADER + bands * band_height + (bands - 1) * BAND_GAP + PAD
    return SheetLayout(players, per_band, cell, played_x, points_right, row, rows, width, height)


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
    words = words_for(options.language)
    names = player_names(tuple(players), words)
    layout = sheet_layout(len(names), results, options.callbreak)
    canvas = new_canvas(layout.width, layout.height, colours.background)
    totals = results[-1].totals if results else (0,) * len(names)
    leading = leaders(totals) if results else frozenset()
    _title(canvas, results, deal_count, colours, words)
    _legend(canvas, any(any(result.blind) for result in results), colours, words)
    for band in range(layout.bands):
        _leader_columns(canvas, layout, band, leading, colours)
        _names(canvas, layout, band, names, leading, colours, words)
        for index, result in enumerate(results):
            _deal_row(canvas, layout, band, result, index, leading, colours, options)
        if not results:
            y = layout.body_top(band) + layout.row / 2
            empty = fitted(words.t("No deals finished yet"), SMALL, False, layout.width - 3 * PAD)
            draw_text(canvas, PAD + 12, y, empty, SMALL, colours.muted)
        _separators(canvas, layout, band, leading, colours)
        _footer(canvas, layout, band, totals, leading, colours, words, options.callbreak)
    return canvas


def _title(
    canvas: Image.Image,
    results: Sequence[DealResult],
    deal_count: int | None,
    colours: Palette,
    words: Words,
) -> None:
    title = words.t("Score sheet")
    title_width = draw_text(canvas, PAD, PAD + 18, title, TITLE, colours.text, bold=True)
    if not results:
        return
    last = results[-1].number
    if deal_count is not None and last >= deal_count:
        progress = words.t("final")
    elif deal_count is not None:
        progress = words.t("after deal {number} of {count}", number=last, count=deal_count)
    else:
        progress = words.t("after deal {number}", number=last)
    progress = fitted(progress, SMALL, False, canvas.width - 2 * PAD - title_width - 16)
    draw_text(canvas, canvas.width - PAD, PAD + 18, progress, SMALL, colours.muted, align="r")


def _legend(canvas: Image.Image, any_blind: bool, colours: Palette, words: Words) -> None:
    """What a cell holds, in its own order: mark, won/bid, points, total."""
    cy = PAD + 56
    x = PAD + MARK_RADIUS
    for hit, word in ((True, words.t("hit")), (False, words.t("miss"))):
        draw_disc(canvas, x, cy, MARK_RADIUS, colours.good if hit else colours.bad)
        draw_mark(canvas, "check" if hit else "cross", x, cy, 12, colours.on_accent)
        x += MARK_RADIUS + 5 + draw_text(canvas, x + MARK_RADIUS + 5, cy, word, TINY, colours.muted)
        x += 12 + MARK_RADIUS
    parts = [words.t(WON_BID_LEGEND), words.t("points"), words.t("total")]
    parts += [words.t("* blind")] if any_blind else []
    text = fitted(" · ".join(parts), TINY, True, canvas.width - PAD - (x - MARK_RADIUS))
    draw_text(canvas, x - MARK_RADIUS, cy, text, TINY, colours.muted, bold=True)


def _leader_columns(
    canvas: Image.Image,
    layout: SheetLayout,
    band: int,
    leading: frozenset[int],
    colours: Palette,
) -> None:
    """The leader's column is tinted gold from its name to its total."""
    bottom = layout.footer_top(band) + FOOTER
    for seat in leading.intersection(layout.band_seats(band)):
        left = layout.column_left(seat)
        box = (left + 2, layout.band_top(band) + 4, left + layout.cell - 2, bottom)
        fill_rounded(canvas, box, 10, colours.gold_tint)


def _names(
    canvas: Image.Image,
    layout: SheetLayout,
    band: int,
    names: tuple[str, ...],
    leading: frozenset[int],
    colours: Palette,
    words: Words,
) -> None:
    cy = layout.band_top(band) + NAMES // 2 + 2
    deal = fitted(words.t("Deal"), TINY, True, DEAL_COLUMN - 12)
    draw_text(canvas, PAD + 8, cy, deal, TINY, colours.muted, bold=True)
    for seat in layout.band_seats(band):
        name = names[seat]
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
    band: int,
    result: DealResult,
    index: int,
    leading: frozenset[int],
    colours: Palette,
    options: RenderOptions,
) -> None:
    """One deal's line in one band."""
    top, row, cell = layout.row_top(index, band), layout.row, layout.cell
    seats = layout.band_seats(band)
    if index % 2 == 1:  # striped rows guide the eye along a deal
        fill(canvas, (PAD, top, layout.band_right(band), top + row), colours.panel_alt)
        for seat in leading.intersection(seats):  # keeping the leader's tint through the stripe
            left = layout.column_left(seat)
            tint = blend(colours.gold_tint, colours.panel_alt, 0.35)
            fill(canvas, (left + 2, top, left + cell - 2, top + row), tint)
    cy = top + row // 2
    draw_text(canvas, PAD + 30, cy, str(result.number), SMALL, colours.text, bold=True, align="r")
    draw_text(canvas, PAD + 56, cy, str(result.hand_size), TINY, colours.muted, align="r")
    if result.trump is not None:
        draw_suit_chip(canvas, result.trump, PAD + 74, cy, row - 10, options.four_colour)
    else:
        no_trump = words_for(options.language).t("NT")
        draw_text(canvas, PAD + 74, cy, no_trump, TINY - 3, colours.muted, bold=True, align="m")
    for seat in seats:
        left = layout.column_left(seat)
        hit = made_call(result.bids[seat], result.tricks[seat], options.callbreak)
        mark_x, mark_y = layout.mark_centre(index, seat)
        draw_disc(canvas, mark_x, mark_y, MARK_RADIUS, colours.good if hit else colours.bad)
        draw_mark(canvas, "check" if hit else "cross", mark_x, mark_y, 12, colours.on_accent)
        played = _played_text(result, seat)
        draw_text(canvas, left + layout.played_x, cy, played, TINY, colours.text)
        points = _points_text(result.scores[seat], options.callbreak)
        points_colour = colours.good if hit else colours.muted
        draw_text(canvas, left + layout.points_right, cy, points, TINY, points_colour, align="r")
        total = signed_points(result.totals[seat], options.callbreak)
        right = left + cell - CELL_PAD
        draw_text(canvas, right, cy, total, SMALL, colours.text, bold=True, align="r")


def _separators(
    canvas: Image.Image,
    layout: SheetLayout,
    band: int,
    leading: frozenset[int],
    colours: Palette,
) -> None:
    """Thin rules between player columns (not across the leader's tinted column)."""
    top, bottom = layout.body_top(band), layout.footer_top(band)
    for seat in layout.band_seats(band)[1:]:
        if seat in leading or seat - 1 in leading:
            continue
        x = layout.column_left(seat)
        fill(canvas, (x, top, x + 1, bottom), colours.line)


def _footer(
    canvas: Image.Image,
    layout: SheetLayout,
    band: int,
    totals: Sequence[int],
    leading: frozenset[int],
    colours: Palette,
    words: Words,
    tenths: bool = False,
) -> None:
    top = layout.footer_top(band)
    fill(canvas, (PAD, top, layout.band_right(band), top + 2), colours.line)
    cy = top + FOOTER // 2 + 1
    total = fitted(words.t("Total"), SMALL, True, DEAL_COLUMN - 12)
    draw_text(canvas, PAD + 8, cy, total, SMALL, colours.text, bold=True)
    for seat in layout.band_seats(band):
        colour = colours.gold if seat in leading else colours.text
        right = layout.column_left(seat) + layout.cell - CELL_PAD
        draw_text(canvas, right, cy, signed_points(totals[seat], tenths), BODY, colour, bold=True,
                  align="r")


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
