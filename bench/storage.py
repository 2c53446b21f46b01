"""Storage speed on a big database: leaderboards, player stats, appending a move.

Builds (once, then cached in the temp folder) a database of 100,000 finished classic
games across 50 servers and 5,000 players — synthetic but plausible results: each
player has a skill, bids hit by hand size follow it, totals follow the classic
formula, places and shared wins follow the totals. Then measures, with the real
``Storage`` API:

* a server's leaderboard page (every sort × period, pages 1 and 3, many servers);
* a player's stats (in one server, and across all);
* appending a move, with ``durability="FULL"`` (fsync per commit) and ``"NORMAL"``;
* the rating leaderboard page, and finishing a game with its rating update
  (bench/storage_ratings.py; the bulk-loaded games are rated by a rebuild once built).

Targets (medians): leaderboard ≤ 10 ms (the rating page too), stats ≤ 10 ms, finishing
a game with its rating update ≤ 5 ms, append ≤ 2 ms with the
durability as configured (``--durability``, default NORMAL like the bot; FULL is
bounded below by the disk's fsync, which the bench also measures).
``--database postgres`` measures the same on PostgreSQL (``--server-url``, default
the postgres user on 127.0.0.1:5432; the bench database is built there once, then
reused); appends are then committed as the server's own settings make them durable.
Usage: ``python bench/storage.py [--games N] [--rebuild] [--samples N] [--durability D]
[--database sqlite|postgres] [--server-url URL]``.
The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import itertools
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bulk_history import bulk_load_finished_games
from bench.storage_postgres import DEFAULT_SERVER, cached_postgres, database_mb
from bench.storage_ratings import TARGET_MS as RATING_TARGET_MS
from bench.storage_ratings import (
    bench_finish_with_rating,
    bench_rating_leaderboard,
    rate_loaded_games,
)
from bench.synthetic_games import GUILDS, NOW, PLAYERS, RULES, synthetic_games
from bot.storage import (
    LEADERBOARD_SORTS,
    PERIODS,
    Durability,
    NewSeat,
    Storage,
    load_migrations,
)
from engine import Game

TARGET_MS = {"leaderboard": 10.0, "stats": 10.0, "append": 2.0, **RATING_TARGET_MS}
FINISH_SAMPLES = 60
POSTGRES_APPEND_TARGET_MS = 3.0


# --- building the database ---------------------------------------------------------------


async def build(path: Path, games: int) -> float:
    for stale in path.parent.glob(path.name + "*"):
        stale.unlink()
    started = time.perf_counter()
    storage = await Storage.open(path, durability="NORMAL")  # creates the schema
    await storage.close()
    loaded = bulk_load_finished_games(path, synthetic_games(games, seed=2026))
    assert loaded == games
    storage = await Storage.open(path, durability="NORMAL")
    try:
        print(f"rated the loaded games in {await rate_loaded_games(storage):.1f} s")
    finally:
        await storage.close()
    return time.perf_counter() - started


async def cached_database(games: int, rebuild: bool) -> tuple[Path, float | None]:
    # Keyed by the schema's text, so that a changed migration never reuses a stale file.
    schema = hashlib.sha256("".join(m.sql for m in load_migrations()).encode()).hexdigest()
    folder = Path(tempfile.gettempdir()) / "kachuful-bench"
    folder.mkdir(exist_ok=True)
    path = folder / f"storage-{schema[:12]}-{games}g-{GUILDS}s-{PLAYERS}p.db"
    done = path.with_suffix(".complete")
    if rebuild or not done.exists() or not path.exists():
        done.unlink(missing_ok=True)
        seconds = await build(path, games)
        done.write_text("built\n")
        return path, seconds
    return path, None


# --- measuring -------------------------------------------------------------------------------


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_ms": round(statistics.median(ordered), 3),
        "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        "max_ms": round(ordered[-1], 3),
        "samples": len(ordered),
    }


def elapsed_ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


async def bench_leaderboards(
    storage: Storage, rng: random.Random, rounds: int
) -> dict[str, object]:
    """Every sort × period, pages 1 and 3, each time in a random server."""
    every: list[float] = []
    by_combination: dict[str, list[float]] = {}
    for _ in range(rounds):
        for sort, period, page in itertools.product(LEADERBOARD_SORTS, PERIODS, (1, 3)):
            guild = 1_000 + rng.randrange(GUILDS)
            started = time.perf_counter()
            await storage.stats.leaderboard(guild, sort=sort, period=period, page=page, now=NOW)
            every.append(elapsed_ms(started))
            by_combination.setdefault(f"{sort}/{period}", []).append(every[-1])
    slowest = max(by_combination, key=lambda key: statistics.median(by_combination[key]))
    return {
        **summary(every),
        "slowest_combination": slowest,
        "slowest_combination_median_ms": round(statistics.median(by_combination[slowest]), 3),
    }


async def bench_stats(storage: Storage, rng: random.Random, samples: int) -> dict[str, float]:
    """A random player's stats, in their server or across all of them."""
    times: list[float] = []
    for _ in range(samples):
        user = rng.randrange(1, PLAYERS + 1)
        guild = rng.choice((None, 1_000 + user % GUILDS))
        started = time.perf_counter()
        await storage.stats.player_stats(guild, user)
        times.append(elapsed_ms(started))
    return summary(times)


