"""The reference bid estimate on masks, in exact integer arithmetic.

The search uses it many times per decision — to guess the bids of seats that have
not bid yet in a sampled deal, and to judge how well a sampled hand fits a bid
already made — so it avoids fractions: every value of the reference table is a
multiple of ``1 / (20·H)``, and the sum is kept in those units.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

_ACE = 12
_KING = 11
_QUEEN = 10
_JACK = 9
_LOW_RANKS = (1 << _JACK) - 1
"""Ranks 2..10 as a 13-bit suit mask."""


def estimate_units(hand: int, trump: int, hand_size: int, largest: int) -> int:
    """The reference estimate of ``hand`` times ``20 * largest``."""
    return units_counter(trump, hand_size, largest)(hand)


@functools.cache
def units_counter(trump: int, hand_size: int, largest: int) -> Callable[[int], int]:
    """:func:`estimate_units` for one trump and hand size: the tables are looked up
    once, so a caller valuing many hands (mending a sampled deal) makes one call per
    hand. Cached: there are a few dozen of them (trumps × hand sizes)."""
    plain, trumps = _suit_tables(hand_size, largest)
    if not 0 <= trump < 4:

        def no_trump(hand: int) -> int:
            return (
                plain[hand & 0x1FFF]
                + plain[hand >> 13 & 0x1FFF]
                + plain[hand >> 26 & 0x1FFF]
                + plain[hand >> 39 & 0x1FFF]
            )

        return no_trump
    shift = 13 * trump

    def with_trump(hand: int) -> int:
        ranks = hand >> shift & 0x1FFF
        return (
            plain[hand & 0x1FFF]
            + plain[hand >> 13 & 0x1FFF]
            + plain[hand >> 26 & 0x1FFF]
            + plain[hand >> 39 & 0x1FFF]
            + trumps[ranks]
            - plain[ranks]
        )

    return with_trump


@functools.cache
def _suit_tables(hand_size: int, largest: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One suit's part of the estimate for each of its 8,192 rank sets, as a side suit
    and as trump. The search and the deal review value hundreds of thousands of
    hands per decision; four look-ups cost a quarter of the arithmetic."""
    plain = tuple(_side_suit_units(ranks, hand_size, largest) for ranks in range(1 << 13))
    trumps = tuple(_trump_suit_units(ranks, hand_size, largest) for ranks in range(1 << 13))
    return plain, trumps


def _trump_suit_units(ranks: int, hand_size: int, largest: int) -> int:
    return (
        20 * largest * (ranks >> _ACE & 1)
        + 17 * largest * (ranks >> _KING & 1)
        + 12 * largest * (ranks >> _QUEEN & 1)
        + 8 * largest * (ranks >> _JACK & 1)
        + (4 * largest + 6 * (largest - hand_size)) * (ranks & _LOW_RANKS).bit_count()
    )


def _side_suit_units(ranks: int, hand_size: int, largest: int) -> int:
    total = 0
    if ranks >> _ACE & 1:
        total += 20 * largest - 6 * hand_size
    if ranks >> _KING & 1:
        total += 11 * largest - 5 * hand_size if ranks.bit_count() >= 2 else 4 * largest
    return total


def estimate_tricks(hand: int, trump: int, hand_size: int, largest: int) -> float:
    """The reference estimate of ``hand`` as a number of tricks."""
    return estimate_units(hand, trump, hand_size, largest) / (20 * largest)


def reference_bid_mask(
    hand: int, trump: int, hand_size: int, largest: int, forbidden: int | None
) -> int:
    """The reference bid for a hand, with the hook's ``forbidden`` number (or None)."""
    return reference_bid_of_units(
        estimate_units(hand, trump, hand_size, largest), hand_size, largest, forbidden
    )


def reference_bid_of_units(units: int, hand_size: int, largest: int, forbidden: int | None) -> int:
    """:func:`reference_bid_mask` from the hand's :func:`estimate_units`."""
    scale = 20 * largest
    rounded = min((2 * units + scale) // (2 * scale), hand_size)
    if rounded != forbidden:
        return rounded
    # The neighbour closest to the estimate, the lower on a tie.
    below_gap = units - (rounded - 1) * scale  # distance to rounded-1, in units
    above_gap = (rounded + 1) * scale - units
    if rounded - 1 >= 0 and (below_gap <= above_gap or rounded + 1 > hand_size):
        return rounded - 1
    return rounded + 1


def bid_likelihood(estimate: float, bid: int, spread: float) -> float:
    """How well a hand whose estimate is ``estimate`` fits a bid of ``bid`` (0..1]."""
    gap = (estimate - bid) / spread
    return math.exp(-0.5 * gap * gap)

