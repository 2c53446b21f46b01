"""The capacity figures of a load run at people's pace (``bench/capacity.py``): the turn
handover as a person sees it — their neighbour's click → their own controls enabled —
and the tables that went 15 s without a move."""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable
from itertools import pairwise
from typing import Any

from bench.load_support import percentile
from tests.fake_discord.interactions import InteractionRecord

STUCK_SECONDS = 15.0
"""A table that went this long without a move is stuck (people think 1.5–3.5 s)."""


def game_of(custom_id: str) -> str:
    return custom_id.split(":")[2]  # kf:<kind>:<game>:<counter>:<args>


def _ms(seconds: float) -> float | None:
    return None if seconds != seconds else round(seconds * 1000, 1)


def handovers_to_controls(clicks: Iterable[InteractionRecord],
                          seen: Iterable[tuple[str, float]]) -> tuple[list[float], int]:
    """Seconds from each move's click to the next controls seen enabled in the same game
    (the next person's, or the same person's next move), and how many clicks were never
    followed by any (a game's last move is not counted)."""
    shown: dict[str, list[float]] = defaultdict(list)
    for game, at in seen:
        shown[game].append(at)
    by_game: dict[str, list[float]] = defaultdict(list)
    for click in clicks:
        by_game[game_of(click.name)].append(click.dispatched_at)
    gaps: list[float] = []
    lost = 0
    for game, moments in by_game.items():
        moments.sort()
        times = sorted(shown.get(game, ()))
        for click in moments[:-1]:
            index = bisect.bisect_right(times, click)
            if index == len(times):
                lost += 1
            else:
                gaps.append(times[index] - click)
    return gaps, lost


def stuck_tables(clicks: Iterable[InteractionRecord]) -> int:
    """Games with two moves in a row STUCK_SECONDS or more apart."""
    by_game: dict[str, list[float]] = defaultdict(list)
    for click in clicks:
        by_game[game_of(click.name)].append(click.dispatched_at)
    stuck = 0
    for moments in by_game.values():
        moments.sort()
        if any(later - earlier >= STUCK_SECONDS
               for earlier, later in pairwise(moments)):
            stuck += 1
    return stuck


def capacity_figures(clicks: list[InteractionRecord],
                     seen: list[tuple[str, float]]) -> dict[str, Any]:
    gaps, lost = handovers_to_controls(clicks, seen)
    return {
        "controls_handover_p50_ms": _ms(percentile(gaps, 0.50)),
        "controls_handover_p95_ms": _ms(percentile(gaps, 0.95)),
        "controls_handover_p99_ms": _ms(percentile(gaps, 0.99)),
        "lost_handovers": lost,
        "stuck_tables": stuck_tables(clicks),
    }
