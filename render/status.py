"""The table status: deal n of N, hand size, trump, dealer, bids (with the dealer's
forbidden bid while the dealer is to bid), tricks won against bids, whose turn.
Columns are labelled, and tricks read won/bid as everywhere else."""

from __future__ import annotations

from typing import Final

from PIL import Image

from engine.game import Phase
from engine.kinds import AnyView
from i18n import Words, words_for
from render.canvas import draw_disc, draw_mark, fill_rounded, new_canvas, ring_rounded
from render.cards import TURN_UP_CARD_WIDTH, card_tile
from render.describe import waiting_for
from render.encoding import encode_picture
from render.names import player_names
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import Palette, palette
from render.text import draw_text, signed
from render.widgets import (
    BODY,
    PAD,
    SMALL,
    TINY,
    TITLE,
    draw_pill,
    draw_trump_badge,
    fitted,
    pill_width,
    trump_badge_width,
)
from render.won_bid import WON_BID_LEGEND, won_of_bid

WIDTH: Final = 760
HEADER: Final = 104
"""The title, the phase line and the column labels."""
LABELS_Y: Final = PAD + HEADER - 14
ROW: Final = 52
ROW_GAP: Final = 6
DOT: Final = 7
DOT_STEP: Final = 18
MAX_DOTS: Final = 7
"""Beyond this many tricks to show, dots give way to numbers."""
NAME_X: Final = PAD + 72
BID_X: Final = PAD + 280
TRICKS_X: Final = PAD + 440
TURN_UP_WIDTH: Final = TURN_UP_CARD_WIDTH


def _phase_line(view: AnyView, names: tuple[str, ...], words: Words) -> str:
    waiting = waiting_for(view, names, words)
    if view.phase is Phase.PLAYING:
        number = len(view.completed_tricks) + 1
        return words.t("Trick {number} of {count} · {waiting}",
                       number=number, count=view.hand_size, waiting=waiting)
    if view.phase is Phase.BIDDING:
        return words.t("Bidding · {waiting}", waiting=waiting)
    return waiting


def _bids_line(view: AnyView, words: Words) -> str:
    known = [bid for bid in view.bids if bid is not None]
    if not known or view.phase not in (Phase.BIDDING, Phase.PLAYING):
        return ""
    total, size = sum(known), view.hand_size
    if len(known) < len(view.players):
        return words.n("Bids so far {total} · {count} trick",
                       "Bids so far {total} · {count} tricks", size, total=total)
    if total == size:
        return words.n("Bids {total} = {count} trick", "Bids {total} = {count} tricks",
                       size, total=total)
    if total > size:
        return words.n("Bids {total} for {count} trick (over)",
                       "Bids {total} for {count} tricks (over)", size, total=total)
    return words.n("Bids {total} for {count} trick (under)",
                   "Bids {total} for {count} tricks (under)", size, total=total)


def _header(
    canvas: Image.Image, view: AnyView, colours: Palette, options: RenderOptions, words: Words
) -> None:
    right = WIDTH - PAD
    if view.turn_up is not None:
        # The turned-up card that set trump, as a small card at the top right.
        card_tile(view.turn_up, options.four_colour, TURN_UP_WIDTH).paste(
            canvas, right - TURN_UP_WIDTH, PAD
        )
        right -= TURN_UP_WIDTH + 12
    badge = trump_badge_width(view.trump, words)
    draw_trump_badge(
        canvas, right - badge, PAD + 16, view.trump, colours, options.four_colour, words
    )
    cards = words.n("{count} card", "{count} cards", view.hand_size)
    cards_width = pill_width(cards)
    draw_pill(
        canvas, right - badge - 8 - cards_width, PAD + 16, cards, (colours.text, colours.panel_alt)
    )
    title = words.t("Deal {number} of {count}", number=view.deal_number, count=view.deal_count)
    if view.phase is Phase.GAME_OVER:
        title = words.t("Game over")
    elif view.deal_number == 0:
        title = words.t("Before the first deal")
    title_room = right - badge - 8 - cards_width - PAD - 12
    draw_text(canvas, PAD, PAD + 16, fitted(title, TITLE, True, title_room), TITLE, colours.text,
              bold=True)
    names = player_names(view.players, words)
    bids = _bids_line(view, words)
    bids_width = draw_text(canvas, right, PAD + 54, bids, SMALL, colours.muted, align="r")
    phase = fitted(_phase_line(view, names, words), BODY, False, right - PAD - bids_width - 16)
    draw_text(canvas, PAD, PAD + 54, phase, BODY, colours.muted)


def _draw_tricks(
    canvas: Image.Image, x: int, cy: int, bid: int | None, won: int, colours: Palette
) -> None:
    """Won against bid: filled dots for tricks won within the bid, hollow ones still
    needed, red ones taken beyond it; numbers say the same for long hands."""
    if bid is None:
        return  # bidding: nothing won yet, nothing to measure against
    shown = max(bid, won)
    label = won_of_bid(won, bid)
    if shown > MAX_DOTS or shown == 0:
        draw_text(canvas, x, cy, label, SMALL, colours.text, bold=True)
        return
    target = bid
    for index in range(shown):
        cx = x + DOT + index * DOT_STEP
        if index < min(won, target):
            draw_disc(canvas, cx, cy, DOT, colours.good)
        elif index < target:
            draw_disc(canvas, cx, cy, DOT, colours.muted)
            draw_disc(canvas, cx, cy, DOT - 2, colours.panel)
        else:
            draw_disc(canvas, cx, cy, DOT, colours.bad)
    draw_text(canvas, x + shown * DOT_STEP + 6, cy, label, SMALL, colours.text, bold=True)


