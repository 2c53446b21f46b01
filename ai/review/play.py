"""Reviewing the seat's card plays, each from its view at that moment."""

from __future__ import annotations

from collections.abc import Sequence

from ai.review.chances import PLAY_WORLDS, CardChances, real_choices
from ai.review.model import PlayMoment
from engine.cards import Card
from engine.view import SeatView

COSTLY_POINTS = 0.15
"""Another card must have raised the chance of making the bid by this much (15
percentage points) for a play to count as costly."""
MAX_COSTLY = 3
"""Costly plays reported per deal, costliest first."""
SCREEN_WORLDS = 32
"""Worlds of the first look at a moment. Drawing worlds is most of a review's cost
(mending hands to fit the others' bids), and most moments are clearly not costly."""
SCREEN_POINTS = 0.07
"""A moment whose best card beats the one played by this much in the first look is
looked at further, up to ``PLAY_WORLDS`` worlds in all; the noise of a paired
difference over 32 worlds is a few points, so a play costly on the full count is not
missed here."""
STEP_WORLDS = 32
"""Worlds added per step after the first look."""
STOP_SPREAD = 2.0
"""A card stops being played out once its gain over the card played, plus this many
standard errors, falls below ``COSTLY_POINTS`` (it can no longer make the play costly)."""


def review_play(view: SeatView, played: Card, seed: int) -> PlayMoment | None:
    """The card played against the best legal card, from ``view`` (the seat's view as
    it played); ``None`` when there was no real choice (one legal card, a hidden one,
    or touching cards that do the same work)."""
    if real_choices(view) < 2:
        return None
    estimate = CardChances(view, seed)
    estimate.add_worlds(SCREEN_WORLDS)
    chances = estimate.chances()
    if max(chances.values()) - chances[played] >= SCREEN_POINTS:
        # Worlds are added a step at a time, and only for the cards that may still
        # beat the one played by ``COSTLY_POINTS``: most moments that pass the first
        # look are settled well before ``PLAY_WORLDS``.
        while estimate.worlds < PLAY_WORLDS:
            running = [
                card for card in view.legal_cards
                if card != played
                and estimate.gain_bound(card, played, STOP_SPREAD) >= COSTLY_POINTS
            ]
            if not running:
                break
            estimate.add_worlds(min(STEP_WORLDS, PLAY_WORLDS - estimate.worlds),
                                [played, *running])
        chances = estimate.chances()
    # The card played wins ties: only a strictly better card makes the play look costly.
    better = max(view.legal_cards, key=lambda card: (chances[card], card == played, -card))
    return PlayMoment(
        trick=len(view.completed_tricks) + 1,
        played=played,
        better=better,
        chance_played=chances[played],
        chance_better=chances[better],
    )


def costly_plays(moments: Sequence[PlayMoment]) -> tuple[PlayMoment, ...]:
    """The moments that cost at least ``COSTLY_POINTS``, at most ``MAX_COSTLY`` of them,
    costliest first (the earlier trick first on a tie)."""
    costly = [m for m in moments if m.cost >= COSTLY_POINTS - 1e-9]
    costly.sort(key=lambda m: (-m.cost, m.trick))
    return tuple(costly[:MAX_COSTLY])
