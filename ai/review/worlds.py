"""Deals of the unseen cards for a review: the very sampling ``hard`` uses.

Each world is consistent with the seat's view — its hand, the cards played, the
suits each seat has shown it lacks — and, as far as a deal allows, explains the
others' bids and plays read with the reference rule (:mod:`ai.inference`). Unlike
``hard``'s search, a review draws a fixed number of worlds: no early stop, no clock;
and a world for a play moment mends hands in fewer steps
(:data:`ai.review.chances.PLAY_REPAIR_STEPS`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.consistent_deals import consistent_dealer
from ai.knowledge import DealKnowledge
from ai.sampling import REPAIR_STEPS


def world_sampler(
    know: DealKnowledge, rng: random.Random, repair_steps: int = REPAIR_STEPS
) -> Callable[[], list[int]]:
    """Draws every seat's remaining cards (as masks) in one consistent world per call.

    The exclusions read from the plays are dropped when no deal fits them, as in
    ``hard`` (a seat that does not play like the reference can contradict them).
    ``repair_steps`` bounds the card swaps that mend one seat's hand to fit its bid.
    """
    dealer, fit = consistent_dealer(know, rng, repair_steps)

    def world() -> list[int]:
        return dealer.deal(rng, fit)

    return world
