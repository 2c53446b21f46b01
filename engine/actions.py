"""Actions: the frozen records a game's log is made of.

A game is its rules, its seed and this list. Two kinds:

* chance actions — :class:`FirstDealer` and :class:`DealCards` — are produced by the
  seed (or typed in from a paper game) and recorded like any other step;
* player actions — :class:`Bid` and :class:`Play`.

A deal played with real cards at a table, of which only the score is kept (the score
pad), is :class:`DealTally` instead of :class:`DealCards`, then the bids, then
:class:`TricksTaken` instead of the plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.cards import DECK, Card, Suit


@dataclass(frozen=True, slots=True)
class FirstDealer:
    """Who deals first, and the draw that decided it.

    ``draws[r][s]`` is the card seat ``s`` drew in round ``r`` (``None`` when that seat
    did not draw again). An empty ``draws`` records a dealer chosen off the board,
    as when a paper game is typed in.
    """

    dealer: int
    draws: tuple[tuple[Card | None, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class DealCards:
    """The cards of one deal: ``hands[s]`` for each seat, and the turned-up card when
    the rules take trump from it (``None`` when no card was left)."""

    hands: tuple[tuple[Card, ...], ...]
    turn_up: Card | None = None


@dataclass(frozen=True, slots=True)
class DealTally:
    """A deal dealt with real cards that the game does not see (a score pad).

    ``trump`` is only given under turn-up rules, where the table's turned-up card
    decides it (``None``: no trump); otherwise the rules' cycle decides it."""

    trump: Suit | None = None


@dataclass(frozen=True, slots=True)
class TricksTaken:
    """The tricks each seat won in a score-only deal, counted at the table.

    ``revokes[s]`` marks a seat caught revoking: the written rules give it 0 points
    for the deal whatever its tricks. Empty means nobody revoked."""

    tricks: tuple[int, ...]
    revokes: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class Bid:
    """A seat bids ``bid`` tricks; ``blind`` when made before looking at the hand."""

    seat: int
    bid: int
    blind: bool = False


@dataclass(frozen=True, slots=True)
class Play:
    """A seat plays a card."""

    seat: int
    card: Card


Action = FirstDealer | DealCards | DealTally | Bid | Play | TricksTaken
ChanceAction = FirstDealer | DealCards | DealTally
PlayerAction = Bid | Play

MAX_SEATS: Final = 8
MAX_BID: Final = 17

# Interned player actions: the hot path appends these instead of allocating.
PLAY_ACTIONS: Final[tuple[tuple[Play, ...], ...]] = tuple(
    tuple(Play(seat, card) for card in DECK) for seat in range(MAX_SEATS)
)
BID_ACTIONS: Final[tuple[tuple[tuple[Bid, ...], ...], ...]] = tuple(
    tuple(tuple(Bid(seat, bid, blind) for bid in range(MAX_BID + 1)) for blind in (False, True))
    for seat in range(MAX_SEATS)
)
