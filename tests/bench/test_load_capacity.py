"""The capacity bench's figures: the handover a person sees (a click → the next controls
in that game), handovers never made, and tables that stood still for 15 s."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bench.capacity import held
from bench.load_capacity import capacity_figures, handovers_to_controls, stuck_tables


def click(game: int, at: float) -> Any:
    return SimpleNamespace(name=f"kf:bid:{game}:0:0:1", dispatched_at=at)


def test_a_handover_runs_from_a_click_to_the_next_controls_of_its_game() -> None:
    clicks = [click(7, 1.0), click(7, 4.0), click(8, 2.0), click(8, 5.0)]
    seen = [("7", 0.5), ("7", 1.3), ("8", 2.9), ("7", 4.2), ("8", 1.0)]
    gaps, lost = handovers_to_controls(clicks, seen)
    # Game 7: 1.0 → 1.3; game 8: 2.0 → 2.9; each game's last click is not counted.
    assert [round(g, 3) for g in sorted(gaps)] == [0.3, 0.9] and lost == 0


def test_a_click_never_followed_by_controls_is_a_lost_handover() -> None:
    gaps, lost = handovers_to_controls([click(7, 1.0), click(7, 40.0)], [("7", 0.5)])
    assert gaps == [] and lost == 1


def test_a_table_that_waited_15_s_for_a_move_was_stuck() -> None:
    clicks = [click(7, 1.0), click(7, 4.0), click(8, 1.0), click(8, 16.5), click(9, 3.0)]
    assert stuck_tables(clicks) == 1


def test_a_step_is_held_only_without_global_429s_stuck_tables_or_slow_handovers() -> None:
    figures = capacity_figures([click(7, 1.0), click(7, 3.0)], [("7", 1.2)])
    run = {"games": 1, "games_finished": 1, "failures": [],
           "budget": {"rate_limited_by_scope": {}}, **figures}
    assert held(run)
    assert not held({**run, "budget": {"rate_limited_by_scope": {"global": 1}}})
    assert not held({**run, "stuck_tables": 1})
    assert not held({**run, "controls_handover_p99_ms": 1600.0})
