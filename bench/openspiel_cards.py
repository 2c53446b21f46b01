"""Our cards as OpenSpiel's ``oh_hell`` numbers them (rank × 4 + suit, suits C, D, S, H).

Shared by the engine benchmark, the differential test against OpenSpiel and the
ISMCTS anchor of the AI benchmark, so the three cannot disagree on the mapping.
"""

from __future__ import annotations

from engine.cards import Card, Suit

OPENSPIEL_SUIT = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}
_SUIT_OF_OPENSPIEL = {number: suit for suit, number in OPENSPIEL_SUIT.items()}
OPENSPIEL_CARDS = 52
"""Cards are OpenSpiel actions 0..51; a bid ``b`` is action ``52 + b``."""


def openspiel_card(card: Card) -> int:
    """OpenSpiel's action number of one of our cards."""
    return card.rank * 4 + OPENSPIEL_SUIT[card.suit]


def card_of_openspiel(action: int) -> Card:
    """Our card for OpenSpiel's card action ``0..51``."""
    if not 0 <= action < OPENSPIEL_CARDS:
        raise ValueError(f"OpenSpiel action {action} is not a card")
    return Card.of(action // 4, _SUIT_OF_OPENSPIEL[action % 4])
