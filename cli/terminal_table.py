"""The card table as plain text lines for ``kachuful play``: pure functions of the
engine's views and events, no I/O. Words come from the player's catalogue
(:class:`Seating` carries it); scores and standings are in :mod:`cli.terminal_scores`.

Every line fits in :data:`WIDTH` columns: names are shortened for the tables,
long prose is wrapped, and rows are per player so 8 players still fit. Columns are
measured in terminal cells (:func:`cells`), so Devanagari and Gujarati, whose vowel
signs take no column of their own, line up too.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.cards import Card, Suit
from engine.display_order import hand_order, suit_order
from engine.game import Phase
from engine.view import SeatView
from i18n import N_, Words, suit_name, words_for
from render.won_bid import BLIND_MARK as BLIND_MARK
from render.won_bid import WON_BID_LEGEND, won_of_bid

WIDTH: Final = 80
NAME_WIDTH: Final = 22
"""Names longer than this are shortened in tables ("Leela (reference bot)" fits)."""
CHECK: Final = "✓"
CROSS: Final = "✗"
ENGLISH: Final = words_for("en")
BLIND_LEGEND: Final = N_("* blind bid: an exact blind bid scores double")
"""Shown under a table with a blind bid (``*`` is :data:`BLIND_MARK`)."""


def cells(text: str) -> int:
    """Terminal columns ``text`` takes: combining marks and joiners take none, wide
    (East Asian) characters two."""
    width = 0
    for char in text:
        if unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces on the right to ``width`` columns."""
    return text + " " * max(0, width - cells(text))


def pad_left(text: str, width: int) -> str:
    return " " * max(0, width - cells(text)) + text


def clip(text: str, width: int) -> str:
    if cells(text) <= width:
        return text
    kept = ""
    for char in text:
        if cells(kept + char) > width - 1:
            break
        kept += char
    return kept + "…"


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where, which seat is the person at the keyboard, and their words."""

    players: tuple[str, ...]
    human: int
    words: Words = field(default=ENGLISH)

    def name(self, seat: int) -> str:
        return self.players[seat]

    @property
    def second_person(self) -> bool:
        """The person is called "You" (in any of our languages), so their lines read
        "You play", not "You plays"."""
        name = self.players[self.human].casefold()
        return name in ("you", self.words.t("You").casefold())

    def says(self, seat: int, you: str, other: str, **params: Any) -> str:
        """``you`` (a catalogue phrase) for the person called "You", else ``other``
        with ``{name}``: "You bid 2" / "Mira (easy bot) bids 2"."""
        if seat == self.human and self.second_person:
            return self.words.t(you, **params)
        return self.words.t(other, name=self.players[seat], **params)

    def names_width(self) -> int:
        return min(NAME_WIDTH, max(cells(name) for name in self.players))

    def cell(self, seat: int) -> str:
        """The seat's name padded or shortened to the table's name column."""
        return pad(clip(self.players[seat], self.names_width()), self.names_width())


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


def card_count(words: Words, count: int) -> str:
    return words.n("{count} card", "{count} cards", count)


def suit_word(words: Words, suit: Suit) -> str:
    """English shows the symbol alone, as the terminal always has; other languages
    add their card players' name for it (``♠ हुकुम``), as the bot does."""
    return str(suit) if words.language == "en" else suit_name(words, str(suit))


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


def trump_phrase(
    trump: Suit | None, turn_up: Card | None, turn_up_rules: bool, words: Words = ENGLISH
) -> str:
    if turn_up_rules:
        if turn_up is None:
            return words.t("no trump (no card left to turn up)")
        if trump is not None:
            return words.t("trump {trump} (turned up {card})", trump=suit_word(words, trump),
                           card=turn_up)
    if trump is None:
        return words.t("no trump")
    return words.t("trump {trump}", trump=suit_word(words, trump))


def bid_choices(legal: Sequence[int], words: Words = ENGLISH) -> str:
    """``"0 to 5"``, ``"0 to 5, not 2"``, ``"only 0"``: the legal bids are always a
    range with at most the hooked number missing (or 0, under the zero-bid limit)."""
    if len(legal) == 1:
        return words.t("only {bid}", bid=legal[0])
    low, high = min(legal), max(legal)
    missing = [str(b) for b in range(low, high + 1) if b not in legal]
    text = words.t("{low} to {high}", low=low, high=high)
    if not missing:
        return text
    numbers = missing[0]
    for number in missing[1:]:
        numbers = words.t("{first} or {second}", first=numbers, second=number)
    return words.t("{bids}, not {numbers}", bids=text, numbers=numbers)


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
    words = seating.words
    deal = words.t("Deal {number} of {count}", number=number, count=deal_count)
    title = f"━━ {deal} · {card_count(words, hand_size)} · {trump} "
    if first is None:
        bidding = words.t("everyone bids at once")
    else:
        bidding = seating.says(first, N_("You bid first"), N_("{name} bids first"))
    deals = seating.says(dealer, N_("You deal"), N_("{name} deals"))
    return [
        "",
        title + "━" * max(0, min(WIDTH, max(cells(title), 60)) - cells(title)),
        *wrap(words.t("{deals}; {bidding}.", deals=deals, bidding=bidding)),
    ]


