"""Strength benchmark of the computer players (issue 7).

Duplicate matches on 4-player classic games: each game's deals are played twice —
once with the level under test in one seat, once with the reference heuristic in
that same seat — the other three seats reference players both times; the tested
seat rotates from game to game. Chance is planned from a seed and applied by hand
(``seed=None`` games with the same ``DealCards``), so both runs see the very same
cards.

Reports per level: bid-hit rate (overall and by hand size), over/under-bid rates,
average points per game, points per deal gained over the reference in the same
seat (with its standard error over games), and mean / p99 decision time of the
tested seat (every call, forced moves included). The last line is one JSON object.

    python bench/ai.py                     # full run: 200 games per level
    python bench/ai.py --games 4 --levels hard
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ai.factory import LEVELS, make_player
from ai.match import Decision, chance_plan, play_game
from ai.player import ComputerPlayer
from ai.reference import ReferencePlayer
from ai.stats import LevelStats
from engine.rules import preset_rules

PLAYERS = 4
TARGETS = {
    "hard": {
        "bid_hit": 0.80,
        "gain_per_deal": 3.5,
        "decision_mean_ms": 50.0,
        "decision_p99_ms": 250.0,
    },
    "medium": {"gain_per_deal": 0.0},
}


def duplicate_game(level: str, game_index: int, seed: int) -> LevelStats:
    """One duplicate game: ``level`` in seat ``game_index % 4`` vs the reference there."""
    rules = preset_rules("classic")
    seat = game_index % PLAYERS
    plan = chance_plan(rules, PLAYERS, seed * 1_000_003 + game_index)
    baseline = play_game(rules, [ReferencePlayer() for _ in range(PLAYERS)], plan)
    players: list[ComputerPlayer] = [ReferencePlayer() for _ in range(PLAYERS)]
    players[seat] = make_player(level, seed * 7919 + game_index)
    stats = LevelStats()

    def note(decision: Decision) -> None:
        if decision.seat == seat:
            stats.add_decision(decision)

    tested = play_game(rules, players, plan, on_decision=note)
    stats.add_game(tested, seat)
    stats.add_duplicate(tested, baseline, seat)
    return stats


def _task(job: tuple[str, int, int]) -> tuple[str, LevelStats]:
    level, game_index, seed = job
    return level, duplicate_game(level, game_index, seed)


def run(levels: Sequence[str], games: int, seed: int, workers: int) -> dict[str, LevelStats]:
    jobs = [(level, g, seed) for level in levels for g in range(games)]
    results = {level: LevelStats() for level in levels}
    done = 0
    started = time.perf_counter()

    def progress() -> None:
        elapsed = time.perf_counter() - started
        print(f"\r{done}/{len(jobs)} games, {elapsed:.0f} s", end="", file=sys.stderr, flush=True)

    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for level, stats in pool.map(_task, jobs):
                results[level].merge(stats)
                done += 1
                progress()
    else:
        for job in jobs:
            level, stats = _task(job)
            results[level].merge(stats)
            done += 1
            progress()
    print(file=sys.stderr)
    return results


def report(level: str, summary: dict[str, Any]) -> str:
    by_size = " ".join(
        f"{size}:{rate:.0%}" for size, rate in summary["bid_hit_by_hand_size"].items()
    )
    lines = [
        f"== {level} ({summary['games']} games, {summary['deals']} deals)",
        f"  bid hit {summary['bid_hit']:.1%}  overbid {summary['overbid_rate']:.1%}"
        f"  underbid {summary['underbid_rate']:.1%}",
        f"  bid hit by hand size: {by_size}",
        f"  points per game {summary['points_per_game']:.1f}  win rate {summary['win_rate']:.1%}",
        f"  gain over reference {summary.get('gain_per_deal', 0.0):+.2f} points/deal"
        f" (SE {summary.get('gain_per_deal_se', 0.0):.2f})",
        f"  decision time mean {summary.get('decision_mean_ms', 0.0):.1f} ms"
        f"  p99 {summary.get('decision_p99_ms', 0.0):.1f} ms"
        f"  max {summary.get('decision_max_ms', 0.0):.1f} ms"
        f"  ({summary.get('decisions', 0)} decisions, {summary.get('forced_decisions', 0)} forced)",
        f"  processor time per decision mean {summary.get('decision_cpu_mean_ms', 0.0):.1f} ms"
        f"  p99 {summary.get('decision_cpu_p99_ms', 0.0):.1f} ms",
    ]
    for name, target in TARGETS.get(level, {}).items():
        value = summary.get(name, 0.0)
        met = value <= target if name.startswith("decision") else value >= target
        lines.append(f"  target {name} {'≤' if name.startswith('decision') else '≥'} {target}: "
                     f"{'met' if met else 'MISSED'}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="duplicate games per level")
    parser.add_argument(
        "--levels", default="easy,medium,hard", help="comma-separated levels to test"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument(
        "--workers", type=int, default=1,
        help="processes (more than 1 makes the decision times less comparable)",
    )
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown or args.games < 1 or args.workers < 1:
        print(f"error: unknown levels {unknown} (known: {', '.join(LEVELS)}) or bad counts",
              file=sys.stderr)
        return 2
    started = time.perf_counter()
    results = run(levels, args.games, args.seed, args.workers)
    summaries = {level: stats.summary() for level, stats in results.items()}
    for level in levels:
        print(report(level, summaries[level]))
    print(json.dumps({
        "bench": "ai",
        "players": PLAYERS,
        "rules": "classic",
        "games_per_level": args.games,
        "seed": args.seed,
        "workers": args.workers,
        "cpu_count": os.cpu_count(),
        "seconds": round(time.perf_counter() - started, 1),
        "levels": summaries,
        "targets": TARGETS,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
