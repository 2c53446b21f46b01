"""The review's chances on a fixed sample: one classic game at each benchmark table —
four `hard` players, a mixed table, four reference players (games 0 of
``bench/review.py``, which the correction was not fitted on). A figure check on fixed
seeds, not a timing: a change to the playouts, the sampling, the skills or the
correction that breaks the calibration shows here before the benchmark is run again."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

from ai.review.calibration import corrected_chance
from ai.review.chances import bid_trick_chances
from ai.review.deal import REVIEW_SEED
from ai.review.moments import seat_moments
from bench.review import bid_points, play
from bench.review_bins import (
    bias_test,
    bin_rows,
    chi_square_tail,
    luck_pass_chance,
    verdict,
)
from bench.review_fit import BidPoint, fit_weights

HARD = ("hard",) * 4
REFERENCE = ("reference",) * 4
MIXED = ("hard", "medium", "easy", "reference")


@cache
def sample(table: tuple[str, ...]) -> tuple[BidPoint, ...]:
    return tuple(bid_points(play(table, 0), table, 0))


def brier(points: Sequence[BidPoint], chance: Sequence[float]) -> float:
    return sum((c - p.made) ** 2 for c, p in zip(chance, points, strict=True)) / len(points)


def test_the_sample_is_the_benchmarks_first_game() -> None:
    points = sample(HARD)
    assert len(points) == 100  # 25 deals, four seats
    assert {p.level for p in points} == {"hard"}


def test_at_a_hard_table_safe_looking_bids_are_read_as_less_safe() -> None:
    points = sample(HARD)
    safe = [p for p in points if p.raw >= 0.8]
    assert len(safe) >= 20
    made = sum(p.made for p in safe) / len(safe)
    raw = sum(p.raw for p in safe) / len(safe)
    corrected = sum(p.chance() for p in safe) / len(safe)
    # On this sample the playouts alone say 91% for bids made 65% of the time (26
    # points high); the review's chances are 9.5 points high.
    assert raw - made > 0.20
    assert abs(corrected - made) < 0.10


def test_at_a_hard_table_the_corrected_chances_score_better() -> None:
    points = sample(HARD)
    raw = brier(points, [p.raw for p in points])
    corrected = brier(points, [p.chance() for p in points])
    assert corrected < raw - 0.02  # 0.236 against 0.269 on this sample
    rate = sum(p.made for p in points) / len(points)
    assert abs(sum(p.raw for p in points) / len(points) - rate) > 0.08
    assert abs(sum(p.chance() for p in points) / len(points) - rate) < 0.04


def test_at_a_reference_table_the_chances_are_the_playouts() -> None:
    # The playouts are the exact model there (and calibrated: docs/review-model.md).
    points = sample(REFERENCE)
    assert all(p.chance() == p.raw for p in points)
    assert all(p.spread == 0.0 for p in points)


def test_at_a_mixed_table_the_corrected_chances_score_better() -> None:
    points = sample(MIXED)
    assert all(p.spread > 0.0 for p in points)  # unlike opponents at every seat
    raw = brier(points, [p.raw for p in points])
    corrected = brier(points, [p.chance() for p in points])
    assert corrected < raw - 0.004  # 0.166 against 0.171 on this sample
    rate = sum(p.made for p in points) / len(points)
    assert abs(sum(p.chance() for p in points) / len(points) - rate) < 0.015  # 1.0 point


def test_at_a_mixed_table_easy_and_medium_played_as_they_play_score_better() -> None:
    # The same bids' playouts with every seat on the reference rule instead.
    points = sample(MIXED)
    game = play(MIXED, 0)
    reference_rule = []
    for point in points:
        moments = seat_moments(game, point.deal, point.seat)
        rows = bid_trick_chances(moments.bid_view, REVIEW_SEED, made=point.bid)
        reference_rule.append(rows[point.bid][point.bid])
    by_level = brier(points, [p.raw for p in points])
    assert by_level < brier(points, reference_rule) - 0.003  # 0.171 against 0.177


def test_the_bins_count_what_they_say() -> None:
    pairs = [(0.05, False)] * 9 + [(0.05, True)] + [(0.9, True)] * 7 + [(0.9, False)] * 3
    rows = bin_rows(pairs)
    assert [r["bin"] for r in rows] == ["≈10%", "≈30%", "≈50%", "≈70%", "≈90%"]
    assert [r["n"] for r in rows] == [10, 0, 0, 0, 10]
    assert rows[0]["predicted"] == 5.0 and rows[0]["observed"] == 10.0
    assert rows[0]["difference"] == 5.0
    assert rows[4]["difference"] == -20.0
    assert rows[4]["se"] == round(100 * math.sqrt(0.9 * 0.1 / 10), 1)
    passed, line = verdict(rows)
    assert not passed and line.startswith("MISS: ≈90% (-20.0")
    assert verdict(rows[:1]) == (True, "PASS: every bin within ±5 points")


def test_the_fit_finds_the_weights_that_made_the_outcomes() -> None:
    rng = random.Random(31)
    true = (0.2, -0.3, 2.0, -3.0, 0.5, -2.0, -1.0, 1.0, -0.5, 0.5)
    skills = (0.39, 0.47, 0.6)
    points = []
    for number in range(3000):
        raw, bid = rng.uniform(0.02, 0.98), rng.choice((0, 1, 2))
        own, opponents = rng.choice(skills), rng.choice(skills)
        spread = rng.choice((0.0, 0.05, 0.09))
        made = rng.random() < corrected_chance(raw, bid, own, opponents, spread, weights=true)
        points.append(BidPoint("t", 0, number, 0, "hard", bid, raw, own, opponents,
                               own, opponents, made, spread))
    fitted = fit_weights(points)
    gaps = [abs(p.chance(fitted) - p.chance(true)) for p in points]
    assert sum(gaps) / len(gaps) < 0.03
    assert max(gaps) < 0.15


def test_the_bias_test_reads_standard_errors_as_chi_square() -> None:
    assert abs(chi_square_tail(3.841, 1) - 0.05) < 1e-3
    assert abs(chi_square_tail(11.070, 5) - 0.05) < 1e-3
    assert abs(chi_square_tail(9.488, 4) - 0.05) < 1e-3
    rows = [{"n": 100, "difference": 6.0, "se": 3.0}, {"n": 100, "difference": -3.0, "se": 3.0},
            {"n": 0}]
    statistic, counted, p_value = bias_test(rows)
    assert (statistic, counted) == (5.0, 2)
    assert abs(p_value - math.exp(-2.5)) < 1e-9  # two degrees: e^(-x/2)


def test_right_chances_pass_often_with_many_bids_and_never_with_a_thin_bin() -> None:
    # 1,000 bids at 50%: a standard error of 1.6 points, so almost always within 5.
    assert luck_pass_chance([0.5] * 1000) > 0.99
    # Nine bids at 5.6%: 0 made is 5.6 points off, 1 made 5.5: no luck can pass.
    assert luck_pass_chance([0.056] * 9) == 0.0
    # Neither, and deterministic (a fixed seed).
    middle = luck_pass_chance([0.5] * 100)
    assert 0.6 < middle < 0.8 and middle == luck_pass_chance([0.5] * 100)
