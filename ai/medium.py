"""``medium``: a good rule-based player — the reference heuristic with its known
weaknesses fixed (issue 7).

* **Bids**: the reference estimate, raised by one trick at the largest hand (scaled
  down with the hand size): measured over many games, the reference bids too low
  and then takes tricks it did not bid for. Never fewer than its sure tricks (an
  unbroken run of top trumps), so a hooked dealer holding the trump ace never bids
  0 — it takes the legal bid nearest the estimate that keeps them.
* **Takes every remaining trick with top cards when all are needed**: it leads its
  top trumps first (they draw the others' trumps), then its top side cards.
* **Sheds dangerous high cards early once the bid is made**: of the cards that lose
  the trick now, the one most likely to win a trick later (a trump, or a card with
  few higher cards still out); and when it must win anyway, with its highest card.
* **Counts trumps and shown voids**: a card is a sure winner when no unseen card of
  its suit is higher and no later player who has shown a void can trump it; when
  short of its bid it wins with the cheapest sure winner rather than its highest.

Choices measured to hurt against reference players (leading side aces before
trumps while short, conserving high cards) are left as the reference has them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from ai.estimates import estimate_tricks
from ai.knowledge import DealKnowledge, deal_knowledge
from ai.one_card import best_blind_bid
from ai.player import bids_to_choose, cards_to_choose
from ai.rollout import strongest_in, weakest_in
from ai.tables import ABOVE, TRUMP_MASK, beaters, trick_winner_position
from engine.cards import BIT, SUIT_MASK, SUIT_OF, Card, cards_of
from engine.view import SeatView

BID_RAISE: Final = 1.0
"""Tricks added to the reference estimate at the largest hand (scaled by h/H)."""


class CardKnowledge(Protocol):
    """What medium's card play reads of a seat's knowledge: a :class:`DealKnowledge`,
    or a playout's own (the deal review plays `medium` seats by this rule)."""

    @property
    def players(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def trump(self) -> int: ...
    @property
    def unseen(self) -> int: ...
    @property
    def bids(self) -> Sequence[int | None]: ...
    @property
    def tricks_won(self) -> Sequence[int]: ...
    @property
    def trick(self) -> Sequence[int]: ...
    @property
    def void_cards(self) -> Sequence[int]: ...


def sure_tricks(know: DealKnowledge) -> int:
    """Top trumps held in an unbroken run from the ace: each wins a trick."""
    return sure_tricks_of(know.my_hand, know.trump)


def sure_tricks_of(hand: int, trump: int) -> int:
    trumps = hand & TRUMP_MASK[trump]
    return sum(1 for card in cards_of(trumps) if not ABOVE[card] & ~trumps)


def medium_bid(know: DealKnowledge, legal: tuple[int, ...]) -> int:
    """The raised reference estimate, never below the sure tricks (see module doc)."""
    return medium_bid_of_hand(know.my_hand, know.trump, know.hand_size, know.largest_hand, legal)


def medium_bid_of_hand(
    hand: int, trump: int, size: int, largest: int, legal: Sequence[int]
) -> int:
    """:func:`medium_bid` of a hand mask (a playout gives seats yet to bid their bid)."""
    estimate = estimate_tricks(hand, trump, size, largest)
    estimate += BID_RAISE * size / largest
    sure = sure_tricks_of(hand, trump)
    rounded = max(sure, min(int(estimate + 0.5), size))
    if rounded in legal:
        return rounded
    return min(legal, key=lambda bid: (bid < sure, abs(bid - estimate), bid))


class MediumPlayer:
    """Rule-based player; deterministic, it ignores its seed."""

    level: str = "medium"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_bid(self, view: SeatView) -> int:
        legal = bids_to_choose(view)
        if len(legal) == 1:
            return legal[0]
        if view.hand_hidden:
            return best_blind_bid(view)
        return medium_bid(deal_knowledge(view), legal)

    def choose_card(self, view: SeatView) -> Card:
        legal = cards_to_choose(view)
        if len(legal) == 1:
            return legal[0]
        know = deal_knowledge(view)
        legal_mask = sum(BIT[card] for card in legal)
        return Card(medium_card(know, legal_mask))


def medium_card(know: CardKnowledge, legal: int) -> int:
    """Medium's play on masks (see the module doc)."""
    me = know.seat
    bid = know.bids[me] or 0
    need = bid - know.tricks_won[me]
    trump_mask = TRUMP_MASK[know.trump]
    unseen = know.unseen
    trick = know.trick
    if not trick:
        return _lead(know, legal, need, trump_mask, unseen)
    n = know.players
    winner_card = trick[trick_winner_position(trick, know.trump)]
    beat = legal & beaters(winner_card, know.trump)
    later = [(me + k) % n for k in range(1, n - len(trick))]
    if need <= 0:
        losers = legal & ~beat
        if losers:
            return _most_dangerous(losers, trump_mask, unseen)
        if not later:
            return strongest_in(legal, trump_mask)
        cheapest = weakest_in(legal, trump_mask)
        if _sure_winner(cheapest, know, later, trump_mask):
            # It wins whatever is played: win with the highest, a danger gone.
            return strongest_in(legal, trump_mask)
        return cheapest
    if not beat:
        return weakest_in(legal, trump_mask)
    if not later:
        return weakest_in(beat, trump_mask)
    sure = 0
    for card in cards_of(beat):
        if _sure_winner(card, know, later, trump_mask):
            sure |= BIT[card]
    if sure:
        return weakest_in(sure, trump_mask)
    return strongest_in(beat, trump_mask)


def _lead(know: CardKnowledge, legal: int, need: int, trump_mask: int, unseen: int) -> int:
    if need <= 0:
        # Lead the card least likely to win: a side card with higher cards still out.
        losing = sum(BIT[c] for c in cards_of(legal) if ABOVE[c] & unseen)
        return weakest_in(losing & ~trump_mask or losing or legal, trump_mask)
    if need >= legal.bit_count():
        # Every trick is needed: top trumps first, then top side cards nobody can ruff.
        masters = [c for c in cards_of(legal) if not ABOVE[c] & unseen]
        master_trumps = [c for c in masters if BIT[c] & trump_mask]
        if master_trumps:
            return max(master_trumps)
        trumps_out = bool(unseen & trump_mask)
        for card in sorted(masters, key=lambda c: -(c % 13)):
            suit_mask = SUIT_MASK[SUIT_OF[card]]
            ruffable = trumps_out and any(
                know.void_cards[s] & suit_mask for s in range(know.players) if s != know.seat
            )
            if not ruffable:
                return card
    return strongest_in(legal, trump_mask)


def _sure_winner(card: int, know: CardKnowledge, later: list[int], trump_mask: int) -> bool:
    """True when no later player can beat ``card`` given what has been seen."""
    unseen = know.unseen
    if ABOVE[card] & unseen:
        return False
    if BIT[card] & trump_mask or not unseen & trump_mask:
        return True
    led_mask = SUIT_MASK[SUIT_OF[know.trick[0]]]
    # A later player who has shown a void in the led suit may trump.
    return not any(know.void_cards[s] & led_mask for s in later)


def _most_dangerous(cards: int, trump_mask: int, unseen: int) -> int:
    """The card most likely to win a trick later: shed it while it is safe to."""
    return max(
        cards_of(cards),
        key=lambda c: (bool(BIT[c] & trump_mask), -(ABOVE[c] & unseen).bit_count(), c % 13),
    )
