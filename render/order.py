"""The order a hand is shown in, shared by the hand picture and the bot's controls.

The numbers under the cards in a hand picture are positions in this order, and
the bot labels its play buttons with the same positions, so "play card 4" means
the same card on the picture and on the button.
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


def suit_groups(cards: Iterable[Card], trump: Suit | None) -> tuple[tuple[Card, ...], ...]:
    """The ordered hand split into runs of one suit (empty suits left out)."""
    groups: list[list[Card]] = []
    for card in hand_order(cards, trump):
        if groups and groups[-1][0].suit == card.suit:
            groups[-1].append(card)
        else:
            groups.append([card])
    return tuple(tuple(group) for group in groups)
