"""Deal review benchmark (issue 20): are the review's chances calibrated, and is it fast?

**Calibration.** Computer players play whole 4-player classic games (25 deals each,
13 cards down to 1 and back). For every deal and seat, the review's estimated chance
of the bid actually made (from that seat's view when it bid) is put in a bin, and
the bin's hit rate is compared with its mean estimate. Each table is a mix of
levels, named like ``reference,reference,reference,reference``. Target: within
±5 points in the bins around 30%, 60% and 90%.

**Speed.** The whole review (bid, every card moment, the verdict) of every seat of
every 13-card deal of those games: wall-clock and processor time, p50 / p95 / max.
Target: p95 ≤ 1 s.

    python bench/review.py                 # 8 games per table, three tables
    python bench/review.py --games 2 --tables reference,reference,reference,reference
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ai.factory import make_player
from ai.match import chance_plan, play_game
from ai.review import review_deal
from ai.review.chances import bid_trick_chances
from ai.review.deal import REVIEW_SEED
from ai.review.moments import seat_moments
from engine.game import Game
from engine.rules import Rules

PLAYERS = 4
TABLES = (
    "reference,reference,reference,reference",
    "hard,medium,easy,reference",
    "hard,hard,hard,hard",
)
TARGET_POINTS = 5.0
TARGET_P95_SECONDS = 1.0
BINS = ((0.2, 0.4, "≈30%"), (0.5, 0.7, "≈60%"), (0.8, 1.0001, "≈90%"))
"""The issue's three bins (30%, 60%, 90%), each ±10 points wide."""


def play(table: Sequence[str], game_number: int) -> Game:
    rules = Rules()
    seats = [make_player(level, 7919 * game_number + seat) for seat, level in enumerate(table)]
    return play_game(rules, seats, chance_plan(rules, PLAYERS, 1000 + game_number))


def bid_points(game: Game) -> list[tuple[int, float, bool]]:
    """(seat, estimated chance of the bid made, whether it was made) per deal and seat."""
    points = []
    for result in game.results():
        for seat in range(PLAYERS):
            moments = seat_moments(game, result.number, seat)
            rows = bid_trick_chances(moments.bid_view, REVIEW_SEED, made=moments.bid)
            points.append((seat, rows[moments.bid][moments.bid], result.hits[seat]))
    return points


def review_times(game: Game) -> list[tuple[float, float]]:
    """(wall, processor) seconds of whole reviews of every 13-card deal and seat."""
    times = []
    for result in game.results():
        if result.hand_size != 13:
            continue
        for seat in range(PLAYERS):
            wall, cpu = time.perf_counter(), time.process_time()
            review_deal(game, result.number, seat)
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
    return times


def bin_rows(points: Sequence[tuple[float, bool]]) -> list[dict[str, Any]]:
    rows = []
    edges = [(lo / 10, (lo + 1) / 10 + (1e-9 if lo == 9 else 0), f"{lo}0–{lo + 1}0%")
             for lo in range(10)]
    for low, high, label in [*BINS, *edges]:
        inside = [(p, hit) for p, hit in points if low <= p < high]
        if not inside:
            continue
        estimate = sum(p for p, _ in inside) / len(inside)
        rate = sum(hit for _, hit in inside) / len(inside)
        error = math.sqrt(max(rate * (1 - rate), 1e-9) / len(inside))
        rows.append({"bin": label, "n": len(inside), "estimate": round(100 * estimate, 1),
                     "hit": round(100 * rate, 1), "se": round(100 * error, 1),
                     "gap": round(100 * (rate - estimate), 1)})
    return rows


def print_rows(rows: Sequence[dict[str, Any]]) -> None:
    print(f"{'bin':>9} {'bids':>5} {'estimate':>9} {'hit':>6} {'±se':>5} {'gap':>6}")
    for row in rows:
        print(f"{row['bin']:>9} {row['n']:>5} {row['estimate']:>8.1f}% {row['hit']:>5.1f}%"
              f" {row['se']:>5.1f} {row['gap']:>+6.1f}")


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8, help="games per table (25 deals each)")
    parser.add_argument("--tables", nargs="*", default=list(TABLES),
                        help="tables, each four comma-separated levels")
    args = parser.parse_args(argv)
    summary: dict[str, Any] = {"bench": "review", "games_per_table": args.games, "tables": {}}
    times: list[tuple[float, float]] = []
    for table_text in args.tables:
        table = table_text.split(",")
        if len(table) != PLAYERS:
            print(f"error: a table has {PLAYERS} levels, not {table_text!r}", file=sys.stderr)
            return 2
        points: list[tuple[int, float, bool]] = []
        for number in range(args.games):
            game = play(table, number)
            points += bid_points(game)
            times += review_times(game)
            print(f"  {table_text}: game {number + 1}/{args.games}", file=sys.stderr)
        rows = bin_rows([(p, hit) for _, p, hit in points])
        print(f"\n{table_text}: {len(points)} bids")
        print_rows(rows)
        within = all(abs(r["gap"]) <= TARGET_POINTS for r in rows[: len(BINS)])
        print(f"three bins within ±{TARGET_POINTS:g} points: {'yes' if within else 'NO'}")
        by_level: dict[str, list[dict[str, Any]]] = {}
        if len(set(table)) > 1:
            # Whose bids run off: a level's own bids, in its three bins only.
            for level in dict.fromkeys(table):
                mine = [(p, hit) for seat, p, hit in points if table[seat] == level]
                by_level[level] = bin_rows(mine)[: len(BINS)]
                print(f"  bids of {level} seats ({len(mine)}):")
                print_rows(by_level[level])
        summary["tables"][table_text] = {"bids": len(points), "bins": rows, "within": within,
                                         "bins_by_level": by_level}
    if times:
        walls, cpus = [w for w, _ in times], [c for _, c in times]
        speed = {
            "reviews": len(times),
            "wall_p50": round(percentile(walls, 0.5), 3),
            "wall_p95": round(percentile(walls, 0.95), 3),
            "wall_max": round(max(walls), 3),
            "cpu_p50": round(percentile(cpus, 0.5), 3),
            "cpu_p95": round(percentile(cpus, 0.95), 3),
        }
        print(f"\nreview of a 13-card deal ({len(times)} reviews): wall p50 / p95 / max "
              f"{speed['wall_p50']:.2f} / {speed['wall_p95']:.2f} / {speed['wall_max']:.2f} s; "
              f"processor p50 / p95 {speed['cpu_p50']:.2f} / {speed['cpu_p95']:.2f} s "
              f"(target p95 ≤ {TARGET_P95_SECONDS:g} s)")
        summary["speed_13_cards"] = speed
    print(json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
