"""Which cards Call Break allows: follow suit (and head the trick, with ``must_head``),
else trump, overtrumping a spade already in the trick; otherwise any card.

Everything works on 52-bit hand masks (see :mod:`engine.cards`), so the game, the
computer players and their searches all ask this one function.
"""

from __future__ import annotations

from typing import Final

from engine.cards import BIT, SUIT_MASK, SUIT_OF

SPADES: Final = 0
"""Spades are always trump (``Suit.SPADES``)."""
SPADE_MASK: Final = SUIT_MASK[SPADES]

# ABOVE[card]: the cards of the same suit ranked above ``card``.
ABOVE: Final[tuple[int, ...]] = tuple(
    SUIT_MASK[SUIT_OF[card]] & ~((BIT[card] << 1) - 1) for card in range(52)
)


def legal_mask(hand: int, led: int, best: int, must_head: bool) -> int:
    """The cards of ``hand`` that may be played now.

    ``led`` is the suit led (``-1``: this card leads, anything goes) and ``best`` the
    card winning the trick so far. Cards of the led suit come first; a player void in
    it must play a spade that beats every spade in the trick, if they hold one.
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASK[led]
    if follow:
        if must_head and SUIT_OF[best] == led:
            higher = follow & ABOVE[best]
            if higher:
                return higher
        return follow
    spades = hand & SPADE_MASK
    if not spades:
        return hand
    if SUIT_OF[best] == SPADES:
        higher = spades & ABOVE[best]
        return higher or hand
    return spades


def beats(card: int, best: int) -> bool:
    """Whether ``card`` takes the lead from ``best`` (spades trump, else same suit higher)."""
    suit = SUIT_OF[card]
    if suit == SUIT_OF[best]:
        return card > best
    return suit == SPADES
