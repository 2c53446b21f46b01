"""Per-seat views: exactly what one seat may know, as plain frozen data.

A view holds no reference to the game, so a display or a computer player given a
view cannot reach another player's hand. ``seat=None`` gives the public view: what
anyone watching the table may know.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, Suit
from engine.events import CompletedTrick
from engine.game_checks import GameChecks
from engine.game_phase import Phase
from engine.results import DealResult
from engine.rules import Rules


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int | None
    """Whose view this is; ``None`` for the public table view."""
    players: tuple[str, ...]
    rules: Rules
    phase: Phase
    deal_number: int
    deal_count: int
    hand_sizes: tuple[int, ...]
    hand_size: int
    dealer: int | None
    trump: Suit | None
    turn_up: Card | None
    turn: int | None
    awaiting: tuple[int, ...]
    hand: tuple[Card, ...]
    """The seat's own cards; empty in the public view and in a one-card blind deal."""
    hand_hidden: bool
    """True in a one-card blind deal: the seat may not see its own card."""
    others_cards: tuple[Card | None, ...]
    """In a one-card blind deal, every other seat's card (own seat ``None``)."""
    bids: tuple[int | None, ...]
    """Bids made so far; while simultaneous bids are hidden, only the seat's own."""
    has_bid: tuple[bool, ...]
    blind: tuple[bool, ...]
    forbidden_bid: int | None
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress: (seat, card) in play order."""
    trick_leader: int | None
    completed_tricks: tuple[CompletedTrick, ...]
    legal_bids: tuple[int, ...]
    legal_cards: tuple[Card, ...]
    results: tuple[DealResult, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    """Only once the game is over; empty before."""
    first_dealer: int | None
    dealer_draws: tuple[tuple[Card | None, ...], ...]

    @property
    def is_my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.awaiting

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card seen played in this deal, finished tricks first."""
        done = tuple(card for trick in self.completed_tricks for card in trick.cards)
        return done + tuple(card for _, card in self.trick)

    def shown_voids(self) -> tuple[frozenset[Suit], ...]:
        """Per seat, the suits that seat has shown it lacks in this deal (failed to
        follow). Only public information: computer players use it."""
        n = len(self.players)
        voids: list[set[Suit]] = [set() for _ in range(n)]
        tricks = [(t.leader, t.cards) for t in self.completed_tricks]
        if self.trick:
            tricks.append((self.trick[0][0], tuple(card for _, card in self.trick)))
        for leader, cards in tricks:
            led = cards[0].suit
            for position, card in enumerate(cards[1:], start=1):
                if card.suit != led:
                    voids[(leader + position) % n].add(led)
        return tuple(frozenset(v) for v in voids)


def build_view(game: GameChecks, seat: int | None) -> SeatView:
    """Copy out of ``game`` only what ``seat`` may know."""
    n = game.player_count
    phase = game.phase
    one_card_blind = (
        game.rules.one_card_blind
        and game.hand_size == 1
        and phase in (Phase.BIDDING, Phase.PLAYING)
    )
    hand: tuple[Card, ...] = ()
    others: tuple[Card | None, ...] = ()
    if seat is not None:
        if one_card_blind:
            others = tuple(
                None if other == seat else (game.hand(other) or (None,))[0] for other in range(n)
            )
        else:
            hand = game.hand(seat)
    raw_bids = game.bids()
    hidden = game.rules.bidding == "simultaneous" and phase is Phase.BIDDING
    if hidden:
        bids = tuple(bid if other == seat else None for other, bid in enumerate(raw_bids))
    else:
        bids = raw_bids
    legal_cards: tuple[Card, ...] = ()
    legal_bids: tuple[int, ...] = ()
    if seat is not None:
        legal_bids = game.legal_bids(seat)
        if not one_card_blind:
            legal_cards = game.legal_cards(seat)
    over = game.is_over
    places, winners = game.standings() if over else ((), ())
    return SeatView(
        seat=seat,
        players=game.players,
        rules=game.rules,
        phase=phase,
        deal_number=game.deal_number,
        deal_count=game.deal_count,
        hand_sizes=game.hand_sizes,
        hand_size=game.hand_size,
        dealer=game.dealer,
        trump=game.trump,
        turn_up=game.turn_up,
        turn=game.turn,
        awaiting=game.awaiting(),
        hand=hand,
        hand_hidden=one_card_blind and seat is not None,
        others_cards=others,
        bids=bids,
        has_bid=tuple(bid is not None for bid in raw_bids),
        blind=game.blind_bids(),
        forbidden_bid=game.forbidden_bid(),
        tricks_won=game.tricks_won(),
        trick=game.current_trick(),
        trick_leader=game.trick_leader(),
        completed_tricks=game.completed_tricks(),
        legal_bids=legal_bids,
        legal_cards=legal_cards,
        results=game.results(),
        totals=game.totals(),
        places=places,
        winners=winners,
        first_dealer=game.first_dealer,
        dealer_draws=game.dealer_draws,
    )
