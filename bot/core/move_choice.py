"""What a move control asks for, as the adapter passes it to the core."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Card


@dataclass(frozen=True, slots=True)
class MoveChoice:
    """What a move control asks for: a bid, a card, or "my hidden card" (the one-card
    blind deal, where the control must not name the card)."""

    bid: int | None = None
    blind: bool = False
    card: Card | None = None
    hidden_card: bool = False
