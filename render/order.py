"""The order a hand is shown in, shared by the hand picture and the bot's controls.

The numbers under the cards in a hand picture are positions in this order, and
the bot labels its play buttons with the same positions, so "play card 4" means
the same card on the picture and on the button.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card, Suit
from engine.display_order import SUIT_CYCLE, hand_order, suit_order

__all__ = ["SUIT_CYCLE", "hand_order", "suit_groups", "suit_order"]


def suit_groups(cards: Iterable[Card], trump: Suit | None) -> tuple[tuple[Card, ...], ...]:
    """The ordered hand split into runs of one suit (empty suits left out)."""
    groups: list[list[Card]] = []
    for card in hand_order(cards, trump):
        if groups and groups[-1][0].suit == card.suit:
            groups[-1].append(card)
        else:
            groups.append([card])
    return tuple(tuple(group) for group in groups)
