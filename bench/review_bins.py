"""The calibration bins of ``bench/review.py``, and how to tell a bias from luck.

A bin's observed rate wanders around its mean chance even when every chance is
right: by its standard error, several points for a bin of a hundred bids. Two figures
say how much of a table's misses that explains:

* :func:`bias_test` — the bins' differences in standard errors, squared and summed
  (a Hosmer–Lemeshow-style statistic), and the chance of a sum at least that large if
  the chances were right (chi-square, one degree per bin with bids): a small chance
  says bias, a large one says luck;
* :func:`luck_pass_chance` — how often a table whose chances were all exactly right
  would pass (every bin within the target) with these very bids: their outcomes are
  drawn from their own chances, many times, on a fixed seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

TARGET_POINTS = 5.0
BINS = (
    (0.0, 0.2, "≈10%"),
    (0.2, 0.4, "≈30%"),
    (0.4, 0.6, "≈50%"),
    (0.6, 0.8, "≈70%"),
    (0.8, 1.0001, "≈90%"),
)
LUCK_DRAWS = 2000
"""Tables drawn by :func:`luck_pass_chance`: its figure is within about a point."""


def bin_of(chance: float) -> int:
    return next(i for i, (low, high, _) in enumerate(BINS) if low <= chance < high)


def bin_rows(pairs: Sequence[tuple[float, bool]]) -> list[dict[str, Any]]:
    """The five bins of (chance, made) pairs: bids, mean chance, observed rate, the
    difference in points (observed − predicted) and its standard error were the
    chances right (how far the observed rate of so many bids wanders by luck alone)."""
    rows = []
    for low, high, label in BINS:
        inside = [(p, hit) for p, hit in pairs if low <= p < high]
        row: dict[str, Any] = {"bin": label, "n": len(inside)}
        if inside:
            predicted = sum(p for p, _ in inside) / len(inside)
            rate = sum(hit for _, hit in inside) / len(inside)
            error = math.sqrt(sum(p * (1 - p) for p, _ in inside)) / len(inside)
            row |= {"predicted": round(100 * predicted, 1), "observed": round(100 * rate, 1),
                    "difference": round(100 * (rate - predicted), 1),
                    "se": round(100 * error, 1)}
        rows.append(row)
    return rows


def verdict(rows: Sequence[dict[str, Any]]) -> tuple[bool, str]:
    """PASS when every bin with bids is within ±TARGET_POINTS, else MISS naming the bins
    (and how many standard errors each is off, to tell luck from a bias)."""
    off = [f"{r['bin']} ({r['difference']:+.1f}, {abs(r['difference']) / r['se']:.1f} se)"
           if r["se"] else f"{r['bin']} ({r['difference']:+.1f})"
           for r in rows if r["n"] and abs(r["difference"]) > TARGET_POINTS]
    if not off:
        return True, f"PASS: every bin within ±{TARGET_POINTS:g} points"
    return False, f"MISS: {', '.join(off)} beyond ±{TARGET_POINTS:g} points"


def bias_test(rows: Sequence[dict[str, Any]]) -> tuple[float, int, float]:
    """(sum of the squared differences in standard errors, bins counted, the chance of
    a sum at least as large were the chances right). Bins whose chances are all 0 or
    1 (no standard error) are left out."""
    scores = [(r["difference"] / r["se"]) ** 2 for r in rows if r["n"] and r["se"]]
    total = sum(scores)
    return total, len(scores), chi_square_tail(total, len(scores))


def chi_square_tail(value: float, degrees: int) -> float:
    """P(X ≥ value) for X chi-square with ``degrees`` (a whole number) degrees."""
    if degrees <= 0:
        return 1.0
    half = value / 2
    if degrees % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, degrees // 2):
            term *= half / i
            total += term
        return math.exp(-half) * total
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(half) / math.gamma(1.5) if half else 0.0
    for j in range(1, (degrees - 1) // 2 + 1):
        total += math.exp(-half) * term
        term *= half / (j + 0.5)
    return min(1.0, total)


def luck_pass_chance(chances: Sequence[float], seed: int = 31) -> float:
    """The share of :data:`LUCK_DRAWS` tables, each bid made with exactly its chance,
    in which every bin is within ±TARGET_POINTS: how often a perfect model passes
    with these bids."""
    rng = random.Random(seed)
    bins = [bin_of(p) for p in chances]
    sizes = [bins.count(b) for b in range(len(BINS))]
    expected = [sum(p for p, b in zip(chances, bins, strict=True) if b == k)
                for k in range(len(BINS))]
    passes = 0
    for _ in range(LUCK_DRAWS):
        made = [0] * len(BINS)
        for p, b in zip(chances, bins, strict=True):
            made[b] += rng.random() < p
        passes += all(
            not size or abs(100 * (hits - mean) / size) <= TARGET_POINTS
            for size, hits, mean in zip(sizes, made, expected, strict=True)
        )
    return passes / LUCK_DRAWS


def print_rows(rows: Sequence[dict[str, Any]], indent: str = "") -> None:
    print(f"{indent}{'bin':>5} {'bids':>5} {'predicted':>10} {'observed':>9} "
          f"{'difference':>11} {'±se':>5}")
    for row in rows:
        if not row["n"]:
            print(f"{indent}{row['bin']:>5} {0:>5} {'—':>10} {'—':>9} {'—':>11}")
            continue
        print(f"{indent}{row['bin']:>5} {row['n']:>5} {row['predicted']:>9.1f}% "
              f"{row['observed']:>8.1f}% {row['difference']:>+10.1f}  {row['se']:>5.1f}")
