"""The playouts' chance of a bid, read for who sits at the table.

The playouts (:mod:`ai.review.chances`) give the chance that a player of the
reference rule makes the bid among players of the reference rule. Who really sits
there moves it: a stronger player steers towards a bid better than the rule does
(long shots come off more often), and stronger opponents play against it better and
bid otherwise than the hands are read (safe-looking bids fail more often), and a
table of unlike opponents is read less well than one of like ones. So the chance is
corrected on the log-odds scale by the seat's skill, its opponents' mean skill and
their spread (:mod:`ai.review.seats`), with coefficients fitted by maximum likelihood
on computer games (``bench/review.py --fit``) and checked on other games
(``bench/review.py --calibration``). Every term is zero at a table of reference
players, where the playouts are the exact model (and are calibrated: 10,800 bids,
every tenth of the scale within 1.5 standard errors). Why a correction and not other
playout policies: ``docs/review-model.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from ai.review.seats import DEFAULT_SKILL

COEFFICIENTS: Final = (
    3.0623, -3.5491, -0.5267, -3.152, -0.6888, 2.4333, -1.1613, -1.3129, 0.251, -0.8966,
)
"""Weights of :func:`inputs`, added to the log-odds of the playouts' chance: fitted by
``bench/review.py --fit`` on games 100–123, 200–215 and 400–431 of the three benchmark
tables (21,600 bids; games 0–7, on which the calibration is judged, and 300–311 and
500–515, the second check, left out), with the seat's own skill read for the kind of
bid (:mod:`ai.review.kinds`)."""
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


def inputs(
    chance: float, bid: int, own: float, opponents: float, spread: float = 0.0
) -> tuple[float, ...]:
    """What the correction weighs: the seat's and the opponents' skills less
    :data:`DEFAULT_SKILL` and their products with the playouts' log-odds; for a zero
    bid the same again (strong opponents unload tricks on a player who wants none far
    better than the reference rule does); and the spread of the opponents' skills,
    alone and with the log-odds (at a mixed table the hands are read from unlike
    bids). No constant and no log-odds alone: at a table of reference players every
    term is zero. The log-odds are clipped (``EDGE``), so no term runs away at the
    chances' ends."""
    x = log_odds(chance)
    mine = own - DEFAULT_SKILL
    theirs = opponents - DEFAULT_SKILL
    zero = 1.0 if bid == 0 else 0.0
    return (
        mine, theirs, mine * x, theirs * x,
        zero * mine, zero * theirs, zero * mine * x, zero * theirs * x,
        spread, spread * x,
    )


def corrected_chance(
    chance: float,
    bid: int,
    own: float,
    opponents: float,
    spread: float = 0.0,
    *,
    weights: Sequence[float] = COEFFICIENTS,
) -> float:
    """The chance of ``bid`` at this table, from the playouts' ``chance``."""
    if is_certain(chance, opponents):
        return chance
    terms = inputs(chance, bid, own, opponents, spread)
    shift = sum(w * t for w, t in zip(weights, terms, strict=True))
    if shift == 0.0:
        return chance  # a table of reference players: the playouts' chance, exactly
    return 1.0 / (1.0 + math.exp(-(log_odds(chance) + shift)))


def corrected_row(
    row: Sequence[float], bid: int, own: float, opponents: float, spread: float = 0.0
) -> tuple[float, ...]:
    """``row`` (the chance of each trick count when playing for ``bid``) with the
    chance of ``bid`` corrected and the other counts scaled to make up the rest."""
    if bid >= len(row) or is_certain(row[bid], opponents):
        return tuple(row)
    hit = corrected_chance(row[bid], bid, own, opponents, spread)
    if row[bid] == 1.0:
        # Every sampled deal made the bid: the misses go to the neighbouring counts.
        near = [k for k in (bid - 1, bid + 1) if 0 <= k < len(row)]
        return tuple(
            hit if k == bid else (1.0 - hit) / len(near) if k in near else 0.0
            for k in range(len(row))
        )
    scale = (1.0 - hit) / (1.0 - row[bid])
    return tuple(hit if k == bid else p * scale for k, p in enumerate(row))


def table_correction(skills: Sequence[float], seat: int) -> tuple[float, float, float]:
    """(the seat's skill, its opponents' mean skill, their spread: the standard
    deviation of their skills, 0 when they are alike)."""
    others = [s for k, s in enumerate(skills) if k != seat]
    if not others:
        return skills[seat], DEFAULT_SKILL, 0.0
    mean = sum(others) / len(others)
    spread = math.sqrt(sum((s - mean) ** 2 for s in others) / len(others))
    return skills[seat], mean, spread
