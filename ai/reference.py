"""The reference player: the fixed yardstick of the benchmark (issue 7).

It is exactly the heuristic the issue specifies and must never be tuned:

* **Bid** — the sum over the seat's cards of: trump A 1.0, K 0.85, Q 0.6, J 0.4, any
  lower trump 0.2 + 0.3×(1 − h/H); side-suit A 1.0 − 0.3×h/H; side-suit K
  0.55 − 0.25×h/H when holding at least two cards of that suit, else 0.2; every
  other card 0 (h = hand size, H = the game's largest hand). The sum is rounded
  half up and clamped to 0..h. A hooked dealer whose number is forbidden takes the
  legal neighbour (±1) closest to the estimate, the lower on a tie.
* **Play** — a card's strength is its rank (2 = 0 … A = 12), +13 for a trump.
  Leading: the strongest card while still short of the bid, else the weakest.
  Following while short: if some legal card beats the current winner, the cheapest
  such card when last to play, else the strongest such card; otherwise the weakest
  card. Following once the bid is made: the strongest legal card that does not
  beat the current winner; if every card wins, the strongest when last to play,
  else the weakest.

Choices the issue leaves open, fixed here so that the yardstick is reproducible:

* equal strengths (the same rank in two side suits) go to the card that comes
  first in the hand's order ♠ ♦ ♣ ♥;
* the arithmetic is exact (fractions), so "half up" never suffers rounding error;
* when the rounded bid is illegal for a reason other than the hook (the zero-bid
  limit), the legal bid closest to the estimate is taken, the lower on a tie —
  which is the hook rule again whenever the hook is the reason;
* it never bids blind, and in a one-card blind deal (own card hidden) the sum over
  its (no) visible cards is 0, so it bids 0 (a legal bid closest to 0 under the
  zero-bid limit).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from ai.errors import NothingToChoose
from ai.player import cards_to_choose
from ai.tables import beaters, trick_winner_position, trump_index
from engine.cards import Card, Suit
from engine.view import SeatView

_TRUMP_HONOURS: Final = {
    12: Fraction(1),  # ace
    11: Fraction(17, 20),  # king
    10: Fraction(3, 5),  # queen
    9: Fraction(2, 5),  # jack
}
_ACE: Final = 12
_KING: Final = 11


def reference_estimate(
    hand: Sequence[Card], trump: Suit | None, hand_size: int, largest_hand: int
) -> Fraction:
    """The reference bid estimate of ``hand``, exactly (before rounding)."""
    ratio = Fraction(hand_size, largest_hand)
    suit_lengths = [0, 0, 0, 0]
    for card in hand:
        suit_lengths[card.suit] += 1
    total = Fraction(0)
    for card in hand:
        rank = card.rank
        if card.suit == trump:
            honour = _TRUMP_HONOURS.get(rank)
            if honour is None:
                honour = Fraction(1, 5) + Fraction(3, 10) * (1 - ratio)
            total += honour
        elif rank == _ACE:
            total += 1 - Fraction(3, 10) * ratio
        elif rank == _KING:
            if suit_lengths[card.suit] >= 2:
                total += Fraction(11, 20) - Fraction(1, 4) * ratio
            else:
                total += Fraction(1, 5)
    return total


def round_half_up(value: Fraction) -> int:
    """``value`` rounded to the nearest whole number, halves upwards."""
    return int((value + Fraction(1, 2)).__floor__())


def bid_from_estimate(estimate: Fraction, hand_size: int, legal_bids: Sequence[int]) -> int:
    """The reference rounding, clamping and hooked-dealer rule (see the module doc)."""
    if not legal_bids:
        raise NothingToChoose("there is no bid to make: it is not this seat's turn to bid")
    rounded = min(max(round_half_up(estimate), 0), hand_size)
    if rounded in legal_bids:
        return rounded
    return min(legal_bids, key=lambda bid: (abs(bid - estimate), bid))


def card_strength(card: Card, trump: Suit | None) -> int:
    """Rank (2 = 0 … A = 12), +13 for a trump."""
    return card.rank + 13 if card.suit == trump else card.rank


def strongest(cards: Sequence[Card], trump: Suit | None) -> Card:
    """The strongest card; on equal strength, the first in ♠ ♦ ♣ ♥ order."""
    return max(sorted(cards), key=lambda card: card_strength(card, trump))


def weakest(cards: Sequence[Card], trump: Suit | None) -> Card:
    """The weakest card; on equal strength, the first in ♠ ♦ ♣ ♥ order."""
    return min(sorted(cards), key=lambda card: card_strength(card, trump))


def reference_card(
    legal: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    short: bool,
    last_to_play: bool,
) -> Card:
    """The reference play rule for a seat that is ``short`` of its bid or not."""
    if not legal:
        raise NothingToChoose("there is no card to choose: it is not this seat's turn to play")
    if not trick:
        return strongest(legal, trump) if short else weakest(legal, trump)
    trump_idx = trump_index(trump)
    winning = trick[trick_winner_position(list(trick), trump_idx)]
    beat_mask = beaters(winning, trump_idx)
    winners = [card for card in legal if beat_mask >> card & 1]
    if short:
        if winners:
            return weakest(winners, trump) if last_to_play else strongest(winners, trump)
        return weakest(legal, trump)
    losers = [card for card in legal if not beat_mask >> card & 1]
    if losers:
        return strongest(losers, trump)
    return strongest(legal, trump) if last_to_play else weakest(legal, trump)


class ReferencePlayer:
    """The benchmark's yardstick; deterministic, it ignores its seed."""

    level: str = "reference"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_bid(self, view: SeatView) -> int:
        estimate = reference_estimate(
            view.hand, view.trump, view.hand_size, max(view.hand_sizes)
        )
        return bid_from_estimate(estimate, view.hand_size, view.legal_bids)

    def choose_card(self, view: SeatView) -> Card:
        legal = cards_to_choose(view)
        seat = view.seat
        assert seat is not None
        bid = view.bids[seat]
        short = bid is not None and view.tricks_won[seat] < bid
        trick = [card for _, card in view.trick]
        last = len(trick) == len(view.players) - 1
        return reference_card(legal, trick, view.trump, short, last)