def draw_table_status(view: AnyView, options: RenderOptions = DEFAULT_OPTIONS) -> Image.Image:
    """The table status: a header for the deal, then a line per player."""
    colours = palette(options)
    words = words_for(options.language)
    names = player_names(view.players, words)
    n = len(names)
    height = PAD + HEADER + n * (ROW + ROW_GAP) - ROW_GAP + PAD
    canvas = new_canvas(WIDTH, height, colours.background)
    _header(canvas, view, colours, options, words)
    live = view.phase in (Phase.BIDDING, Phase.PLAYING)
    _column_labels(canvas, live, colours, words)
    leader = max(view.totals) if view.totals else 0
    for seat in range(n):
        top = PAD + HEADER + seat * (ROW + ROW_GAP)
        box = (PAD, top, WIDTH - PAD, top + ROW)
        cy = top + ROW // 2
        awaited = live and seat in view.awaiting
        if awaited:
            ring_rounded(canvas, box, 12, colours.accent, 3, colours.panel)
            draw_mark(canvas, "play", PAD + 20, cy, 16, colours.accent)
        else:
            fill_rounded(canvas, box, 12, colours.panel)
        if seat == view.dealer and live:
            draw_disc(canvas, PAD + 50, cy, 13, colours.gold)
            # The dealer's chip: a letter in the reader's script ("D", "बाँ", "વ").
            draw_text(canvas, PAD + 50, cy, words.p("dealer chip", "D"), TINY, colours.on_gold,
                      bold=True, align="m")
        name = fitted(names[seat], BODY, True, BID_X - NAME_X - 14)
        draw_text(canvas, NAME_X, cy, name, BODY, colours.text, bold=True)
        if live:
            _draw_bid(canvas, view, seat, cy, colours, words)
            bid = view.bids[seat]
            _draw_tricks(canvas, TRICKS_X, cy, bid, view.tricks_won[seat], colours)
        total = view.totals[seat] if view.totals else 0
        points = signed(total)
        colour = colours.gold if view.results and total == leader else colours.text
        width = draw_text(
            canvas, WIDTH - PAD - 16, cy, words.t("pts"), TINY, colours.muted, align="r"
        )
        draw_text(canvas, WIDTH - PAD - 20 - width, cy, points, BODY, colour, bold=True, align="r")
    return canvas


def _column_labels(canvas: Image.Image, live: bool, colours: Palette, words: Words) -> None:
    """Say what the bid and tricks columns hold, so "2/3" is never read backwards."""
    if live:
        bid = fitted(words.t("bid"), TINY, True, TRICKS_X - BID_X - 12)
        draw_text(canvas, BID_X + 4, LABELS_Y, bid, TINY, colours.muted, bold=True)
        legend = fitted(words.t(WON_BID_LEGEND), TINY, True, WIDTH - PAD - TRICKS_X - 90)
        draw_text(canvas, TRICKS_X, LABELS_Y, legend, TINY, colours.muted, bold=True)
    right = WIDTH - PAD - 16
    total = words.t("total")
    draw_text(canvas, right, LABELS_Y, total, TINY, colours.muted, bold=True, align="r")


BID_PILL_ROOM: Final = TRICKS_X - BID_X - 12
"""A bid pill's widest: it must end before the tricks column starts."""


def _draw_bid(
    canvas: Image.Image, view: AnyView, seat: int, cy: int, colours: Palette, words: Words
) -> None:
    bid = view.bids[seat]
    if bid is not None:
        blind = view.blind[seat]
        text = words.t("blind {bid}", bid=bid) if blind else words.t("bid {bid}", bid=bid)
        draw_pill(canvas, BID_X, cy, _pill_text(text, True), (colours.text, colours.panel_alt))
    elif view.has_bid[seat]:
        # Simultaneous bidding: the bid is in but stays hidden until all are.
        text = _pill_text(words.t("bid in"), True)
        draw_pill(canvas, BID_X, cy, text, (colours.text, colours.panel_alt))
    elif seat == view.dealer and view.forbidden_bid is not None:
        # The hook is a rule, not a mistake: a quiet note, not the red of a missed bid.
        note = _pill_text(words.t("any bid but {bid}", bid=view.forbidden_bid), False)
        draw_pill(canvas, BID_X, cy, note, (colours.muted, colours.panel_alt), bold=False)
    else:
        draw_text(canvas, BID_X + 8, cy, "—", BODY, colours.muted)


def _pill_text(text: str, bold: bool) -> str:
    return fitted(text, SMALL, bold, BID_PILL_ROOM - SMALL)


def render_table_status(view: AnyView, options: RenderOptions = DEFAULT_OPTIONS) -> bytes:
    """The state of the deal in play (any seat's view, or the public one)."""
    return encode_picture(draw_table_status(view, options), options)
