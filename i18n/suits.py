"""Suit names: every language has its card players' own words; the symbol stays."""

from __future__ import annotations

from typing import Final

from i18n.catalogues import N_, Words

SUIT_WORDS: Final[dict[str, str]] = {
    # Keyed by the suit's symbol (engine.Suit.symbol) so this package needs no engine.
    "♠": N_("♠ spades"),
    "♦": N_("♦ diamonds"),
    "♣": N_("♣ clubs"),
    "♥": N_("♥ hearts"),
}


def suit_name(words: Words, symbol: str) -> str:
    """``♠ spades``, ``♠ हुकुम``, ``♠ કાળી``…"""
    return words.t(SUIT_WORDS[symbol])
