"""The calibration points of ``bench/review.py`` and the fit of the review's correction.

A point is one bid of one seat in one deal: the playouts' chance of the bid made, the
seat's and its opponents' skills, and whether the bid was made. The correction
(:mod:`ai.review.calibration`) is a logistic regression on the log-odds of the
playouts' chance, fitted here by Newton's method (a handful of weights, a few
thousand points: pure Python is plenty).
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace

from ai.review.calibration import corrected_chance, inputs, is_certain, log_odds
from ai.review.kinds import skills_by_kind
from ai.review.seats import SeatModel
from engine.bid_kinds import bid_kind

PLAYERS = 4
"""Seats at every benchmark table (classic 4-player games)."""

RIDGE = 1e-3
"""A penalty on the squared weights: negligible against thousands of points, but it
keeps Newton's steps finite when two inputs are nearly the same."""


@dataclass(frozen=True, slots=True)
class BidPoint:
    table: str
    game: int
    deal: int
    seat: int
    level: str
    bid: int
    raw: float
    """The playouts' chance of the bid made."""
    own: float
    """The seat's skill, its level's (the bot knows a computer's level)."""
    opponents: float
    """The other seats' mean skill, by their levels."""
    own_as_person: float
    """The seat's skill read as a person's, from this game's earlier deals only."""
    opponents_as_people: float
    made: bool
    spread: float = 0.0
    """The spread of the other seats' skills, by their levels."""
    spread_as_people: float = 0.0
    hand_size: int = 0
    """The deal's hand size (0 in points saved before it was kept)."""

    def chance(self, weights: Sequence[float] | None = None) -> float:
        """The review's chance, levels known (``weights``: the correction's, default
        the committed ones)."""
        if weights is None:
            return corrected_chance(self.raw, self.bid, self.own, self.opponents, self.spread)
        return corrected_chance(
            self.raw, self.bid, self.own, self.opponents, self.spread, weights=weights
        )

    def chance_as_people(self) -> float:
        """The review's chance when every seat is read as a person from this game."""
        return corrected_chance(
            self.raw, self.bid, self.own_as_person, self.opponents_as_people,
            self.spread_as_people,
        )


def save_points(points: Iterable[BidPoint], path: str) -> None:
    with open(path, "a", encoding="utf-8") as out:
        for point in points:
            out.write(json.dumps(asdict(point)) + "\n")


def load_points(path: str) -> list[BidPoint]:
    with open(path, encoding="utf-8") as lines:
        return [BidPoint(**json.loads(line)) for line in lines if line.strip()]


def with_current_skills(points: Sequence[BidPoint]) -> list[BidPoint]:
    """``points`` with the seat's own skill worked out again by the review's current
    model (:mod:`ai.review.kinds`): by its level, and as a person from its earlier
    deals in the same game (which must be among ``points``: whole games are saved).
    The playouts' chances and the outcomes are facts of the games; the skills are the
    model's, so a change to the model needs no game played again."""
    if any(p.hand_size == 0 for p in points):
        raise ValueError("these points were saved before hand sizes were kept")
    games: dict[tuple[str, int, int], list[BidPoint]] = defaultdict(list)
    for point in points:
        games[point.table, point.game, point.seat].append(point)
    rescored = []
    for point in points:
        kind = bid_kind(point.bid, point.hand_size, PLAYERS)
        earlier = [p for p in games[point.table, point.game, point.seat] if p.deal < point.deal]
        person = SeatModel()
        overall = person.skill(sum(1 for p in earlier if p.made), len(earlier))
        rescored.append(replace(
            point,
            own=skills_by_kind(SeatModel(point.level), 0.0)[kind],
            own_as_person=skills_by_kind(person, overall)[kind],
        ))
    return rescored


def kind_rates(points: Sequence[BidPoint]) -> dict[str, dict[str, float]]:
    """Each level's share of exact bids of each kind (:mod:`engine.bid_kinds`) among
    ``points``, to three places: :data:`ai.review.kinds.LEVEL_KIND_RATE`."""
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for point in points:
        count = counts[point.level, bid_kind(point.bid, point.hand_size, PLAYERS)]
        count[0] += 1
        count[1] += point.made
    return {
        level: {kind: round(hits / bids, 3) for (lv, kind), (bids, hits) in counts.items()
                if lv == level}
        for level in sorted({level for level, _ in counts})
    }


def fit_weights(points: Sequence[BidPoint], iterations: int = 25) -> tuple[float, ...]:
    """Maximum-likelihood weights of the correction (the chances it keeps left out)."""
    rows = [
        (log_odds(p.raw), inputs(p.raw, p.bid, p.own, p.opponents, p.spread), p.made)
        for p in points
        if not is_certain(p.raw, p.opponents)
    ]
    size = len(rows[0][1])
    weights = [0.0] * size
    for _ in range(iterations):
        gradient = [0.0] * size
        hessian = [[0.0] * size for _ in range(size)]
        for offset, terms, made in rows:
            z = offset + sum(w * t for w, t in zip(weights, terms, strict=True))
            q = 1.0 / (1.0 + math.exp(-min(max(z, -30.0), 30.0)))
            for i in range(size):
                gradient[i] += (made - q) * terms[i]
                for j in range(size):
                    hessian[i][j] += q * (1 - q) * terms[i] * terms[j]
        for i in range(size):  # a light ridge keeps the steps finite
            gradient[i] -= RIDGE * weights[i]
            hessian[i][i] += RIDGE
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return tuple(weights)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[col][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]
