"""The card table as plain text lines for ``kachuful play``: pure functions of the
engine's views and events, no I/O.

Every line fits in :data:`WIDTH` columns: names are shortened for the tables,
long prose is wrapped, and rows are per player so 8 players still fit.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.cards import Card, Suit
from engine.display_order import hand_order, suit_order
from engine.events import DealScored, GameOver
from engine.game import Phase
from engine.view import SeatView
from render.won_bid import BLIND_MARK as BLIND_MARK
from render.won_bid import WON_BID_LEGEND, won_of_bid

WIDTH: Final = 80
NAME_WIDTH: Final = 22
"""Names longer than this are shortened in tables ("Leela (reference bot)" fits)."""
CHECK: Final = "✓"
CROSS: Final = "✗"
WON_BID_HEADING: Final = WON_BID_LEGEND.capitalize()
"""The column of tricks won against the bid ("2/3": 2 taken of 3 bid), as in the pictures."""
BLIND_LEGEND: Final = f"{BLIND_MARK} blind bid: an exact blind bid scores double"


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where, and which seat is the person at the keyboard."""

    players: tuple[str, ...]
    human: int

    def name(self, seat: int) -> str:
        return self.players[seat]

    @property
    def second_person(self) -> bool:
        """The person is called "You", so their lines read "You play", not "You plays"."""
        return self.players[self.human].casefold() == "you"

    def does(self, seat: int, verb: str, third_person: str) -> str:
        """``"You bid"`` / ``"Mira (easy bot) bids"``."""
        if seat == self.human and self.second_person:
            return f"{self.players[seat]} {verb}"
        return f"{self.players[seat]} {third_person}"

    def names_width(self) -> int:
        return min(NAME_WIDTH, max(len(name) for name in self.players))

    def cell(self, seat: int) -> str:
        """The seat's name padded or shortened to the table's name column."""
        return clip(self.players[seat], self.names_width()).ljust(self.names_width())


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def wrap(text: str, indent: str = "") -> list[str]:
    """Prose wrapped to :data:`WIDTH`; continuation lines get ``indent``. Text
    passed through :func:`glue` is not broken."""
    lines = textwrap.wrap(
        text, WIDTH, subsequent_indent=indent, break_long_words=True, break_on_hyphens=False
    ) or [""]
    return [line.replace(_GLUE, " ") for line in lines]


_GLUE: Final = "\u00a0"  # textwrap breaks only at ASCII whitespace


def glue(text: str) -> str:
    """``text`` kept on one line by :func:`wrap` ("Tara (medium bot) 2♥")."""
    return text.replace(" ", _GLUE)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- cards ------------------------------------------------------------------------


def playable_numbering(view: SeatView) -> tuple[Card, ...]:
    """The legal cards in the order they are numbered on screen: number ``k`` is
    element ``k - 1``."""
    legal = set(view.legal_cards)
    return tuple(card for card in hand_order(view.hand, view.trump) if card in legal)