async def bench_reads_and_finish(
    storage: Storage, location: Path | str, args: argparse.Namespace
) -> tuple[dict[str, object], dict[str, float], dict[str, float], dict[str, float]]:
    """The figures both backends print: leaderboard pages, player stats, the rating
    page (``storage`` is closed after them), then finishing games with their ratings."""
    rng = random.Random(1)
    try:
        await storage.stats.leaderboard(1_000, now=NOW)  # warm the cache once
        leaderboard = await bench_leaderboards(storage, rng, args.rounds)
        stats = await bench_stats(storage, rng, args.samples)
        rating_board = summary(
            await bench_rating_leaderboard(storage, rng, GUILDS, args.samples, NOW)
        )
    finally:
        await storage.close()
    finish = summary(
        await bench_finish_with_rating(location, FINISH_SAMPLES, range(1, PLAYERS + 1), NOW)
    )
    return leaderboard, stats, rating_board, finish


async def bench_append(
    where: Path | str, durability: Durability, moves: int
) -> dict[str, float]:
    """Moves of a real game, appended one commit each as the bot does, on the big
    database (a SQLite file, or a PostgreSQL URL: durability is then the server's)."""
    if isinstance(where, Path):
        storage = await Storage.open(where, durability=durability)
    else:
        storage = await Storage.connect(where)
    times: list[float] = []
    try:
        names = ["Asha", "Bikram", "Chandra", "Deepa"]
        seed = random.Random(durability).randbytes(32)
        game_id = await storage.games.create_game(
            guild_id=999,
            channel_id=time.time_ns() // 1000,
            rules=RULES,
            seed=seed,
            turn_timeout=60,
            seats=[NewSeat.human(90_000 + i, name) for i, name in enumerate(names)],
        )
        await storage.games.start_game(game_id)
        game = Game(RULES, names, seed)
        choose = random.Random(7)
        for seq in range(moves):
            if game.is_over:
                break
            action = choose.choice(game.legal_actions())
            started = time.perf_counter()
            await storage.games.append_action(game_id, seq, action)
            times.append(elapsed_ms(started))
            game.apply(action)
        # Kept, but counts nowhere: the cache stays valid.
        await storage.games.cancel_game(game_id, running=True)
    finally:
        await storage.close()
    return summary(times)


