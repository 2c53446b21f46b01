"""Final standings: places (equal totals share a place), totals, shared wins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image

from engine.game import DealResult
from engine.scoring import standings
from i18n import Words, words_for
from render.canvas import draw_disc, draw_mark, fill_rounded, new_canvas, ring_rounded
from render.encoding import encode_picture
from render.names import player_names
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import BRONZE, MEDAL_INK, RGB, SILVER, Palette, palette
from render.text import draw_text, made_call, signed_points
from render.widgets import BODY, PAD, SMALL, TINY, TITLE, draw_pill, fitted, pill_width

WIDTH: Final = 680
HEADER: Final = 92
ROW: Final = 66
ROW_GAP: Final = 8
MEDAL: Final = 20
MAX_PLAYERS: Final = 8


def _headline(
    names: tuple[str, ...], winners: tuple[int, ...], best: int, words: Words, tenths: bool
) -> str:
    points = signed_points(best, tenths)
    if len(winners) == 1:
        return words.n("{name} wins with {points} point", "{name} wins with {points} points",
                       abs(best) // 10 if tenths else abs(best), name=names[winners[0]],
                       points=points)
    listed = words.t("{names} and {last}", names=", ".join(names[seat] for seat in winners[:-1]),
                     last=names[winners[-1]])
    return words.t("Shared win: {names} with {points}", names=listed, points=points)


def _medal(place: int, colours: Palette) -> tuple[RGB, RGB]:
    """(fill, text) of a place's medal."""
    if place == 1:
        return colours.gold, colours.on_gold
    if place == 2:
        return SILVER, MEDAL_INK
    if place == 3:
        return BRONZE, MEDAL_INK
    return colours.panel_alt, colours.text


def draw_final_standings(
    players: Sequence[str],
    totals: Sequence[int],
    options: RenderOptions = DEFAULT_OPTIONS,
    *,
    results: Sequence[DealResult] = (),
) -> Image.Image:
    """Final standings: a line per player, best place first, winners ringed in gold."""
    n = len(players)
    if not 1 <= n <= MAX_PLAYERS or len(totals) != n:
        raise ValueError(
            f"final standings need one total per player (1 to {MAX_PLAYERS}): "
            f"got {n} players and {len(totals)} totals"
        )
    colours = palette(options)
    words = words_for(options.language)
    names = player_names(tuple(players), words)
    places, winners = standings(tuple(totals))
    shared = len(winners) > 1
    height = PAD + HEADER + n * (ROW + ROW_GAP) - ROW_GAP + PAD
    canvas = new_canvas(WIDTH, height, colours.background)
    title = fitted(words.t("Final standings"), TITLE, True, WIDTH - 2 * PAD)
    draw_text(canvas, PAD, PAD + 18, title, TITLE, colours.text, bold=True)
    headline = _headline(names, winners, max(totals), words, options.callbreak)
    headline = fitted(headline, BODY, True, WIDTH - 2 * PAD)
    draw_text(canvas, PAD, PAD + 58, headline, BODY, colours.gold, bold=True)
    order = sorted(range(n), key=lambda seat: (places[seat], seat))
    for row, seat in enumerate(order):
        top = PAD + HEADER + row * (ROW + ROW_GAP)
        box = (PAD, top, WIDTH - PAD, top + ROW)
        cy = top + ROW // 2
        won = seat in winners
        if won:
            ring_rounded(canvas, box, 14, colours.gold, 3, colours.gold_tint)
        else:
            fill_rounded(canvas, box, 14, colours.panel)
        fill, ink = _medal(places[seat], colours)
        draw_disc(canvas, PAD + 18 + MEDAL, cy, MEDAL, fill)
        draw_text(canvas, PAD + 18 + MEDAL, cy, str(places[seat]), BODY, ink, bold=True, align="m")
        name_x = PAD + 2 * MEDAL + 34
        badge = words.t("SHARED WIN") if won and shared else (words.t("WINNER") if won else "")
        badge_width = pill_width(badge, TINY) + 10 if badge else 0
        room = WIDTH - PAD - 150 - name_x - badge_width
        stats = _hits_line(results, seat, words, options.callbreak)
        name_y = cy - 10 if stats else cy
        name_width = draw_text(
            canvas,
            name_x,
            name_y,
            fitted(names[seat], BODY, True, room),
            BODY,
            colours.text,
            bold=True,
        )
        if badge:
            draw_pill(
                canvas,
                name_x + name_width + 10,
                name_y,
                badge,
                (colours.on_gold, colours.gold),
                size=TINY,
                height=24,
            )
        if stats:
            stats = fitted(stats, TINY, False, WIDTH - PAD - 150 - name_x)
            draw_text(canvas, name_x, cy + 14, stats, TINY, colours.muted)
        if won:
            draw_mark(canvas, "crown", WIDTH - PAD - 136, cy, 24, colours.gold)
        points_unit = words.t("pts")
        unit = draw_text(
            canvas, WIDTH - PAD - 16, cy + 2, points_unit, SMALL, colours.muted, align="r"
        )
        draw_text(
            canvas,
            WIDTH - PAD - 22 - unit,
            cy,
            signed_points(totals[seat], options.callbreak),
            TITLE,
            colours.gold if won else colours.text,
            bold=True,
            align="r",
        )
    return canvas


def _hits_line(
    results: Sequence[DealResult], seat: int, words: Words, at_least: bool = False
) -> str:
    if not results or any(seat >= len(result.bids) for result in results):
        return ""
    hits = sum(1 for result in results
               if made_call(result.bids[seat], result.tricks[seat], at_least))
    if at_least:
        return words.n("made {hits} of {count} call", "made {hits} of {count} calls",
                       len(results), hits=hits)
    return words.n("hit {hits} of {count} bid", "hit {hits} of {count} bids", len(results),
                   hits=hits)


def render_final_standings(
    players: Sequence[str],
    totals: Sequence[int],
    options: RenderOptions = DEFAULT_OPTIONS,
    *,
    results: Sequence[DealResult] = (),
) -> bytes:
    """Places (shared on equal totals), totals and the winner or shared winners; with
    ``results``, each line also says how many bids that player hit."""
    return encode_picture(draw_final_standings(players, totals, options, results=results), options)
