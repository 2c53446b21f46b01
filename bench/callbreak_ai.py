"""Call Break strength benchmark (issue 30): a duplicate arena, run as
``python bench/ai.py --game callbreak``.

Every match is 5 deals at a 4-player table under the default rules, dealt from the
match's seed, so every level meets exactly the same cards. The level under test sits
in seat ``match % 4`` (seats rotate from match to match) and the other three seats
are ``medium`` players. ``medium`` in the tested seat is the baseline: a level's gain
is its points per deal minus medium's in the same seat on the same deals, with its
standard error over matches.

Reports per level: points per deal, exact / over / under call rates, mean call and
tricks, gain over medium, and the mean decision time of the tested seat. The last
line is one JSON object.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ai.callbreak import LEVELS, make_callbreak_player
from ai.callbreak.players import CallBreakPlayer
from engine.callbreak import CallBreakGame, CallBreakRules
from engine.game_phase import Phase

PLAYERS = 4
BASELINE = "medium"
NAMES = ("Asha", "Bikram", "Chandra", "Deepa")


@dataclass
class MatchStats:
    deals: int = 0
    points: int = 0
    """Tenths of a point."""
    exact: int = 0
    over: int = 0
    under: int = 0
    calls: int = 0
    tricks: int = 0
    decisions: int = 0
    seconds: float = 0.0
    per_match: dict[int, int] = field(default_factory=dict)
    """Match index -> points (tenths) of the tested seat."""

    def merge(self, other: MatchStats) -> None:
        for name in ("deals", "points", "exact", "over", "under", "calls", "tricks",
                     "decisions", "seconds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.per_match.update(other.per_match)


def play_match(level: str, match: int, seed: int) -> MatchStats:
    """One match with ``level`` in seat ``match % 4`` and medium players elsewhere."""
    seat = match % PLAYERS
    match_seed = seed * 1_000_003 + match
    players: list[CallBreakPlayer] = [
        make_callbreak_player(BASELINE, match_seed + s) for s in range(PLAYERS)
    ]
    players[seat] = make_callbreak_player(level, match_seed * 7 + 1)
    game = CallBreakGame(CallBreakRules(), NAMES, match_seed)
    stats = MatchStats()
    while not game.is_over:
        turn = game.turn
        assert turn is not None
        view = game.view(turn)
        started = time.perf_counter()
        if game.phase is Phase.BIDDING:
            move = players[turn].choose_bid(view)
            elapsed = time.perf_counter() - started
            game.bid(turn, move)
        else:
            card = players[turn].choose_card(view)
            elapsed = time.perf_counter() - started
            game.play(turn, card)
        if turn == seat:
            stats.decisions += 1
            stats.seconds += elapsed
    for result in game.results():
        call, won = result.bids[seat], result.tricks[seat]
        stats.deals += 1
        stats.points += result.scores[seat]
        stats.exact += won == call
        stats.over += won > call
        stats.under += won < call
        stats.calls += call
        stats.tricks += won
    stats.per_match[match] = game.totals()[seat]
    return stats


def _task(job: tuple[str, int, int]) -> tuple[str, MatchStats]:
    level, match, seed = job
    return level, play_match(level, match, seed)


def run(levels: Sequence[str], matches: int, seed: int, workers: int) -> dict[str, MatchStats]:
    jobs = [(level, m, seed) for level in levels for m in range(matches)]
    results = {level: MatchStats() for level in levels}
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        done: Iterable[tuple[str, MatchStats]] = map(_task, jobs)
        if workers > 1:
            pool = stack.enter_context(ProcessPoolExecutor(workers))
            done = pool.map(_task, jobs, chunksize=8)
        for count, (level, stats) in enumerate(done, 1):
            results[level].merge(stats)
            if count % 50 == 0 or count == len(jobs):
                print(f"\r{count}/{len(jobs)} matches, {time.perf_counter() - started:.0f} s",
                      end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return results


def summarise(stats: MatchStats, baseline: MatchStats | None) -> dict[str, Any]:
    deals = max(stats.deals, 1)
    summary: dict[str, Any] = {
        "deals": stats.deals,
        "points_per_deal": round(stats.points / 10 / deals, 3),
        "exact_rate": round(stats.exact / deals, 4),
        "over_rate": round(stats.over / deals, 4),
        "under_rate": round(stats.under / deals, 4),
        "mean_call": round(stats.calls / deals, 3),
        "mean_tricks": round(stats.tricks / deals, 3),
        "decision_mean_ms": round(1000 * stats.seconds / max(stats.decisions, 1), 2),
    }
    if baseline is not None:
        shared = sorted(set(stats.per_match) & set(baseline.per_match))
        per_deal = [
            (stats.per_match[m] - baseline.per_match[m]) / 10 / (stats.deals / len(stats.per_match))
            for m in shared
        ]
        if len(per_deal) > 1:
            mean = sum(per_deal) / len(per_deal)
            spread = sum((x - mean) ** 2 for x in per_deal) / (len(per_deal) - 1)
            summary["gain_over_medium_per_deal"] = round(mean, 3)
            summary["gain_se"] = round(math.sqrt(spread / len(per_deal)), 3)
    return summary


def report(level: str, summary: dict[str, Any]) -> str:
    lines = [
        f"== callbreak {level} ({summary['deals']} deals, seat rotating, 3 medium opponents)",
        f"  points per deal {summary['points_per_deal']:+.3f}"
        f"  (mean call {summary['mean_call']:.2f}, tricks {summary['mean_tricks']:.2f})",
        f"  calls exact {summary['exact_rate']:.1%}  over (more tricks) "
        f"{summary['over_rate']:.1%}  under (missed) {summary['under_rate']:.1%}",
        f"  decision time mean {summary['decision_mean_ms']:.1f} ms",
    ]
    if "gain_over_medium_per_deal" in summary:
        gain = summary["gain_over_medium_per_deal"]
        lines.append(f"  gain over medium in the same seat {gain:+.3f} points/deal"
                     f" (SE {summary['gain_se']:.3f})")
    return "\n".join(lines)


def main(levels: Sequence[str], matches: int, seed: int, workers: int) -> int:
    unknown = [level for level in levels if level not in LEVELS]
    if unknown or not levels:
        print(f"error: Call Break levels are {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    order = list(levels) if BASELINE in levels else [*levels, BASELINE]
    started = time.perf_counter()
    results = run(order, matches, seed, workers)
    summaries = {
        level: summarise(results[level], results[BASELINE]) for level in order
    }
    for level in order:
        print(report(level, summaries[level]))
    print(json.dumps({
        "bench": "ai",
        "game": "callbreak",
        "players": PLAYERS,
        "opponents": BASELINE,
        "matches_per_level": matches,
        "deals_per_level": matches * CallBreakRules().deals,
        "seed": seed,
        "workers": workers,
        "cpu_count": os.cpu_count(),
        "seconds": round(time.perf_counter() - started, 1),
        "levels": summaries,
    }))
    return 0
