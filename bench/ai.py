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

Optional (``--openspiel``, needs ``pyspiel`` from the test extra): the same duplicate
match with OpenSpiel's ISMCTS bot (1,000 simulations) in the tested seat — fairly,
and as OpenSpiel's own resampling has it, knowing which cards are in play — and
``hard`` again for comparison, counted on the deals OpenSpiel can express (at most
12 cards, with an undealt card of the trump suit to turn up) and scored with our
rules; see :mod:`bench.openspiel_ismcts`.

    python bench/ai.py                     # full run: 200 games per level
    python bench/ai.py --games 4 --levels hard
    python bench/ai.py --levels "" --openspiel --games 200
    python bench/ai.py --game callbreak    # Call Break's arena: bench/callbreak_ai.py
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ai.factory import LEVELS, make_player
from ai.match import Decision, chance_plan, play_game
from ai.player import ComputerPlayer
from ai.reference import ReferencePlayer
from ai.stats import LevelStats
from bench.openspiel_ismcts import ROOTS, IsmctsPlayer, turned_up_card
from engine.cards import Card
from engine.rules import preset_rules
from engine.view import SeatView

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
OPENSPIEL_LEVELS = ("ismcts", "ismcts-true-root", "hard")
"""Played in the optional OpenSpiel comparison, on the same deals: OpenSpiel's bot
searching from deals drawn from what its seat has seen, the same bot searching from
the true deal as OpenSpiel's own resampling does (it then knows which cards are in
play: :mod:`bench.openspiel_ismcts`), and ``hard``."""
ISMCTS_SIMULATIONS = 1000


class DealTracker:
    """Passes decisions through to a player and remembers which deal the last was in,
    so that decision times can be kept for some deals only."""

    def __init__(self, player: ComputerPlayer) -> None:
        self.player = player
        self.deal = 0

    @property
    def level(self) -> str:
        return self.player.level

    def choose_bid(self, view: SeatView) -> int:
        self.deal = view.deal_number
        return self.player.choose_bid(view)

    def choose_card(self, view: SeatView) -> Card:
        self.deal = view.deal_number
        return self.player.choose_card(view)


def duplicate_game(
    level: str, game_index: int, seed: int, openspiel: bool = False
) -> LevelStats:
    """One duplicate game: ``level`` in seat ``game_index % 4`` vs the reference there.

    With ``openspiel`` only the deals OpenSpiel's ``oh_hell`` can express are counted
    (``level`` may then be ``"ismcts"`` or ``"ismcts-true-root"``, OpenSpiel's bot).
    """
    rules = preset_rules("classic")
    seat = game_index % PLAYERS
    plan = chance_plan(rules, PLAYERS, seed * 1_000_003 + game_index)
    baseline = play_game(rules, [ReferencePlayer() for _ in range(PLAYERS)], plan)
    counted: set[int] | None = None
    player: ComputerPlayer
    ismcts: IsmctsPlayer | None = None
    if openspiel:
        counted = {
            result.number
            for result in baseline.results()
            if turned_up_card(result.hands, result.trump) is not None
        }
    if level.startswith("ismcts"):
        roots = 0 if level == "ismcts-true-root" else ROOTS
        player = ismcts = IsmctsPlayer(
            plan, seed * 7919 + game_index, ISMCTS_SIMULATIONS, roots=roots
        )
    else:
        player = make_player(level, seed * 7919 + game_index)
    tracker = DealTracker(player)
    players: list[ComputerPlayer] = [ReferencePlayer() for _ in range(PLAYERS)]
    players[seat] = tracker
    stats = LevelStats()

    def note(decision: Decision) -> None:
        if decision.seat == seat and (counted is None or tracker.deal in counted):
            stats.add_decision(decision)

    tested = play_game(rules, players, plan, on_decision=note)
    if ismcts is not None and ismcts.mirrored_deals != counted:
        raise RuntimeError("OpenSpiel's bot did not play exactly the deals counted")
    stats.add_game(tested, seat, counted)
    stats.add_duplicate(tested, baseline, seat, counted)
    return stats


def _task(job: tuple[str, int, int, bool]) -> tuple[str, LevelStats]:
    level, game_index, seed, openspiel = job
    return level, duplicate_game(level, game_index, seed, openspiel)


def run(
    levels: Sequence[str], games: int, seed: int, workers: int, openspiel: bool = False
) -> dict[str, LevelStats]:
    jobs = [(level, g, seed, openspiel) for level in levels for g in range(games)]
    results = {level: LevelStats() for level in levels}
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        done: Iterable[tuple[str, LevelStats]] = map(_task, jobs)
        if workers > 1:
            done = stack.enter_context(ProcessPoolExecutor(workers)).map(_task, jobs)
        for count, (level, stats) in enumerate(done, 1):
            results[level].merge(stats)
            elapsed = time.perf_counter() - started
            print(f"\r{count}/{len(jobs)} games, {elapsed:.0f} s", end="", file=sys.stderr,
                  flush=True)
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
        f"  points per game {summary['points_per_game']:.1f}"
        + (f"  win rate {summary['win_rate']:.1%}" if "win_rate" in summary else ""),
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
    parser.add_argument(
        "--openspiel", action="store_true",
        help="also match OpenSpiel's ISMCTS bot and hard on the deals OpenSpiel can express",
    )
    parser.add_argument(
        "--game", choices=("kachuful", "callbreak"), default="kachuful",
        help="which game's players to measure (callbreak: --games counts 5-deal matches)",
    )
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    if args.game == "callbreak":
        from bench.callbreak_ai import main as callbreak_main

        return callbreak_main(levels, args.games, args.seed, args.workers)
    unknown = [level for level in levels if level not in LEVELS]
    problem = None
    if unknown:
        problem = f"unknown levels {', '.join(unknown)} (known: {', '.join(LEVELS)})"
    elif not (levels or args.openspiel):
        problem = "no levels to test: give --levels, --openspiel or both"
    elif args.games < 1 or args.workers < 1:
        problem = "--games and --workers must be at least 1"
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    if args.openspiel:
        try:
            import pyspiel  # noqa: F401  (checked before hours of games, not after)
        except ImportError:
            print("error: --openspiel needs OpenSpiel: pip install -e '.[test]'", file=sys.stderr)
            return 2
    started = time.perf_counter()
    results = run(levels, args.games, args.seed, args.workers)
    summaries = {level: stats.summary() for level, stats in results.items()}
    for level in levels:
        print(report(level, summaries[level]))
    extra: dict[str, Any] = {}
    if args.openspiel:
        compared = run(OPENSPIEL_LEVELS, args.games, args.seed, args.workers, openspiel=True)
        compared_summaries = {level: stats.summary() for level, stats in compared.items()}
        for level in OPENSPIEL_LEVELS:
            print(report(f"{level} on the deals OpenSpiel can express", compared_summaries[level]))
        extra["openspiel"] = {
            "deals": "at most 12 cards, with an undealt card of the trump suit to turn up",
            "ismcts_simulations": ISMCTS_SIMULATIONS,
            "ismcts_roots": ROOTS,
            "levels": compared_summaries,
        }
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
        **extra,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
