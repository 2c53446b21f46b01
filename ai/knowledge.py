"""What a seat knows about the deal in play, as masks the search can use.

Everything here is derived from a :class:`~engine.view.SeatView` alone, so nothing
built on it can depend on a hand the seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.errors import NothingToChoose
from ai.tables import trump_index
from engine.cards import BIT, FULL_MASK, SUIT_MASK
from engine.view import SeatView


@dataclass(frozen=True, slots=True)
class DealKnowledge:
    """One seat's knowledge of the current deal."""

    players: int
    seat: int
    hand_size: int
    largest_hand: int
    trump: int
    """Trump index (``ai.tables.NO_TRUMP`` when none)."""
    dealer: int
    known: tuple[int, ...]
    """Per seat, the cards it still holds that this seat can see: its own hand, or in
    a one-card blind deal everyone else's card."""
    holding: tuple[int, ...]
    """Per seat, how many cards it still holds."""
    unseen: int
    """Cards this seat cannot place: in unknown hands or never dealt."""
    undealt: int
    """How many of the unseen cards were never dealt (nobody holds them)."""
    void_cards: tuple[int, ...]
    """Per seat, the cards it cannot hold: every suit it has shown it lacks."""
    played: tuple[int, ...]
    """Per seat, the cards it has played in this deal."""
    trick: tuple[int, ...]
    """The unfinished trick's cards, the leader's first."""
    history: tuple[tuple[int, tuple[int, ...]], ...]
    """Every trick of the deal so far as (leader, cards), the unfinished one last."""
    turn: int
    """The seat to act (during bidding: this seat)."""
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    hook: bool
    """Whether the dealer was hooked (bids in turn with the hook rule)."""
    blind: tuple[bool, ...]
    """Per seat, whether its bid was blind (says nothing of its hand; doubles its score)."""

    @property
    def my_hand(self) -> int:
        return self.known[self.seat]

    @property
    def cards_left(self) -> int:
        """How many cards are still to be played in this deal."""
        return sum(self.holding)


def deal_knowledge(view: SeatView) -> DealKnowledge:
    """Read a seat's view of a deal in progress (bidding or playing)."""
    seat = view.seat
    if seat is None or view.dealer is None:
        raise NothingToChoose("a computer player needs a seat's view of a deal in progress")
    n = len(view.players)
    played = [0] * n
    voids = [0] * n
    history = [(t.leader, tuple(int(c) for c in t.cards)) for t in view.completed_tricks]
    if view.trick:
        history.append((view.trick[0][0], tuple(int(card) for _, card in view.trick)))
    for leader, cards in history:
        _note_trick(leader, cards, n, played, voids)
    holding = tuple(view.hand_size - played[s].bit_count() for s in range(n))
    known = [0] * n
    if view.hand_hidden:
        for other, card in enumerate(view.others_cards):
            if card is not None and other != seat:
                known[other] = BIT[card]
    else:
        for card in view.hand:
            known[seat] |= BIT[card]
    seen = sum(known) | sum(played)
    if view.turn_up is not None:
        seen |= BIT[view.turn_up]
    unseen = FULL_MASK & ~seen
    placed = sum(holding) - sum(mask.bit_count() for mask in known)
    return DealKnowledge(
        players=n,
        seat=seat,
        hand_size=view.hand_size,
        largest_hand=max(view.hand_sizes),
        trump=trump_index(view.trump),
        dealer=view.dealer,
        known=tuple(known),
        holding=holding,
        unseen=unseen,
        undealt=unseen.bit_count() - placed,
        void_cards=tuple(voids),
        played=tuple(played),
        trick=tuple(int(card) for _, card in view.trick),
        history=tuple(history),
        turn=view.turn if view.turn is not None else seat,
        bids=view.bids,
        tricks_won=view.tricks_won,
        hook=view.rules.hook and view.rules.bidding == "in-turn",
        blind=view.blind,
    )


def _note_trick(
    leader: int, cards: tuple[int, ...], n: int, played: list[int], voids: list[int]
) -> None:
    led_mask = SUIT_MASK[cards[0] // 13]
    for position, card in enumerate(cards):
        who = (leader + position) % n
        played[who] |= BIT[card]
        if position and not BIT[card] & led_mask:
            voids[who] |= led_mask
