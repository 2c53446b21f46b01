"""The racing search picks the best candidate and honours its budget."""

from __future__ import annotations

import itertools
import logging
import random

import pytest

from ai.search import Budget, choose


def test_picks_the_best_mean() -> None:
    rng = random.Random(1)
    means = {"a": 1.0, "b": 3.0, "c": 2.0}
    picked = choose(
        list(means),
        lambda: rng.gauss(0, 1),
        lambda candidate, noise: means[candidate] + noise,
        1,
        Budget(10_000),
    )
    assert picked == "b"


def test_clear_decisions_stop_early() -> None:
    budget = Budget(10**9)
    picked = choose([0, 1, 2], lambda: None, lambda c, _: float(c == 2), 1, budget)
    assert picked == 2
    assert budget.work < 100


def test_work_cap_binds() -> None:
    budget = Budget(30)
    rng = random.Random(2)
    choose([0, 1], lambda: rng.random(), lambda c, w: w, 5, budget)
    assert 30 <= budget.work < 30 + 5 * 2


def test_a_slow_clock_only_warns(caplog: pytest.LogCaptureFixture) -> None:
    ticks = itertools.count()  # one second passes at every reading
    budget = Budget(30, warn_after=3.0, label="test search", clock=lambda: float(next(ticks)))
    rng = random.Random(2)
    with caplog.at_level(logging.WARNING, logger="ai.search"):
        choose([0, 1], lambda: rng.random(), lambda c, w: w, 1, budget)
    assert budget.work >= 30  # the work cap, not the clock, ended the search
    assert budget.warned
    warnings = [r.getMessage() for r in caplog.records if r.name == "ai.search"]
    assert len(warnings) == 1
    assert warnings[0].startswith("test search still running after 3.0 s")


def test_a_quick_search_does_not_warn(caplog: pytest.LogCaptureFixture) -> None:
    budget = Budget(30, warn_after=3.0, clock=lambda: 0.0)
    rng = random.Random(2)
    with caplog.at_level(logging.WARNING, logger="ai.search"):
        choose([0, 1], lambda: rng.random(), lambda c, w: w, 1, budget)
    assert not budget.warned
    assert not caplog.records


def test_a_tie_so_far_is_not_dropped() -> None:
    # Both candidates score the same on the first worlds; only later worlds tell them
    # apart. Dropping one as soon as the scores were equal used to keep the wrong one.
    worlds = itertools.count()
    picked = choose(
        ["first", "better"],
        lambda: next(worlds),
        lambda c, w: 1.0 + float(c == "better" and w % 4 == 3 and w >= 24),
        1,
        Budget(400),
    )
    assert picked == "better"
