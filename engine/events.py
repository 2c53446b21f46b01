"""Events: what an applied action did, for interfaces to show.

Events are frozen and carry everything needed to describe the moment, so a bot can
turn them into messages without reading the game again.

They are named tuples rather than frozen dataclasses on purpose: a trick's event is
made on the play path, and a named tuple is built several times faster while being
just as immutable and hashable, with fields read by name.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from engine.actions import MAX_SEATS
from engine.cards import DECK, Card, Suit


class FirstDealerChosen(NamedTuple):
    dealer: int
    draws: tuple[tuple[Card | None, ...], ...]


class DealStarted(NamedTuple):
    number: int
    """1-based deal number."""
    deal_count: int
    hand_size: int
    dealer: int
    trump: Suit | None
    turn_up: Card | None
    first_to_act: int


class BidMade(NamedTuple):
    seat: int
    bid: int | None
    """``None`` while simultaneous bids are still hidden."""
    blind: bool
    next_seat: int | None
    """Whose turn it is now (``None``: bidding is over, or bids are simultaneous)."""


class BidsRevealed(NamedTuple):
    """All simultaneous bids, shown together."""

    bids: tuple[int, ...]
    blind: tuple[bool, ...]


class CardPlayed(NamedTuple):
    seat: int
    card: Card


class TrickWon(NamedTuple):
    winner: int
    number: int
    """1-based trick number within the deal."""
    leader: int
    cards: tuple[Card, ...]
    """The trick's cards in play order, starting with the leader's."""
    winning_card: Card

    def seat_of(self, position: int, players: int) -> int:
        """The seat that played ``cards[position]``."""
        return (self.leader + position) % players


CompletedTrick = TrickWon
"""A finished trick is kept as the event that announced it."""


class DealScored(NamedTuple):
    number: int
    hand_size: int
    trump: Suit | None
    dealer: int
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]


class GameOver(NamedTuple):
    totals: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    FirstDealerChosen
    | DealStarted
    | BidMade
    | BidsRevealed
    | CardPlayed
    | TrickWon
    | DealScored
    | GameOver
)

# One-element tuples for the commonest result (a card played mid-trick), built once.
CARD_PLAYED_ONLY: Final[tuple[tuple[tuple[CardPlayed], ...], ...]] = tuple(
    tuple((CardPlayed(seat, card),) for card in DECK) for seat in range(MAX_SEATS)
)
