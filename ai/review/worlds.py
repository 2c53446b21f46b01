"""Deals of the unseen cards for a review: the very sampling ``hard`` uses.

Each world is consistent with the seat's view — its hand, the cards played, the
suits each seat has shown it lacks — and, as far as a deal allows, explains the
others' bids and plays read with the reference rule (:mod:`ai.inference`). Unlike
``hard``'s search, a review draws a fixed number of worlds: no early stop, no clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.inference import bid_fit, read_plays
from ai.knowledge import DealKnowledge
from ai.sampling import Dealer, Inconsistent


def world_sampler(know: DealKnowledge, rng: random.Random) -> Callable[[], list[int]]:
    """Draws every seat's remaining cards (as masks) in one consistent world per call.

    The exclusions read from the plays are dropped when no deal fits them, as in
    ``hard`` (a seat that does not play like the reference can contradict them).
    """
    reading = read_plays(know)
    dealer = Dealer(know)
    if know.history:
        dealer = Dealer(know, reading.exclusions)
        try:
            dealer.deal(random.Random(rng.random()))
        except Inconsistent:
            dealer = Dealer(know)
    fit = bid_fit(know, reading.reference_like)

    def world() -> list[int]:
        return dealer.deal(rng, fit)

    return world