def table_lines(view: SeatView, seating: Seating) -> list[str]:
    """Deal status, then one row per player: tricks won/bid, card in this trick."""
    words = seating.words
    if view.phase is Phase.BIDDING:
        stage = words.t("bidding")
    else:
        stage = words.t("trick {number} of {count}", number=len(view.completed_tricks) + 1,
                        count=view.hand_size)
    trump = trump_phrase(view.trump, view.turn_up, view.rules.trump == "turn-up", words)
    deal = words.t("Deal {number} of {count}", number=view.deal_number, count=view.deal_count)
    status = f"{deal} · {card_count(words, view.hand_size)} · {trump} · {stage}"
    lines = ["", *wrap(status)]
    played = {seat: (position, card) for position, (seat, card) in enumerate(view.trick)}
    winner = trick_winner(view.trick, view.trump) if len(view.trick) > 1 else None
    width = seating.names_width()
    dealer_word = words.t("dealer")
    role_width = max(6, cells(dealer_word))
    heading = won_bid_heading(words)
    column = max(7, cells(heading))
    player, this_trick = words.t("Player"), words.t("This trick")
    lines.append(f"  {pad(player, width)} {'':{role_width}} "
                 f"{pad_left(heading, column)}  {this_trick}")
    for seat in range(len(seating.players)):
        marker = "▶" if seat == view.turn else " "
        role = dealer_word if seat == view.dealer else ""
        cell = ""
        if seat in played:
            position, card = played[seat]
            notes = [
                words.t(note)
                for note, applies in ((N_("led"), position == 0), (N_("winning"), seat == winner))
                if applies
            ]
            cell = f"{card} ({', '.join(notes)})" if notes else str(card)
        won_bid = pad_left(_won_bid_cell(view, seat), column)
        row = f"{marker} {seating.cell(seat)} {pad(role, role_width)} {won_bid}  {cell}"
        lines.append(row.rstrip())
    if any(view.blind[seat] and view.bids[seat] is not None for seat in range(len(view.blind))):
        lines.append(words.t(BLIND_LEGEND))
    if view.forbidden_bid is not None and view.dealer is not None:
        total = view.hand_size
        if view.dealer == seating.human:
            text = words.t("You are the dealer and may not bid {bid}: the bids would total "
                           "{total} = the tricks.", bid=view.forbidden_bid, total=total)
        else:
            text = words.t("{name} deals and may not bid {bid} (the bids would total {total}).",
                           name=seating.name(view.dealer), bid=view.forbidden_bid, total=total)
        lines.extend(wrap(text))
    return lines


def won_bid_heading(words: Words) -> str:
    """The column of tricks won against the bid ("2/3": 2 taken of 3 bid), as in the
    pictures: "Won/bid"."""
    legend = words.t(WON_BID_LEGEND)
    return legend[:1].upper() + legend[1:]


def _won_bid_cell(view: SeatView, seat: int) -> str:
    """``"2/3"`` (a blind bid: ``"2/3*"``) lined up on the slash's right side."""
    bid = view.bids[seat]
    if bid is None:
        return "? " if view.has_bid[seat] else "- "  # "?": made but hidden until all have bid
    text = won_of_bid(view.tricks_won[seat], bid, blind=view.blind[seat])
    return text if view.blind[seat] else text + " "


def hand_lines(view: SeatView, numbered: bool, words: Words = ENGLISH) -> list[str]:
    """The seat's hand grouped by suit, trump first. With ``numbered``, legal cards
    carry the numbers the player types; the others are shown but marked ``-``."""
    if view.hand_hidden:
        others = ", ".join(
            glue(f"{view.players[seat]} {card}")
            for seat, card in enumerate(view.others_cards)
            if card is not None
        )
        return [
            words.t("One-card blind deal: you see everyone's card but your own:"),
            *wrap(f"  {others}", indent="  "),
        ]
    cards = hand_order(view.hand, view.trump)
    legal = set(view.legal_cards) if numbered else set()
    number = {card: index for index, card in enumerate(playable_numbering(view), start=1)}
    tag_width = len(f"[{len(number)}]") if numbered else 0
    lines = [words.t("Your hand ({cards}):", cards=card_count(words, len(cards)))]
    groups = [(suit, [card for card in cards if card.suit == suit])
              for suit in suit_order(view.trump)]
    labels = {suit: words.t("{suit} trump", suit=suit) if suit == view.trump else str(suit)
              for suit, _ in groups}
    label_width = max(8, *(cells(label) + 1 for label in labels.values()))
    for suit, group in groups:
        if not group:
            continue
        row = [_hand_cell(card, number.get(card), tag_width, numbered) for card in group]
        lines.extend(_row_of_cells(f"  {pad(labels[suit], label_width)}", row))
    if numbered and legal and len(legal) < len(cards) and view.trick:
        led = view.trick[0][1].suit
        lines.append(words.t("Cards marked - can't be played now: you must follow {suit}.",
                             suit=led))
    return lines


def _hand_cell(card: Card, number: int | None, tag_width: int, numbered: bool) -> str:
    if not numbered:
        return str(card)
    tag = "-" if number is None else f"[{number}]"
    return f"{tag:>{tag_width}} {card!s:<3}"


def _row_of_cells(prefix: str, row: list[str]) -> list[str]:
    """Cells after ``prefix``, continuing under it when they pass the width."""
    lines: list[str] = []
    current = prefix + row[0]
    for cell in row[1:]:
        if cells(current) + 2 + cells(cell) > WIDTH:
            lines.append(current.rstrip())
            current = " " * cells(prefix) + cell
        else:
            current += "  " + cell
    lines.append(current.rstrip())
    return lines
