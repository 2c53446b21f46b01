"""``kachuful simulate``: computer-only games, with the players' statistics.

    kachuful simulate --players 4 --games 20 --seats hard,medium,reference,easy
    kachuful simulate --players 5 --games 3 --seats hard,hard,easy,easy,medium --rules judgement

Prints, per seat, the bid-hit rate (overall and by hand size), over/under-bid rates,
average points per game, wins, and decision times; the last line is one JSON
object. Bad input exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from ai.factory import LEVELS, make_player
from ai.match import Decision, chance_plan, play_game
from ai.names import computer_name
from ai.stats import LevelStats
from engine.errors import RulesError
from engine.rules import PRESETS, Rules, preset_rules

EXIT_BAD_INPUT = 2
PROGRESS_FROM = 5
"""Runs of at least this many games report their progress on stderr."""
BAR_WIDTH = 30
PROGRESS_LINES = 10
"""Off a terminal, about this many progress lines per run (one per tenth)."""
DEFAULT_SEATS = ("hard", "medium", "reference", "easy")


class BadInput(ValueError):
    """A command-line value that cannot be used, with a message for people."""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play computer-only games and print the players' statistics",
        description=(
            "Play games between computer players and print each seat's bid-hit rate, "
            "over/under-bid rates, points per game, wins and decision times. The last "
            "line is one JSON object."
        ),
    )
    parser.add_argument(
        "--players", default="4", metavar="N", help="players at the table (default: %(default)s)"
    )
    parser.add_argument(
        "--games", default="10", metavar="G", help="games to play (default: %(default)s)"
    )
    parser.add_argument(
        "--seats",
        default=None,
        metavar="LEVELS",
        help=f"one level per seat, comma-separated ({', '.join(LEVELS)}); seats are "
        f"numbered from 0, as in game records (default: {','.join(DEFAULT_SEATS)} "
        "repeated to fill the table)",
    )
    parser.add_argument(
        "--rules",
        default="classic",
        metavar="PRESET",
        help=f"rules preset: {', '.join(PRESETS)} (default: %(default)s)",
    )
    parser.add_argument(
        "--seed",
        default="1",
        metavar="S",
        help="seed of the deals and players (default: %(default)s)",
    )
    parser.set_defaults(func=run)


def parse_settings(args: argparse.Namespace) -> tuple[int, int, list[str], Rules, int]:
    """Check every value; raises :class:`BadInput` with a readable message."""
    players = _whole_number(args.players, "--players", minimum=1)
    games = _whole_number(args.games, "--games", minimum=1)
    seed = _whole_number(args.seed, "--seed", minimum=0)
    try:
        rules = preset_rules(args.rules)
        rules.check_players(players)
    except RulesError as exc:
        raise BadInput(str(exc)) from None
    if args.seats is None:
        seats = [DEFAULT_SEATS[k % len(DEFAULT_SEATS)] for k in range(players)]
    else:
        seats = [level.strip().lower() for level in args.seats.split(",")]
    unknown = [level for level in seats if level not in LEVELS]
    if unknown:
        raise BadInput(f"unknown level {unknown[0]!r} in --seats: choose from {', '.join(LEVELS)}")
    if len(seats) != players:
        raise BadInput(
            f"--seats names {len(seats)} level(s) but --players is {players}: "
            "give one level per seat"
        )
    return players, games, seats, rules, seed


def _whole_number(text: str, flag: str, minimum: int) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise BadInput(f"{flag} must be a whole number, not {text!r}") from None
    if value < minimum:
        raise BadInput(f"{flag} must be at least {minimum}, not {value}")
    return value


def simulate(
    players: int,
    games: int,
    seats: Sequence[str],
    rules: Rules,
    seed: int,
    progress: Progress | None = None,
) -> list[LevelStats]:
    """Play ``games`` games; returns one statistics collection per seat."""
    stats = [LevelStats() for _ in range(players)]
    names = [computer_name(level, index) for index, level in enumerate(seats)]
    for number in range(games):
        computer = [
            make_player(level, seed * 1_000_003 + number * players + index)
            for index, level in enumerate(seats)
        ]

        def note(decision: Decision) -> None:
            stats[decision.seat].add_decision(decision)

        game = play_game(
            rules, computer, chance_plan(rules, players, seed * 7919 + number), names, note
        )
        for seat in range(players):
            stats[seat].add_game(game, seat)
        if progress is not None:
            progress.game_done(number + 1)
    if progress is not None:
        progress.finish()
    return stats


class Progress:
    """Games done so far, on ``stream``: a bar redrawn with ``\\r`` on a terminal;
    elsewhere (a log file, a pipe) a plain line every tenth of the run, since a
    redrawn bar would pile up there as one endless line."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.redraw = stream.isatty()
        self.every = max(1, total // PROGRESS_LINES)
        self.started = time.perf_counter()

    def game_done(self, done: int) -> None:
        elapsed = time.perf_counter() - self.started
        if self.redraw:
            filled = BAR_WIDTH * done // self.total
            bar = "#" * filled + "." * (BAR_WIDTH - filled)
            text = f"\r[{bar}] {done}/{self.total} games, {elapsed:.0f} s"
            print(text, end="", file=self.stream, flush=True)
        elif done % self.every == 0 or done == self.total:
            print(f"{done}/{self.total} games, {elapsed:.0f} s", file=self.stream, flush=True)

    def finish(self) -> None:
        if self.redraw:
            print(file=self.stream)  # end the bar's line


def describe(seat: int, level: str, summary: dict[str, Any]) -> str:
    by_size = " ".join(
        f"{size}:{rate:.0%}" for size, rate in summary["bid_hit_by_hand_size"].items()
    )
    return "\n".join(
        [
            f"{computer_name(level, seat)} — seat {seat}, {level}",
            f"  bid hit {summary['bid_hit']:.1%} (overbid {summary['overbid_rate']:.1%}, "
            f"underbid {summary['underbid_rate']:.1%})",
            f"  by hand size: {by_size}",
            f"  points per game {summary['points_per_game']:.1f}, wins {summary['win_rate']:.1%}",
            f"  decision time mean {summary.get('decision_mean_ms', 0.0):.1f} ms, "
            f"p99 {summary.get('decision_p99_ms', 0.0):.1f} ms",
        ]
    )


def run(args: argparse.Namespace) -> int:
    try:
        players, games, seats, rules, seed = parse_settings(args)
    except BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    progress = Progress(games, sys.stderr) if games >= PROGRESS_FROM else None
    stats = simulate(players, games, seats, rules, seed, progress)
    summaries = [seat_stats.summary() for seat_stats in stats]
    report = {
        "players": players,
        "games": games,
        "rules": args.rules,
        "seed": seed,
        "seats": [
            {"seat": seat, "level": level, **summary}
            for seat, (level, summary) in enumerate(zip(seats, summaries, strict=True))
        ],
    }
    try:
        for seat, (level, summary) in enumerate(zip(seats, summaries, strict=True)):
            print(describe(seat, level, summary))
        print(json.dumps(report), flush=True)
    except BrokenPipeError:
        # The reader went away (``kachuful simulate | head``): stop quietly, and keep
        # Python from complaining when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
