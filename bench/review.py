"""Deal review benchmark (issues 20 and 31): are the review's chances calibrated at
every table, and is it fast?

**Calibration** (``--calibration``). Computer players play whole 4-player classic
games (25 deals each, 13 cards down to 1 and back). For every deal and seat, the
review's chance of the bid actually made (from that seat's view when it bid, the
seats known by their levels) is put in one of five bins (≈10, 30, 50, 70, 90%: 0–20%,
20–40%, …, 80–100%), and each bin's observed rate is compared with its mean chance.
Tables are named by their levels, like ``hard,medium,easy,reference``. Target: every
bin within ±5 points at every table, on games the correction was not fitted on (it
was fitted on games 100–123, 200–215 and 400–431; these are games 0–7 unless told
otherwise; 300–311 and 500–515 are a second check). Also shown: the playouts'
chances uncorrected, the chances when every seat is read as a person from the
game's earlier deals only, and whether the misses are a bias or luck (see
``bench/review_bins.py``).

**Speed** (``--speed``). The whole review (bid, every card moment, the verdict) of
every seat of every 13-card deal of those games: wall-clock and processor time,
p50 / p95 / max. Target: p95 ≤ 1 s.

**Fit** (``--fit``). The correction's weights (:mod:`ai.review.calibration`),
fitted on the games asked for; paste them into ``COEFFICIENTS``. ``--save-points``
keeps the bids of the games played, ``--points`` reads them back instead of playing,
so the committed weights come from:

    python bench/review.py --fit --first-game 100 --games 24 --save-points fit.jsonl
    python bench/review.py --fit --first-game 200 --games 16 --save-points fit.jsonl
    python bench/review.py --fit --first-game 400 --games 32 --save-points fit.jsonl
    python bench/review.py --fit --points fit.jsonl --first-game 100 --games 332

Other runs:

    python bench/review.py --calibration             # 8 games (800 bids) per table
    python bench/review.py --calibration --first-game 500 --games 16   # the second check
    python bench/review.py --calibration --points a.jsonl b.jsonl --first-game 0 --games 516
    python bench/review.py --speed --games 2         # review times only
    python bench/review.py --calibration --games 1 --tables reference,reference,reference,reference
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ai.factory import make_player
from ai.match import chance_plan, play_game
from ai.review import review_deal
from ai.review.calibration import table_correction
from ai.review.chances import bid_trick_chances
from ai.review.deal import REVIEW_SEED
from ai.review.kinds import own_skills_by_kind
from ai.review.moments import seat_moments
from ai.review.seats import SeatModel, table_skills
from bench.review_bins import (
    TARGET_POINTS,
    bias_test,
    bin_rows,
    luck_pass_chance,
    print_rows,
    verdict,
)
from bench.review_fit import (
    PLAYERS,
    BidPoint,
    fit_weights,
    kind_rates,
    load_points,
    save_points,
    with_current_skills,
)
from engine.bid_kinds import bid_kind
from engine.game import Game
from engine.rules import Rules

TABLES = (
    "reference,reference,reference,reference",
    "hard,medium,easy,reference",
    "hard,hard,hard,hard",
)
TARGET_P95_SECONDS = 1.0


def play(table: Sequence[str], game_number: int) -> Game:
    rules = Rules()
    seats = [make_player(level, 7919 * game_number + seat) for seat, level in enumerate(table)]
    return play_game(rules, seats, chance_plan(rules, PLAYERS, 1000 + game_number))


def bid_points(game: Game, table: Sequence[str], number: int) -> list[BidPoint]:
    """Every deal's and seat's bid: the playouts' chance, the table's skills (by level,
    and as people read from the game; the seat's own read for the kind of bid made),
    and whether it was made."""
    levels = [SeatModel(level) for level in table]
    people = [SeatModel()] * PLAYERS
    points = []
    for result in game.results():
        known = table_skills(game, result.number, levels)
        read = table_skills(game, result.number, people)
        for seat in range(PLAYERS):
            moments = seat_moments(game, result.number, seat)
            rows = bid_trick_chances(
                moments.bid_view, REVIEW_SEED, made=moments.bid, levels=table
            )
            kind = bid_kind(moments.bid, result.hand_size, PLAYERS)
            _, opponents, spread = table_correction(known, seat)
            _, opponents_read, spread_read = table_correction(read, seat)
            own = own_skills_by_kind(game, seat, levels, known[seat])[kind]
            own_read = own_skills_by_kind(game, seat, people, read[seat])[kind]
            points.append(BidPoint(
                ",".join(table), number, result.number, seat, table[seat], moments.bid,
                rows[moments.bid][moments.bid], own, opponents, own_read, opponents_read,
                bool(result.hits[seat]), spread, spread_read, result.hand_size,
            ))
    return points


def review_times(game: Game, table: Sequence[str]) -> list[tuple[float, float]]:
    """(wall, processor) seconds of whole reviews of every 13-card deal and seat."""
    levels = [SeatModel(level) for level in table]
    times = []
    for result in game.results():
        if result.hand_size != 13:
            continue
        for seat in range(PLAYERS):
            wall, cpu = time.perf_counter(), time.process_time()
            review_deal(game, result.number, seat, seats=levels)
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
    return times


def calibration_report(table_text: str, points: Sequence[BidPoint]) -> dict[str, Any]:
    """Print one table's bins — the review's; for comparison the playouts' alone, every
    seat read as a person, and each level's own bids — then the table's PASS/MISS
    line (the review's bins only), and return them."""
    def pairs(chance: Callable[[BidPoint], float]) -> list[tuple[float, bool]]:
        return [(chance(p), p.made) for p in points]

    rows = bin_rows(pairs(BidPoint.chance))
    passed, line = verdict(rows)
    games = sorted({p.game for p in points})
    print(f"\n{table_text}: {len(points)} bids (games {games[0]}–{games[-1]}), "
          "seats known by their levels")
    print_rows(rows)
    raw = bin_rows(pairs(lambda p: p.raw))
    people = bin_rows(pairs(BidPoint.chance_as_people))
    for title, compared in (
        ("the playouts alone (before the correction)", raw),
        ("every seat read as a person from this game's earlier deals", people),
    ):
        print(f"  for comparison, {title}:")
        print_rows(compared, "  ")
    table = table_text.split(",")
    by_level: dict[str, list[dict[str, Any]]] = {}
    if len(set(table)) > 1:
        for level in dict.fromkeys(table):
            mine = [(p.chance(), p.made) for p in points if p.level == level]
            by_level[level] = bin_rows(mine)
            print(f"  for comparison, the bids of {level} seats ({len(mine)}):")
            print_rows(by_level[level], "  ")
    statistic, counted, p_value = bias_test(rows)
    luck = luck_pass_chance([p.chance() for p in points])
    print(f"  bias or luck: the bins' squared differences in standard errors sum to "
          f"{statistic:.1f} over {counted} bins (p = {p_value:.2f} were the chances right); "
          f"exactly right chances would pass with these bids {100 * luck:.0f}% of the time")
    print(f"{table_text}: {line}")
    return {"bids": len(points), "bins": rows, "pass": passed, "playouts_alone": raw,
            "as_people": people, "bins_by_level": by_level,
            "bias_test": {"statistic": round(statistic, 2), "bins": counted,
                          "p": round(p_value, 3)},
            "right_chances_pass": round(luck, 3)}


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--calibration", action="store_true", help="the calibration bins")
    parser.add_argument("--speed", action="store_true", help="13-card review times")
    parser.add_argument("--fit", action="store_true", help="fit the correction's weights")
    parser.add_argument("--games", type=int, default=8, help="games per table (25 deals each)")
    parser.add_argument("--first-game", type=int, default=0, help="the first game's number")
    parser.add_argument("--tables", nargs="*", default=list(TABLES),
                        help="tables, each four comma-separated levels")
    parser.add_argument("--save-points", metavar="FILE",
                        help="append the bids' points to FILE (JSON lines)")
    parser.add_argument("--points", metavar="FILE", nargs="+",
                        help="read the bids' points from FILEs instead of playing")
    args = parser.parse_args(argv)
    if not (args.calibration or args.speed or args.fit):
        args.calibration = args.speed = True
    tables = [text.split(",") for text in args.tables]
    for table in tables:
        if len(table) != PLAYERS or any(level not in _LEVELS for level in table):
            print(f"error: a table has {PLAYERS} levels of {', '.join(_LEVELS)}, "
                  f"not {','.join(table)!r}", file=sys.stderr)
            return 2
    numbers = range(args.first_game, args.first_game + args.games)
    points: dict[str, list[BidPoint]] = {",".join(t): [] for t in tables}
    times: list[tuple[float, float]] = []
    if args.points:
        saved = []
        for path in args.points:
            try:
                saved += with_current_skills(load_points(path))
            except (OSError, ValueError, TypeError) as exc:
                print(f"error: cannot read points from {path}: {exc}", file=sys.stderr)
                return 2
        for point in saved:
            if point.table in points and point.game in numbers:
                points[point.table].append(point)
    elif args.calibration or args.fit or args.speed:
        for table in tables:
            text = ",".join(table)
            for number in numbers:
                game = play(table, number)
                if args.calibration or args.fit:
                    found = bid_points(game, table, number)
                    points[text] += found
                    if args.save_points:
                        save_points(found, args.save_points)
                if args.speed:
                    times += review_times(game, table)
                print(f"  {text}: game {number}", file=sys.stderr)
    summary: dict[str, Any] = {"bench": "review", "games": [numbers.start, numbers.stop - 1]}
    if args.calibration:
        summary["tables"] = {text: calibration_report(text, found)
                             for text, found in points.items() if found}
        passed = all(t["pass"] for t in summary["tables"].values())
        luck = math.prod(t["right_chances_pass"] for t in summary["tables"].values())
        print(f"\nevery table within ±{TARGET_POINTS:g} points: {'yes' if passed else 'NO'} "
              f"(exactly right chances would pass at every table {100 * luck:.0f}% of the time)")
    if args.fit:
        fitted = [p for found in points.values() for p in found]
        weights = fit_weights(fitted)
        summary["fitted_weights"] = [round(w, 4) for w in weights]
        print(f"\nfitted weights: COEFFICIENTS = {tuple(round(w, 4) for w in weights)}")
        rates = kind_rates(fitted)
        summary["level_kind_rates"] = rates
        print(f"each level's share of exact bids by kind: LEVEL_KIND_RATE = {rates}")
    if times:
        summary["speed_13_cards"] = speed_report(times)
    print(json.dumps(summary, ensure_ascii=False))
    return 0


def speed_report(times: Sequence[tuple[float, float]]) -> dict[str, Any]:
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
    return speed


_LEVELS = ("easy", "medium", "hard", "reference")


if __name__ == "__main__":
    sys.exit(main())
