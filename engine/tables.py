"""Precomputed tables the hot paths read instead of working things out per card."""

from __future__ import annotations

from typing import Final

from engine.actions import MAX_BID
from engine.cards import NUM_CARDS, RANK_OF, SUIT_OF

NO_TRUMP: Final = 4
"""Trump index used in the tables when a deal has no trump."""

# TRICK_KEYS[trump][led][card]: the card's strength in a trick. A trump beats
# everything else, a card of the led suit beats cards of other suits, any other card
# cannot win.
TRICK_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            26 + RANK_OF[card]
            if SUIT_OF[card] == trump
            else (13 + RANK_OF[card] if SUIT_OF[card] == led else 0)
            for card in range(NUM_CARDS)
        )
        for led in range(4)
    )
    for trump in range(5)
)

ALL_BIDS: Final = tuple(tuple(range(size + 1)) for size in range(MAX_BID + 1))
"""``ALL_BIDS[size]``: 0..size."""
# HOOKED_BIDS[size][forbidden]: 0..size without the dealer's forbidden number.
HOOKED_BIDS: Final = tuple(
    tuple(tuple(b for b in range(size + 1) if b != forbidden) for forbidden in range(size + 1))
    for size in range(MAX_BID + 1)
)
