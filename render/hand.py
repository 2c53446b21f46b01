"""A player's hand: sorted by suit with trump first and set apart, numbered to match
the play controls, cards that can't be played now dimmed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from PIL import Image

from engine.cards import Card
from engine.game import Phase
from engine.kinds import AnyView
from i18n import Words, words_for
from render.canvas import fill_rounded, new_canvas, ring_rounded
from render.cards import HAND_CARD_WIDTH, back_tile, card_height, card_tile, dimmed_tile
from render.describe import bid_and_won, my_status
from render.encoding import encode_picture
from render.names import player_names
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.order import suit_groups
from render.palette import Palette, palette
from render.text import draw_text
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

BLOCKED_RING: Final = 2
"""The outline of a dimmed card's number: it must show on any background."""

CARD_WIDTH: Final = HAND_CARD_WIDTH
CARD_HEIGHT: Final = card_height(CARD_WIDTH)
CARD_GAP: Final = 8
"""Between cards when the hand fits without overlapping."""
SUIT_GAP: Final = 14
TRUMP_GAP: Final = 28
"""After the trump suit: trumps stand apart from the rest of the hand."""
MAX_WIDTH: Final = 1000
MIN_WIDTH: Final = 600
LIFT: Final = 14
"""How far playable cards rise when it is the player's turn."""
HEADER: Final = 76
RIBBON: Final = 24
NUMBER_HEIGHT: Final = 28
CARD_TOP: Final = PAD + HEADER + RIBBON + LIFT
"""Top of a card that is not lifted."""
HEIGHT: Final = CARD_TOP + CARD_HEIGHT + 8 + NUMBER_HEIGHT + PAD
"""Every hand picture has this height, whatever the number of cards."""
NUMBER_Y: Final = CARD_TOP + CARD_HEIGHT + 8 + NUMBER_HEIGHT // 2


CardState = Literal["playable", "blocked", "idle"]
"""On the player's turn to play a card is ``playable`` (lifted, numbered in the accent
colour) or ``blocked`` (dimmed); at any other time every card is ``idle``."""


@dataclass(frozen=True, slots=True)
class PlacedCard:
    card: Card
    number: int
    """Its 1-based position in :func:`render.order.hand_order`: the control's number."""
    x: int
    y: int
    """Top-left corner of the card on the picture (lifted cards sit higher)."""
    visible: int
    """Width of the card not covered by the next one: where its number goes."""
    state: CardState


@dataclass(frozen=True, slots=True)
class HandLayout:
    width: int
    height: int
    cards: tuple[PlacedCard, ...]
    trump_span: tuple[int, int] | None
    """Left and right x of the trump suit, set apart under a ribbon."""


def _row(
    groups: tuple[tuple[Card, ...], ...], trump_first: bool
) -> tuple[list[tuple[Card, int]], int]:
    """Card x positions from 0, and the row's width. Cards overlap only as much as
    needed to keep the picture within ``MAX_WIDTH``."""
    count = sum(len(group) for group in groups)
    gaps = [TRUMP_GAP if trump_first and i == 0 else SUIT_GAP for i in range(len(groups) - 1)]
    room = MAX_WIDTH - 2 * PAD - sum(gaps)
    step = CARD_WIDTH + CARD_GAP
    if count > 1 and CARD_WIDTH + (count - 1) * step > room:
        step = (room - CARD_WIDTH) // (count - 1)
    row: list[tuple[Card, int]] = []
    x = 0
    for index, group in enumerate(groups):
        for card in group:
            row.append((card, x))
            x += step
        if index < len(gaps):
            x += gaps[index]
    return row, (row[-1][1] + CARD_WIDTH if row else 0)


def layout_hand(view: AnyView) -> HandLayout:
    """Where every card of the view's hand goes, and in which state."""
    groups = suit_groups(view.hand, view.trump)
    trump_first = bool(groups) and view.trump is not None and groups[0][0].suit == view.trump
    row, row_width = _row(groups, trump_first)
    if view.hand_hidden:
        row_width = len(view.players) * (CARD_WIDTH + CARD_GAP + 6) - CARD_GAP - 6
    width = max(MIN_WIDTH, row_width + 2 * PAD)
    left = (width - row_width) // 2
    my_play = view.phase is Phase.PLAYING and view.turn == view.seat
    legal = frozenset(view.legal_cards)
    placed = []
    for index, (card, x) in enumerate(row):
        visible = min(CARD_WIDTH, row[index + 1][1] - x) if index + 1 < len(row) else CARD_WIDTH
        state: CardState = "idle"
        if my_play:
            state = "playable" if card in legal else "blocked"
        y = CARD_TOP - LIFT if state == "playable" else CARD_TOP
        placed.append(PlacedCard(card, index + 1, left + x, y, visible, state))
    span = None
    if trump_first:
        last_trump = placed[len(groups[0]) - 1]
        span = (placed[0].x, last_trump.x + CARD_WIDTH)
    return HandLayout(width, HEIGHT, tuple(placed), span)


def draw_hand(view: AnyView, options: RenderOptions = DEFAULT_OPTIONS) -> Image.Image:
    """The hand of the view's seat (see :func:`layout_hand` for where each card goes)."""
    if view.seat is None:
        raise ValueError("a hand picture needs a player's own view (a SeatView with a seat)")
    colours = palette(options)
    words = words_for(options.language)
    layout = layout_hand(view)
    canvas = new_canvas(layout.width, layout.height, colours.background)
    _header(canvas, view, colours, options, words)
    if view.hand_hidden:
        _draw_blind_deal(canvas, view, colours, options, words)
    elif not layout.cards:
        over = view.phase is Phase.GAME_OVER
        message = words.t("The game is over") if over else words.t("No cards in hand")
        y = CARD_TOP + CARD_HEIGHT / 2
        draw_text(canvas, layout.width / 2, y, message, BODY, colours.muted, align="m")
    else:
        _draw_cards(canvas, layout, colours, options, words)
    return canvas


