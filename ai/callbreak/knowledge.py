"""What one Call Break seat knows about the deal, as masks: its hand, the cards still
out, and per other seat a *ceiling* per suit — the highest rank that seat can still
hold there, learnt from the card rules (a seat that did not follow is void in the led
suit; one that did not head, trump or overtrump when it had to holds nothing that
would have). Only public play and the seat's own hand go in."""

from __future__ import annotations

from dataclasses import dataclass

from engine.callbreak.legal import SPADES
from engine.callbreak.view import CallBreakView
from engine.cards import BIT, FULL_MASK, RANK_OF, SUIT_OF, Card

NO_LIMIT = 12
VOID = -1


@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: int
    players: int
    hand: int
    """The seat's own cards."""
    out: int
    """Cards neither in the seat's hand nor played: others' hands and any set aside."""
    counts: tuple[int, ...]
    """Cards each seat still holds."""
    ceilings: tuple[tuple[int, ...], ...]
    """``ceilings[seat][suit]``: the highest rank ``seat`` may still hold (-1: void)."""
    played_by: tuple[int, ...]
    """The cards each seat has played in this deal."""
    tricks: tuple[int, ...]
    calls: tuple[int | None, ...]
    trick: tuple[Card, ...]
    leader: int
    must_head: bool

    def allowed(self, seat: int) -> int:
        """The cards still out that ``seat`` may hold."""
        limits = self.ceilings[seat]
        return sum(
            BIT[card] for card in range(52)
            if self.out & BIT[card] and RANK_OF[card] <= limits[SUIT_OF[card]]
        )


def knowledge(view: CallBreakView) -> Knowledge:
    """The seat's knowledge from its view (the view must be a seat's, not the table's)."""
    assert view.seat is not None
    n = len(view.players)
    hand = sum(BIT[card] for card in view.hand)
    played = 0
    counts = [view.hand_size] * n
    played_by = [0] * n
    ceilings = [[NO_LIMIT] * 4 for _ in range(n)]
    tricks = [(t.leader, t.cards) for t in view.completed_tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(card for _, card in view.trick)))
    for leader, cards in tricks:
        best = cards[0]
        led = SUIT_OF[best]
        for position, card in enumerate(cards):
            seat = (leader + position) % n
            played |= BIT[card]
            played_by[seat] |= BIT[card]
            counts[seat] -= 1
            if position:
                learn_from_card(ceilings[seat], card, led, best, view.rules.must_head)
                if _beats(card, best):
                    best = card
    return Knowledge(
        seat=view.seat,
        players=n,
        hand=hand,
        out=FULL_MASK & ~hand & ~played,
        counts=tuple(counts),
        ceilings=tuple(tuple(c) for c in ceilings),
        played_by=tuple(played_by),
        tricks=view.tricks_won,
        calls=view.bids,
        trick=tuple(card for _, card in view.trick),
        leader=view.trick_leader if view.trick_leader is not None else view.seat,
        must_head=view.rules.must_head,
    )


def _beats(card: int, best: int) -> bool:
    if SUIT_OF[card] == SUIT_OF[best]:
        return card > best
    return SUIT_OF[card] == SPADES


def learn_from_card(limits: list[int], card: int, led: int, best: int, must_head: bool) -> None:
    """Narrow one seat's suit ceilings by the card it played to a trick led in ``led``
    whose winning card was ``best``."""
    suit = SUIT_OF[card]
    if suit == led:
        if must_head and SUIT_OF[best] == led and card < best:
            limits[led] = min(limits[led], RANK_OF[best])  # could not head
        return
    limits[led] = VOID
    if suit == SPADES:
        if SUIT_OF[best] == SPADES and card < best:
            limits[SPADES] = min(limits[SPADES], RANK_OF[best])  # could not overtrump
        return
    if SUIT_OF[best] == SPADES:
        limits[SPADES] = min(limits[SPADES], RANK_OF[best])  # could not overtrump
    else:
        limits[SPADES] = VOID  # could not trump