def fsync_floor(folder: Path, samples: int) -> dict[str, float]:
    """The disk's own cost of one small durable write: what a FULL commit pays at least."""
    probe = folder / "fsync-probe.bin"
    times: list[float] = []
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        for _ in range(samples):
            started = time.perf_counter()
            os.write(fd, b"x" * 100)
            os.fsync(fd)
            times.append(elapsed_ms(started))
    finally:
        os.close(fd)
        probe.unlink()
    return summary(times)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--rebuild", action="store_true", help="ignore the cached database")
    parser.add_argument("--samples", type=int, default=300, help="stats and append samples")
    parser.add_argument("--rounds", type=int, default=10, help="passes over sort×period×page")
    parser.add_argument(
        "--durability",
        choices=("NORMAL", "FULL"),
        default="NORMAL",
        help="the durability the append target is checked with (the bot's default: NORMAL)",
    )
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--server-url", default=DEFAULT_SERVER, help="PostgreSQL server")
    args = parser.parse_args()
    if args.database == "postgres":
        await main_postgres(args)
        return

    path, build_seconds = await cached_database(args.games, args.rebuild)
    if build_seconds is None:
        print(f"database: {path} (cached)")
    else:
        print(f"database: {path} built in {build_seconds:.1f} s")
    size_mb = path.stat().st_size / 1e6
    print(f"size: {size_mb:.1f} MB")

    started = time.perf_counter()
    storage = await Storage.open(path)  # with the quick_check a bot does at start-up
    open_ms = (time.perf_counter() - started) * 1000
    print(f"open with integrity check: {open_ms:.0f} ms")
    leaderboard, stats, rating_board, finish = await bench_reads_and_finish(
        storage, path, args)
    append_full = await bench_append(path, "FULL", args.samples)
    append_normal = await bench_append(path, "NORMAL", args.samples)
    floor = fsync_floor(path.parent, args.samples)

    figures: dict[str, object] = {
        "games": args.games,
        "servers": GUILDS,
        "players": PLAYERS,
        "database_mb": round(size_mb, 1),
        "build_seconds": None if build_seconds is None else round(build_seconds, 1),
        "open_with_check_ms": round(open_ms, 1),
        "leaderboard": leaderboard,
        "player_stats": stats,
        "rating_leaderboard": rating_board,
        "finish_with_rating": finish,
        "append_full": append_full,
        "append_normal": append_normal,
        "fsync_floor": floor,
    }
    checks = {
        "leaderboard": leaderboard["median_ms"],
        "stats": stats["median_ms"],
        "append": (append_full if args.durability == "FULL" else append_normal)["median_ms"],
        "rating_leaderboard": rating_board["median_ms"],
        "finish_with_rating": finish["median_ms"],
    }
    for name, value in checks.items():
        verdict = "ok" if float(str(value)) <= TARGET_MS[name] else "MISSED"
        print(f"{name:12} median {value} ms (target ≤ {TARGET_MS[name]} ms): {verdict}")
    print(
        f"append median: NORMAL {append_normal['median_ms']} ms, FULL {append_full['median_ms']} ms"
    )
    print(f"disk fsync floor median {floor['median_ms']} ms (a FULL commit waits for one)")
    figures["append_target_durability"] = args.durability
    figures["targets_met"] = all(
        float(str(value)) <= TARGET_MS[name] for name, value in checks.items()
    )
    print(json.dumps(figures))


async def main_postgres(args: argparse.Namespace) -> None:
    url, build_seconds = await cached_postgres(
        args.server_url, args.games, GUILDS, PLAYERS, args.rebuild, synthetic_games
    )
    built = "reused" if build_seconds is None else f"built in {build_seconds:.1f} s"
    size_mb = await database_mb(url)
    print(f"database: {url} {built}, {size_mb:.1f} MB")
    storage = await Storage.connect(url)
    leaderboard, stats, rating_board, finish = await bench_reads_and_finish(
        storage, url, args)
    append = await bench_append(url, "NORMAL", args.samples)
    targets = {
        "leaderboard": (leaderboard["median_ms"], TARGET_MS["leaderboard"]),
        "stats": (stats["median_ms"], TARGET_MS["stats"]),
        "append": (append["median_ms"], POSTGRES_APPEND_TARGET_MS),
        "rating_leaderboard": (rating_board["median_ms"], TARGET_MS["rating_leaderboard"]),
        "finish_with_rating": (finish["median_ms"], TARGET_MS["finish_with_rating"]),
    }
    for name, (value, target) in targets.items():
        verdict = "ok" if float(str(value)) <= target else "MISSED"
        print(f"{name:12} median {value} ms (target ≤ {target} ms): {verdict}")
    figures: dict[str, object] = {
        "database": "postgres",
        "games": args.games,
        "servers": GUILDS,
        "players": PLAYERS,
        "database_mb": round(size_mb, 1),
        "build_seconds": None if build_seconds is None else round(build_seconds, 1),
        "leaderboard": leaderboard,
        "player_stats": stats,
        "rating_leaderboard": rating_board,
        "finish_with_rating": finish,
        "append": append,
        "targets_met": all(float(str(v)) <= t for v, t in targets.values()),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    asyncio.run(main())
