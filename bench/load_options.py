"""The load bench's command line (``bench/load.py --help``)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load_games import DEFAULT_MAX_HAND, DEFAULT_START_RATE, PLAYERS_PER_GAME
from bench.load_processes import DATABASES

MAX_PROCESSES = 16


def parse_args(
    argv: list[str] | None = None, description: str | None = None
) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", default="50,200",
                        help="comma-separated numbers of concurrent games (default 50,200)")
    parser.add_argument("--max-hand", type=int, default=DEFAULT_MAX_HAND,
                        help="short preset with K deals of K cards down to 1 (default "
                             f"{DEFAULT_MAX_HAND})")
    parser.add_argument("--short", action="store_true",
                        help="the whole short preset (9 deals, 152 moves per game) instead")
    parser.add_argument("--classic", action="store_true",
                        help="a whole classic game instead (25 deals, 13 cards down to 1 and "
                             "up again; 824 moves per game)")
    parser.add_argument("--quick", action="store_true",
                        help="10 games of 2 deals: a smoke run in well under a minute")
    parser.add_argument("--start-rate", type=float, default=DEFAULT_START_RATE,
                        help="games started per second (default "
                             f"{DEFAULT_START_RATE:g}); 0 starts them all at once")
    parser.add_argument("--lobbies-under-load", dest="lobbies_first", action="store_false",
                        help="open each game's lobby when it is due to start, while earlier "
                             "games play (default: open and fill every lobby first)")
    parser.add_argument("--computers", type=int, default=0, metavar="K",
                        help="computer players per game, added in the lobby (default 0; the "
                             "other 4 − K seats are people)")
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard"),
                        help="the computer players' level (default hard)")
    parser.add_argument("--timeout", type=float, default=180.0,
                        help="seconds any single wait may take before a game counts as stalled")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices")
    parser.add_argument("--progress-every", type=float, default=10.0,
                        help="seconds between progress lines")
    parser.add_argument("--bot-module", default="bot",
                        help="module to run as the bot (default: bot); e.g. a patched variant "
                             "on PYTHONPATH, to compare")
    parser.add_argument("--work-slots", type=int, default=None, metavar="N",
                        help="the bot's WORK_SLOTS setting (default: the bot's own default)")
    parser.add_argument("--py-spy", default=None, metavar="PATH",
                        help="profile the bot with this py-spy executable (not a dependency)")
    parser.add_argument("--profile-dir", default=tempfile.gettempdir(),
                        help="where the profile (--py-spy) and the bot's log (when it "
                             "logged a problem) are kept")
    parser.add_argument("--processes", type=int, default=1, metavar="P",
                        help="run the bot as P processes sharing the shards (default 1); the "
                             "games' servers are spread over the P shards")
    parser.add_argument("--database", default="sqlite", choices=DATABASES,
                        help="sqlite (default; one file, P > 1 pins each process to a shard) "
                             "or postgres (a fresh database, dropped after the run)")
    parser.add_argument("--database-url", default=None, metavar="URL",
                        help="the PostgreSQL server to create the database on (default "
                             "postgresql://postgres@127.0.0.1:5432/postgres)")
    parser.add_argument("--think", default="0,0", metavar="MIN,MAX",
                        help="seconds each person thinks before a move, drawn uniformly "
                             "(people's pace: 1.5,3.5; default 0,0: no think time)")
    parser.add_argument("--rate-limits", action="store_true",
                        help="the fake Discord enforces Discord's documented rate limits "
                             "(global 50/s for the bot token, per-channel and per-token "
                             "buckets)")
    parser.add_argument("--startup-games", type=int, default=None, metavar="K",
                        help="measure start-up instead: a process starting with K unfinished "
                             "games in the database, until its first click is answered")
    args = parser.parse_args(argv)
    if not 1 <= args.processes <= MAX_PROCESSES:
        parser.error(f"--processes must be between 1 and {MAX_PROCESSES}")
    if args.startup_games is not None and args.startup_games < 1:
        parser.error("--startup-games needs at least one game")
    if args.quick:
        args.games = "10"
        args.max_hand = 2
        args.start_rate = 0.0
        args.progress_every = min(args.progress_every, 5.0)
    if args.short or args.classic:
        args.max_hand = None
    args.preset = "classic" if args.classic else "short"
    try:
        low, high = (float(x) for x in str(args.think).split(","))
    except ValueError:
        parser.error("--think takes two numbers of seconds, e.g. 1.5,3.5")
    if not 0 <= low <= high:
        parser.error("--think needs 0 ≤ MIN ≤ MAX")
    args.think = (low, high)
    try:
        args.game_counts = [int(n) for n in str(args.games).split(",") if n.strip()]
    except ValueError:
        parser.error("--games takes numbers separated by commas, e.g. 50,200")
    if not args.game_counts or min(args.game_counts) < 1:
        parser.error("--games needs at least one number ≥ 1")
    if not 0 <= args.computers <= PLAYERS_PER_GAME - 1:
        parser.error(f"--computers must be between 0 and {PLAYERS_PER_GAME - 1}: "
                     "a game needs at least one person")
    if args.max_hand is not None and not 1 <= args.max_hand <= 12:
        parser.error("--max-hand must be between 1 and 12 for four players")
    return args


