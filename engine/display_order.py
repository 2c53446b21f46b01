"""The order a hand is shown in, shared by every interface.

The numbers under the cards in the bot's hand picture, the bot's play buttons and
the terminal game's numbered cards are all positions in this order, so "card 4"
means the same card everywhere. Pure and Pillow-free, so any interface can use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.cards import Card, Suit

SUIT_CYCLE: Final[tuple[Suit, ...]] = (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS)


def suit_order(trump: Suit | None) -> tuple[Suit, ...]:
    """Trump first, then the other suits in trump-cycle order after it (♠♦♣♥,
    wrapping round). The cycle alternates black and red, so any rotation of it keeps
    neighbouring suits in different colours. No trump: ♠♦♣♥."""
    start = 0 if trump is None else SUIT_CYCLE.index(trump)
    return SUIT_CYCLE[start:] + SUIT_CYCLE[:start]


def hand_order(cards: Iterable[Card], trump: Suit | None) -> tuple[Card, ...]:
    """``cards`` sorted for display and controls: by :func:`suit_order`, then by rank
    ascending (2 … A) within each suit. Duplicates are kept."""
    position = {suit: index for index, suit in enumerate(suit_order(trump))}
    return tuple(sorted(cards, key=lambda card: (position[card.suit], card.rank)))
