"""The playouts' chance of a bid, read for who sits at the table.

The playouts (:mod:`ai.review.chances`) give the chance that a player of the
reference rule makes the bid among players of the reference rule. Who really sits
there moves it: a stronger player steers towards a bid better than the rule does
(long shots come off more often), and stronger opponents play against it better and
bid otherwise than the hands are read (safe-looking bids fail more often). So the
chance is corrected on the log-odds scale by the seat's skill and its opponents'
mean skill (:mod:`ai.review.seats`), with coefficients fitted by maximum likelihood
on computer games (``bench/review.py --fit``) and checked on other games
(``bench/review.py --calibration``). Why a correction and not other playout
policies: ``docs/review-model.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from ai.review.seats import DEFAULT_SKILL

COEFFICIENTS: Final = (
    -0.03, -0.1136, 4.4962, -3.8717, 0.4946, -3.2232, -2.5805, 0.8146, -0.836, 0.0012,
)
"""Weights of :func:`inputs`, added to the log-odds of the playouts' chance: fitted by
``bench/review.py --fit`` on games 100–123 and 200–215 of the three benchmark tables
(12,000 bids; games 0–7, on which the calibration is judged, left out)."""
EDGE: Final = 0.004
"""Playout chances are clipped to [EDGE, 1 − EDGE] before the log-odds: 0 of 300
sampled deals says "under one in 300", not "never"."""


def is_certain(chance: float, opponents: float) -> bool:
    """No sampled deal made the bid, or every one did against opponents no stronger
    than the playouts' reference players: such bids come out as the playouts say.
    Against stronger ones a bid every sampled deal made is still lost now and then
    (about one in seven among four `hard` players), so it is corrected like the rest."""
    return chance == 0.0 or (chance == 1.0 and opponents <= DEFAULT_SKILL)


def log_odds(chance: float) -> float:
    p = min(max(chance, EDGE), 1.0 - EDGE)
    return math.log(p / (1.0 - p))


def inputs(chance: float, bid: int, own: float, opponents: float) -> tuple[float, ...]:
    """What the correction weighs: the playouts' log-odds, the seat's and the
    opponents' skills less :data:`DEFAULT_SKILL`, their products, and for a zero bid
    the same again (strong opponents unload tricks on a player who wants none far
    better than the reference rule does). The log-odds are clipped (``EDGE``), so no
    term runs away at the chances' ends."""
    x = log_odds(chance)
    mine = own - DEFAULT_SKILL
    theirs = opponents - DEFAULT_SKILL
    zero = 1.0 if bid == 0 else 0.0
    return (
        1.0, x, mine, theirs, mine * x, theirs * x,
        zero * mine, zero * theirs, zero * mine * x, zero * theirs * x,
    )


def corrected_chance(
    chance: float,
    bid: int,
    own: float,
    opponents: float,
    weights: Sequence[float] = COEFFICIENTS,
) -> float:
    """The chance of ``bid`` at this table, from the playouts' ``chance``."""
    if is_certain(chance, opponents):
        return chance
    terms = inputs(chance, bid, own, opponents)
    z = log_odds(chance) + sum(w * t for w, t in zip(weights, terms, strict=True))
    return 1.0 / (1.0 + math.exp(-z))


def corrected_row(
    row: Sequence[float], bid: int, own: float, opponents: float
) -> tuple[float, ...]:
    """``row`` (the chance of each trick count when playing for ``bid``) with the
    chance of ``bid`` corrected and the other counts scaled to make up the rest."""
    if bid >= len(row) or is_certain(row[bid], opponents):
        return tuple(row)
    hit = corrected_chance(row[bid], bid, own, opponents)
    if row[bid] == 1.0:
        # Every sampled deal made the bid: the misses go to the neighbouring counts.
        near = [k for k in (bid - 1, bid + 1) if 0 <= k < len(row)]
        return tuple(
            hit if k == bid else (1.0 - hit) / len(near) if k in near else 0.0
            for k in range(len(row))
        )
    scale = (1.0 - hit) / (1.0 - row[bid])
    return tuple(hit if k == bid else p * scale for k, p in enumerate(row))


def table_correction(skills: Sequence[float], seat: int) -> tuple[float, float]:
    """(the seat's skill, its opponents' mean skill)."""
    others = [s for k, s in enumerate(skills) if k != seat]
    return skills[seat], sum(others) / len(others) if others else DEFAULT_SKILL
