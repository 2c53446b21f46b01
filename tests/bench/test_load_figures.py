"""The load bench's own arithmetic: a figure that is computed wrong misleads."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bench.load import handover_times
from bench.load_report import first_and_later_moves
from bench.load_support import percentile


def click(custom_id: str, at: float) -> Any:
    return SimpleNamespace(name=custom_id, dispatched_at=at)


def test_handover_is_measured_between_clicks_of_the_same_game() -> None:
    records = [
        click("kf:bid:7:0:0:1", 10.0),
        click("kf:bid:8:0:1:0", 10.5),   # another game, in between
        click("kf:play:7:4:1:AS", 10.25),
        click("kf:bid:7:1:1:2", 10.1),   # recorded out of order
        click("kf:play:8:3:2:KD", 11.5),
    ]
    assert sorted(handover_times(records)) == pytest.approx([0.1, 0.15, 1.0])


def test_a_game_with_one_click_has_no_handover() -> None:
    assert handover_times([click("kf:bid:3:0:0:1", 1.0)]) == []


def test_percentiles() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == pytest.approx(50.5, abs=0.6)
    assert percentile(values, 0.99) == pytest.approx(99.0, abs=1.0)


def test_each_games_first_move_is_told_apart_from_the_later_ones() -> None:
    records = [
        SimpleNamespace(name="kf:bid:7:0:0:1", dispatched_at=1.0, latency=0.9),
        SimpleNamespace(name="kf:bid:7:1:1:1", dispatched_at=2.0, latency=0.01),
        SimpleNamespace(name="kf:bid:8:0:0:0", dispatched_at=1.5, latency=0.7),
        SimpleNamespace(name="kf:play:8:5:1:AS", dispatched_at=3.0, latency=0.02),
    ]
    split = first_and_later_moves(records)  # type: ignore[arg-type]
    assert split["first_moves_p99_ms"] == pytest.approx(898.0, abs=1)
    assert split["later_moves_p99_ms"] == pytest.approx(19.9, abs=0.2)