def _header(
    canvas: Image.Image, view: AnyView, colours: Palette, options: RenderOptions, words: Words
) -> None:
    names = player_names(view.players, words)
    right = canvas.width - PAD
    badge = trump_badge_width(view.trump, words)
    draw_trump_badge(
        canvas, right - badge, PAD + 15, view.trump, colours, options.four_colour, words
    )
    deal = words.t("Deal {number} of {count}", number=view.deal_number, count=view.deal_count)
    deal_width = pill_width(deal)
    deal_x = right - badge - 8 - deal_width
    draw_pill(canvas, deal_x, PAD + 15, deal, (colours.text, colours.panel_alt))
    title = fitted(words.t("Your hand"), TITLE, True, deal_x - PAD - 16)
    draw_text(canvas, PAD, PAD + 15, title, TITLE, colours.text, bold=True)
    status, my_move = my_status(view, names, words)
    score = bid_and_won(view, words)
    score_width = draw_text(canvas, right, PAD + 52, score, BODY, colours.muted, align="r")
    status = fitted(status, BODY, my_move, canvas.width - 2 * PAD - score_width - 16)
    colour = colours.accent if my_move else colours.muted
    draw_text(canvas, PAD, PAD + 52, status, BODY, colour, bold=my_move)


def _draw_cards(
    canvas: Image.Image,
    layout: HandLayout,
    colours: Palette,
    options: RenderOptions,
    words: Words,
) -> None:
    if layout.trump_span is not None:
        left, right = layout.trump_span
        top = PAD + HEADER
        fill_rounded(canvas, (left, top, right, top + 20), 6, colours.gold)
        draw_text(
            canvas,
            (left + right) / 2,
            top + 10,
            fitted(words.t("TRUMP"), TINY, True, right - left - 4),
            TINY,
            colours.on_gold,
            bold=True,
            align="m",
        )
    four = options.four_colour
    for spot in layout.cards:
        centre = spot.x + spot.visible // 2
        if spot.state == "blocked":
            dimmed_tile(spot.card, four, CARD_WIDTH, colours.background).paste(
                canvas, spot.x, spot.y
            )
            _blocked_number(canvas, centre, spot.number, colours)
            continue
        card_tile(spot.card, four, CARD_WIDTH).paste(canvas, spot.x, spot.y)
        if spot.state == "playable":
            pill = (colours.on_accent, colours.accent)
        else:
            pill = (colours.text, colours.panel_alt)
        draw_pill(
            canvas,
            centre,
            NUMBER_Y,
            str(spot.number),
            pill,
            size=SMALL,
            height=NUMBER_HEIGHT,
            align="m",
        )


def _blocked_number(canvas: Image.Image, centre: int, number: int, colours: Palette) -> None:
    """A hollow badge in the muted ink: an outline reads on a white background, where
    a pale filled one vanished, and it still looks unlike the playable cards' solid ones."""
    text = str(number)
    width = pill_width(text, SMALL)
    left, top = centre - width // 2, NUMBER_Y - NUMBER_HEIGHT // 2
    box = (left, top, left + width, top + NUMBER_HEIGHT)
    ring_rounded(canvas, box, NUMBER_HEIGHT // 2, colours.muted, BLOCKED_RING, colours.background)
    draw_text(canvas, left + width / 2, NUMBER_Y, text, SMALL, colours.muted, bold=True, align="m")


def _draw_blind_deal(
    canvas: Image.Image, view: AnyView, colours: Palette, options: RenderOptions, words: Words
) -> None:
    """The one-card blind deal: your own card face down, everyone else's face up."""
    names = player_names(view.players, words)
    seat = view.seat if view.seat is not None else 0
    caption = words.t("Blind deal: you see everyone's card but your own")
    draw_text(
        canvas,
        PAD,
        PAD + HEADER + 10,
        fitted(caption, SMALL, False, canvas.width - 2 * PAD),
        SMALL,
        colours.muted,
    )
    entries: list[tuple[int, Card | None]] = [(seat, None)]
    entries += [(other, card) for other, card in enumerate(view.others_cards) if other != seat]
    x = (canvas.width - (len(entries) * (CARD_WIDTH + CARD_GAP + 6) - CARD_GAP - 6)) // 2
    for other, card in entries:
        if card is None:
            back_tile(CARD_WIDTH).paste(canvas, x, CARD_TOP)
            label = words.t("You")
        else:
            card_tile(card, options.four_colour, CARD_WIDTH).paste(canvas, x, CARD_TOP)
            label = names[other]
        label = fitted(label, TINY, True, CARD_WIDTH + CARD_GAP)
        draw_text(
            canvas, x + CARD_WIDTH / 2, NUMBER_Y, label, TINY, colours.text, bold=True, align="m"
        )
        x += CARD_WIDTH + CARD_GAP + 6


def render_hand(view: AnyView, options: RenderOptions = DEFAULT_OPTIONS) -> bytes:
    """The hand of the view's seat. The numbers under the cards are positions in
    :func:`render.order.hand_order` (1-based), as used by the play controls."""
    return encode_picture(draw_hand(view, options), options)
