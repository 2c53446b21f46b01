"""The first-dealer draw: each player's drawn card (and redraws after ties), the
player who deals first highlighted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image

from engine.cards import Card
from i18n import Words, words_for
from render.canvas import new_canvas
from render.cards import TABLE_CARD_WIDTH, card_height, card_tile, glow_tile
from render.encoding import encode_picture
from render.names import player_names
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import palette
from render.text import draw_text
from render.widgets import BODY, PAD, SMALL, TINY, TITLE, draw_pill, fitted

CARD_WIDTH: Final = TABLE_CARD_WIDTH
COLUMN: Final = 116
LABEL_COLUMN: Final = 92
HEADER: Final = 96
NAME_ROW: Final = 44
ROUND_GAP: Final = 22
FOOTER: Final = 48
MIN_WIDTH: Final = 560
MAX_PLAYERS: Final = 8
MAX_ROUNDS: Final = 6
"""Ties are rare; a draw needing more rounds than this is shown by its last ones."""


def _round_label(number: int, words: Words) -> str:
    """"1st draw", "2nd draw"…: a phrase per round, since ordinals differ by language."""
    ordinals = {1: words.t("1st draw"), 2: words.t("2nd draw"), 3: words.t("3rd draw")}
    return ordinals.get(number) or words.t("Draw {number}", number=number)


def draw_dealer_draw(
    players: Sequence[str],
    draws: Sequence[Sequence[Card | None]],
    first_dealer: int,
    options: RenderOptions = DEFAULT_OPTIONS,
) -> Image.Image:
    """The first-dealer draw: a column per player, a row per draw round."""
    n = len(players)
    if not 1 <= n <= MAX_PLAYERS:
        raise ValueError(f"a dealer draw has 1 to {MAX_PLAYERS} players, not {n}")
    if not 0 <= first_dealer < n:
        raise ValueError(f"the first dealer must be a seat from 0 to {n - 1}, not {first_dealer}")
    if any(len(round_) != n for round_ in draws):
        raise ValueError(f"every draw round needs one entry per player ({n})")
    colours = palette(options)
    words = words_for(options.language)
    names = player_names(tuple(players), words)
    first_round = max(0, len(draws) - MAX_ROUNDS)
    rounds = list(enumerate(draws))[first_round:] or [(0, (None,) * n)]
    height_card = card_height(CARD_WIDTH)
    width = max(MIN_WIDTH, 2 * PAD + LABEL_COLUMN + n * COLUMN)
    grid_left = width - PAD - n * COLUMN
    body_top = PAD + HEADER + NAME_ROW
    height = body_top + len(rounds) * (height_card + ROUND_GAP) + FOOTER + PAD
    canvas = new_canvas(width, height, colours.background)
    title = fitted(words.t("Drawing for first dealer"), TITLE, True, width - 2 * PAD)
    draw_text(canvas, PAD, PAD + 18, title, TITLE, colours.text, bold=True)
    rule = words.t("Highest card deals first · suits don't count · ties draw again")
    draw_text(
        canvas, PAD, PAD + 58, fitted(rule, SMALL, False, width - 2 * PAD), SMALL, colours.muted
    )
    for seat, name in enumerate(names):
        centre = grid_left + seat * COLUMN + COLUMN // 2
        text = fitted(name, SMALL, True, COLUMN - 24)
        style = (
            (colours.on_gold, colours.gold)
            if seat == first_dealer
            else (colours.text, colours.panel)
        )
        draw_pill(canvas, centre, PAD + HEADER + NAME_ROW // 2 - 4, text, style, align="m")
    last_card: dict[int, tuple[int, int]] = {}
    for row, (number, drawn) in enumerate(rounds):
        top = body_top + row * (height_card + ROUND_GAP)
        label = fitted(_round_label(number + 1, words), SMALL, True, grid_left - PAD - 4)
        draw_text(canvas, PAD, top + height_card / 2 - 10, label, SMALL, colours.text, bold=True)
        if number + 1 < len(draws):
            again = fitted(words.t("tie: again"), TINY, False, grid_left - PAD - 4)
            draw_text(canvas, PAD, top + height_card / 2 + 14, again, TINY, colours.muted)
        for seat, card in enumerate(drawn):
            if card is None:
                continue
            x = grid_left + seat * COLUMN + (COLUMN - CARD_WIDTH) // 2
            last_card[seat] = (x, top)
    for row, (number, drawn) in enumerate(rounds):
        top = body_top + row * (height_card + ROUND_GAP)
        # The players tied for the highest card are the ones drawing next round.
        tied = draws[number + 1] if number + 1 < len(draws) else (None,) * n
        for seat, card in enumerate(drawn):
            if card is None:
                continue
            x = grid_left + seat * COLUMN + (COLUMN - CARD_WIDTH) // 2
            if seat == first_dealer and last_card.get(seat) == (x, top):
                glow_tile(CARD_WIDTH, colours.gold).paste(canvas, x, top)
            card_tile(card, options.four_colour, CARD_WIDTH).paste(canvas, x, top)
            if tied[seat] is not None:
                tag = (colours.on_accent, colours.accent)
                draw_pill(
                    canvas,
                    x + CARD_WIDTH // 2,
                    top + height_card,
                    fitted(words.t("tie"), TINY, True, COLUMN - 12 - TINY),
                    tag,
                    size=TINY,
                    height=22,
                    align="m",
                )
    footer_y = body_top + len(rounds) * (height_card + ROUND_GAP) + FOOTER // 2 - 6
    dealer_centre = grid_left + first_dealer * COLUMN + COLUMN // 2
    # Centred under the dealer's column: at the edge column it may spread into the margin.
    deals_first = fitted(words.t("Deals first"), SMALL, True, COLUMN + PAD - SMALL)
    draw_pill(
        canvas, dealer_centre, footer_y, deals_first, (colours.on_gold, colours.gold), align="m"
    )
    summary = words.t("{name} deals first", name=names[first_dealer])
    summary = fitted(summary, BODY, True, grid_left - PAD - 8)
    if grid_left - PAD > 200:
        draw_text(canvas, PAD, footer_y, summary, BODY, colours.gold, bold=True)
    return canvas


def render_dealer_draw(
    players: Sequence[str],
    draws: Sequence[Sequence[Card | None]],
    first_dealer: int,
    options: RenderOptions = DEFAULT_OPTIONS,
) -> bytes:
    """The draw for first dealer (``view.dealer_draws`` or ``FirstDealerChosen.draws``:
    one tuple per round, one entry per seat, ``None`` for seats not drawing in that
    round), the player who deals first highlighted."""
    return encode_picture(draw_dealer_draw(players, draws, first_dealer, options), options)
