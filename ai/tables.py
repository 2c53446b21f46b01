"""Bit-mask tables shared by the computer players' fast paths.

Hands are 52-bit ints (bit ``i`` set when the hand holds card ``i``), as in
:mod:`engine.cards`. A deal without trump uses the trump index ``NO_TRUMP`` so that
every table can be indexed without a branch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards import BIT, NUM_CARDS, RANK_OF, SUIT_MASK, SUIT_OF, Suit

NO_TRUMP: Final = 4
"""Trump index of a deal played without trump."""

TRUMP_MASK: Final[tuple[int, ...]] = (*SUIT_MASK, 0)
"""``TRUMP_MASK[trump]``: the trump suit's cards (none for ``NO_TRUMP``)."""

ABOVE: Final[tuple[int, ...]] = tuple(
    SUIT_MASK[SUIT_OF[card]] & ~((BIT[card] << 1) - 1) for card in range(NUM_CARDS)
)
"""``ABOVE[card]``: the cards of the same suit that outrank ``card``."""

BELOW: Final[tuple[int, ...]] = tuple(
    SUIT_MASK[SUIT_OF[card]] & (BIT[card] - 1) for card in range(NUM_CARDS)
)
"""``BELOW[card]``: the cards of the same suit that ``card`` outranks."""


def trump_index(trump: Suit | None) -> int:
    """The tables' index for a deal's trump (``NO_TRUMP`` when there is none)."""
    return NO_TRUMP if trump is None else int(trump)


def trick_key(card: int, led: int, trump: int) -> int:
    """A card's strength in a trick: any trump beats any card of the led suit, which
    beats any other card (which can never win)."""
    suit = SUIT_OF[card]
    if suit == trump:
        return 26 + RANK_OF[card]
    if suit == led:
        return 13 + RANK_OF[card]
    return 0


def trick_winner_position(cards: Sequence[int], trump: int) -> int:
    """The position (0 = the leader) of the card that wins ``cards`` so far."""
    led = SUIT_OF[cards[0]]
    best = 0
    best_key = trick_key(cards[0], led, trump)
    for position in range(1, len(cards)):
        key = trick_key(cards[position], led, trump)
        if key > best_key:
            best, best_key = position, key
    return best


def beaters(winning_card: int, trump: int) -> int:
    """The mask of every card that would beat ``winning_card`` as the trick's winner.

    The winner is either a trump (only higher trumps beat it) or a card of the led
    suit (higher cards of that suit and every trump beat it).
    """
    if SUIT_OF[winning_card] == trump:
        return ABOVE[winning_card]
    return ABOVE[winning_card] | TRUMP_MASK[trump]


def highest(mask: int) -> int:
    """The highest-index card in a non-empty mask."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest-index card in a non-empty mask."""
    return (mask & -mask).bit_length() - 1
