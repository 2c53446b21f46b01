"""Per-decision random generators.

A computer player's randomness is a function of its seed and of public facts about
the moment (deal, seat, cards played so far), never of earlier calls: the same
view and seed always give the same decision, in a replay, after a crash, or in the
information-leak test.
"""

from __future__ import annotations

import random

from engine.view import SeatView


def decision_rng(seed: int, view: SeatView, salt: str = "") -> random.Random:
    """A generator for one decision of ``view``'s seat."""
    moment = (
        f"{salt}/{seed}/{view.deal_number}/{view.seat}/{view.phase}/"
        f"{len(view.completed_tricks)}/{len(view.trick)}"
    )
    return random.Random(moment)
