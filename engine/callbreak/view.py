"""A Call Break seat's view: exactly what one seat may know, as plain frozen data.

Like Kachuful's :class:`engine.view.SeatView`, it holds no reference to the game, so a
display or a computer player given a view cannot reach another player's hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.callbreak.rules import CallBreakRules
from engine.cards import Card, Suit
from engine.events import CompletedTrick
from engine.game_phase import Phase
from engine.results import DealResult

if TYPE_CHECKING:
    from engine.callbreak.state import CallBreakState


@dataclass(frozen=True, slots=True)
class CallBreakView:
    seat: int | None
    players: tuple[str, ...]
    rules: CallBreakRules
    phase: Phase
    deal_number: int
    deal_count: int
    hand_size: int
    dealer: int | None
    turn: int | None
    hand: tuple[Card, ...]
    """The seat's own cards; empty in the public view."""
    bids: tuple[int | None, ...]
    """The calls made so far in this deal."""
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress: (seat, card) in play order."""
    trick_leader: int | None
    completed_tricks: tuple[CompletedTrick, ...]
    legal_bids: tuple[int, ...]
    legal_cards: tuple[Card, ...]
    results: tuple[DealResult, ...]
    """Finished deals; scores and totals in tenths of a point."""
    totals: tuple[int, ...]
    """In tenths of a point."""
    places: tuple[int, ...]
    winners: tuple[int, ...]
    """Only once the game is over; empty before."""
    first_dealer: int | None = None
    dealer_draws: tuple[tuple[Card | None, ...], ...] = ()

    # What Kachuful's SeatView also answers, so one table and hand display serves both
    # games: Call Break has no hidden, blind or forbidden calls and turns no card up.

    @property
    def trump(self) -> Suit:
        return Suit.SPADES

    @property
    def turn_up(self) -> Card | None:
        return None

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return (self.hand_size,) * self.deal_count

    @property
    def awaiting(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    @property
    def has_bid(self) -> tuple[bool, ...]:
        return tuple(call is not None for call in self.bids)

    @property
    def blind(self) -> tuple[bool, ...]:
        return (False,) * len(self.players)

    @property
    def hand_hidden(self) -> bool:
        return False

    @property
    def others_cards(self) -> tuple[Card | None, ...]:
        return ()

    @property
    def forbidden_bid(self) -> int | None:
        return None

    @property
    def is_my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.turn

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card seen played in this deal, finished tricks first."""
        done = tuple(card for trick in self.completed_tricks for card in trick.cards)
        return done + tuple(card for _, card in self.trick)


def build_view(game: CallBreakState, seat: int | None) -> CallBreakView:
    """Copy out of ``game`` only what ``seat`` may know."""
    over = game.is_over
    places, winners = game.standings() if over else ((), ())
    return CallBreakView(
        seat=seat,
        players=game.players,
        rules=game.rules,
        phase=game.phase,
        deal_number=game.deal_number,
        deal_count=game.deal_count,
        hand_size=game.hand_size,
        dealer=game.dealer,
        turn=game.turn,
        hand=() if seat is None else game.hand(seat),
        bids=game.bids(),
        tricks_won=game.tricks_won(),
        trick=game.current_trick(),
        trick_leader=game.trick_leader(),
        completed_tricks=game.completed_tricks(),
        legal_bids=() if seat is None else game.legal_bids(seat),
        legal_cards=() if seat is None else game.legal_cards(seat),
        results=game.results(),
        totals=game.totals(),
        places=places,
        winners=winners,
        first_dealer=game.first_dealer,
        dealer_draws=game.dealer_draws,
    )
