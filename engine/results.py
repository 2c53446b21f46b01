"""The record of one finished deal, as the game keeps it and interfaces show it."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, Suit
from engine.events import CompletedTrick


@dataclass(frozen=True, slots=True)
class DealResult:
    """Everything that happened in one finished deal."""

    number: int
    hand_size: int
    dealer: int
    trump: Suit | None
    turn_up: Card | None
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, as dealt."""
    bids: tuple[int, ...]
    blind: tuple[bool, ...]
    tricks: tuple[int, ...]
    trick_list: tuple[CompletedTrick, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    revokes: tuple[bool, ...] = ()
    """Seats caught revoking in a score-only deal (empty: nobody); they score 0."""
    tally: bool = False
    """A score-only deal: played with real cards, so no hands and no trick list."""

    @property
    def trick_winners(self) -> tuple[int, ...]:
        return tuple(trick.winner for trick in self.trick_list)

    @property
    def plays(self) -> tuple[Card, ...]:
        return tuple(card for trick in self.trick_list for card in trick.cards)

    @property
    def hits(self) -> tuple[bool, ...]:
        return tuple(bid == won for bid, won in zip(self.bids, self.tricks, strict=True))

    def forbidden_bid(self, hook: bool) -> int | None:
        """The number the dealer was not allowed to bid (``None``: no hook applied)."""
        if not hook:
            return None
        others = sum(self.bids) - self.bids[self.dealer]
        forbidden = self.hand_size - others
        return forbidden if forbidden >= 0 else None