def trick_winner(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> int | None:
    """The seat winning the trick so far: highest trump, else highest of the led suit."""
    if not trick:
        return None
    led = trick[0][1].suit

    def strength(play: tuple[int, Card]) -> int:
        card = play[1]
        if card.suit == trump:
            return 26 + card.rank
        return 13 + card.rank if card.suit == led else 0

    return max(trick, key=strength)[0]


def trump_phrase(trump: Suit | None, turn_up: Card | None, turn_up_rules: bool) -> str:
    if turn_up_rules:
        if turn_up is None:
            return "no trump (no card left to turn up)"
        return f"trump {trump} (turned up {turn_up})"
    return "no trump" if trump is None else f"trump {trump}"


def bid_choices(legal: Sequence[int]) -> str:
    """``"0 to 5"``, ``"0 to 5, not 2"``, ``"only 0"``: the legal bids are always a
    range with at most the hooked number missing (or 0, under the zero-bid limit)."""
    if len(legal) == 1:
        return f"only {legal[0]}"
    low, high = min(legal), max(legal)
    missing = [str(b) for b in range(low, high + 1) if b not in legal]
    text = f"{low} to {high}"
    return f"{text}, not {' or '.join(missing)}" if missing else text


# --- the table ----------------------------------------------------------------------


def deal_heading(
    number: int,
    deal_count: int,
    hand_size: int,
    trump: str,
    dealer: int,
    first: int | None,
    seating: Seating,
) -> list[str]:
    """The lines that open a deal; ``first`` bids first (``None``: all bid at once)."""
    title = f"━━ Deal {number} of {deal_count} · {plural(hand_size, 'card')} · {trump} "
    if first is None:
        bidding = "everyone bids at once"
    else:
        bidding = f"{seating.does(first, 'bid', 'bids')} first"
    return [
        "",
        title.ljust(min(WIDTH, max(len(title), 60)), "━"),
        *wrap(f"{seating.does(dealer, 'deal', 'deals')}; {bidding}."),
    ]


def table_lines(view: SeatView, seating: Seating) -> list[str]:
    """Deal status, then one row per player: tricks won/bid, card in this trick."""
    if view.phase is Phase.BIDDING:
        stage = "bidding"
    else:
        stage = f"trick {len(view.completed_tricks) + 1} of {view.hand_size}"
    trump = trump_phrase(view.trump, view.turn_up, view.rules.trump == "turn-up")
    status = (
        f"Deal {view.deal_number} of {view.deal_count} · "
        f"{plural(view.hand_size, 'card')} · {trump} · {stage}"
    )
    lines = ["", *wrap(status)]
    played = {seat: (position, card) for position, (seat, card) in enumerate(view.trick)}
    winner = trick_winner(view.trick, view.trump) if len(view.trick) > 1 else None
    width = seating.names_width()
    lines.append(f"  {'Player'.ljust(width)} {'':6} {WON_BID_HEADING:>7}  This trick")
    for seat in range(len(seating.players)):
        marker = "▶" if seat == view.turn else " "
        role = "dealer" if seat == view.dealer else ""
        cell = ""
        if seat in played:
            position, card = played[seat]
            notes = [
                note
                for note, applies in (("led", position == 0), ("winning", seat == winner))
                if applies
            ]
            cell = f"{card} ({', '.join(notes)})" if notes else str(card)
        row = f"{marker} {seating.cell(seat)} {role:6} {_won_bid_cell(view, seat):>7}  {cell}"
        lines.append(row.rstrip())
    if any(view.blind[seat] and view.bids[seat] is not None for seat in range(len(view.blind))):
        lines.append(BLIND_LEGEND)
    if view.forbidden_bid is not None and view.dealer is not None:
        total = view.hand_size
        if view.dealer == seating.human:
            text = (
                f"You are the dealer and may not bid {view.forbidden_bid}: "
                f"the bids would total {total} = the tricks."
            )
        else:
            text = (
                f"{seating.name(view.dealer)} deals and may not bid "
                f"{view.forbidden_bid} (the bids would total {total})."
            )
        lines.extend(wrap(text))
    return lines


def _won_bid_cell(view: SeatView, seat: int) -> str:
    """``"2/3"`` (a blind bid: ``"2/3*"``) lined up on the slash's right side."""
    bid = view.bids[seat]
    if bid is None:
        return "? " if view.has_bid[seat] else "- "  # "?": made but hidden until all have bid
    text = won_of_bid(view.tricks_won[seat], bid, blind=view.blind[seat])
    return text if view.blind[seat] else text + " "


def hand_lines(view: SeatView, numbered: bool) -> list[str]:
    """The seat's hand grouped by suit, trump first. With ``numbered``, legal cards
    carry the numbers the player types; the others are shown but marked ``-``."""
    if view.hand_hidden:
        others = ", ".join(
            glue(f"{view.players[seat]} {card}")
            for seat, card in enumerate(view.others_cards)
            if card is not None
        )
        return [
            "One-card blind deal: you see everyone's card but your own:",
            *wrap(f"  {others}", indent="  "),
        ]
    cards = hand_order(view.hand, view.trump)
    legal = set(view.legal_cards) if numbered else set()
    number = {card: index for index, card in enumerate(playable_numbering(view), start=1)}
    tag_width = len(f"[{len(number)}]") if numbered else 0
    lines = [f"Your hand ({plural(len(cards), 'card')}):"]
    for suit in suit_order(view.trump):
        group = [card for card in cards if card.suit == suit]
        if not group:
            continue
        label = f"{suit} trump" if suit == view.trump else str(suit)
        cells = [_hand_cell(card, number.get(card), tag_width, numbered) for card in group]
        lines.extend(_row_of_cells(f"  {label:<8}", cells))
    if numbered and legal and len(legal) < len(cards) and view.trick:
        led = view.trick[0][1].suit
        lines.append(f"Cards marked - can't be played now: you must follow {led}.")
    return lines


def _hand_cell(card: Card, number: int | None, tag_width: int, numbered: bool) -> str:
    if not numbered:
        return str(card)
    tag = "-" if number is None else f"[{number}]"
    return f"{tag:>{tag_width}} {card!s:<3}"


def _row_of_cells(prefix: str, cells: list[str]) -> list[str]:
    """Cells after ``prefix``, continuing under it when they pass the width."""
    lines: list[str] = []
    current = prefix + cells[0]
    for cell in cells[1:]:
        if len(current) + 2 + len(cell) > WIDTH:
            lines.append(current.rstrip())
            current = " " * len(prefix) + cell
        else:
            current += "  " + cell
    lines.append(current.rstrip())
    return lines


# --- scores -------------------------------------------------------------------------


def score_lines(event: DealScored, deal_count: int, seating: Seating) -> list[str]:
    """The deal's score table: tricks won/bid, hit or miss, points, running total."""
    width = seating.names_width()
    trump = "no trump" if event.trump is None else f"trump {event.trump}"
    lines = [
        "",
        f"Scores after deal {event.number} of {deal_count} "
        f"({plural(event.hand_size, 'card')}, {trump}):",
        f"  {'Player'.ljust(width)} {WON_BID_HEADING:>7}    {'Points':>6} {'Total':>6}",
    ]
    for seat in range(len(seating.players)):
        blind = event.blind[seat]
        played = won_of_bid(event.tricks[seat], event.bids[seat], blind=blind)
        mark = CHECK if event.bids[seat] == event.tricks[seat] else CROSS
        lines.append(
            f"  {seating.cell(seat)} {played if blind else played + ' ':>7}  {mark} "
            f"{_signed(event.scores[seat]):>6} {event.totals[seat]:>6}"
        )
    if any(event.blind):
        lines.append(BLIND_LEGEND)
    return lines


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def running_totals_lines(view: SeatView, seating: Seating) -> list[str]:
    """Totals so far and exact bids per player (the ``scores`` command)."""
    done = len(view.results)
    if not done:
        return ["No deal has been scored yet."]
    width = seating.names_width()
    lines = [
        f"After {plural(done, 'deal')} of {view.deal_count}:",
        f"  {'Player'.ljust(width)} {'Total':>6}  Exact bids",
    ]
    for seat in range(len(seating.players)):
        hits = sum(1 for result in view.results if result.hits[seat])
        lines.append(f"  {seating.cell(seat)} {view.totals[seat]:>6}  {hits} of {done}")
    return lines


def standings_lines(event: GameOver, deal_count: int, seating: Seating) -> list[str]:
    """Final places (equal totals share a place) and who won."""
    order = sorted(range(len(seating.players)), key=lambda seat: (event.places[seat], seat))
    lines = ["", f"Final standings after {plural(deal_count, 'deal')}:"]
    for seat in order:
        note = "  winner" if seat in event.winners else ""
        lines.append(
            f"  {event.places[seat]:>2}. {seating.cell(seat)} {event.totals[seat]:>6}{note}"
        )
    winners = [seating.name(seat) for seat in event.winners]
    if len(winners) == 1:
        lines.extend(wrap(f"{seating.does(event.winners[0], 'win', 'wins')} the game!"))
    else:
        names = ", ".join(winners[:-1]) + " and " + winners[-1]
        lines.extend(wrap(f"{names} share the win with {event.totals[event.winners[0]]}!"))
    return lines


def draw_lines(draws: Sequence[Sequence[Card | None]], dealer: int, seating: Seating) -> list[str]:
    """The first-dealer draw, round by round (ties draw again)."""
    lines = ["Drawing for first dealer (highest card deals, ties draw again):"]
    for number, drawn in enumerate(draws, start=1):
        shown = " · ".join(
            glue(f"{seating.name(seat)} {card}")
            for seat, card in enumerate(drawn)
            if card is not None
        )
        lines.extend(wrap(f"  Round {number}: {shown}", indent="    "))
    lines.append(f"{seating.does(dealer, 'deal', 'deals')} first.")
    return lines
