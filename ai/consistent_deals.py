"""Dealing the unseen cards consistently with everything a seat has seen: the one
set-up that ``hard`` and the deal review share."""

from __future__ import annotations

import random

from ai.inference import bid_fit, read_plays
from ai.knowledge import DealKnowledge
from ai.sampling import REPAIR_STEPS, Dealer, Fit, Inconsistent


def consistent_dealer(
    know: DealKnowledge, rng: random.Random, repair_steps: int = REPAIR_STEPS
) -> tuple[Dealer, Fit | None]:
    """A dealer of the unseen cards that respects the plays' exclusions (dropped when no
    deal fits them: a seat that does not play like the reference can contradict them),
    and the fit that makes each drawn hand explain its seat's bid."""
    reading = read_plays(know)
    dealer = Dealer(know, repair_steps=repair_steps)
    if know.history:
        dealer = Dealer(know, reading.exclusions, repair_steps)
        try:
            dealer.deal(random.Random(rng.random()))
        except Inconsistent:
            dealer = Dealer(know, repair_steps=repair_steps)
    return dealer, bid_fit(know, reading.reference_like)
