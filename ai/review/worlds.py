"""Deals of the unseen cards for a review: the very sampling ``hard`` uses.

Each world is consistent with the seat's view — its hand, the cards played, the
suits each seat has shown it lacks — and, as far as a deal allows, explains the
others' bids and plays read with the reference rule (:mod:`ai.inference`). Unlike
``hard``'s search, a review draws a fixed number of worlds: no early stop, no clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.consistent_deals import consistent_dealer
from ai.knowledge import DealKnowledge


def world_sampler(know: DealKnowledge, rng: random.Random) -> Callable[[], list[int]]:
    """Draws every seat's remaining cards (as masks) in one consistent world per call.

    The exclusions read from the plays are dropped when no deal fits them, as in
    ``hard`` (a seat that does not play like the reference can contradict them).
    """
    dealer, fit = consistent_dealer(know, rng)

    def world() -> list[int]:
        return dealer.deal(rng, fit)

    return world
