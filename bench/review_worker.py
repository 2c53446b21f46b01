"""Does working out reviews slow the event loop? (issue 20: "a busy bot answers review
later rather than slowing games")

One classic 4-player game's summary for one seat (every deal reviewed, as after each
game for each person) is worked out by the bot's review worker while a task on the
event loop wakes every 5 ms, as the games' handlers would. The loop's lateness is
printed for the worker as the bot runs it (a process of its own) and, for comparison,
for a worker thread of the bot's process, which shares the interpreter with the loop.

    python bench/review_worker.py
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ai.factory import make_player
from ai.match import chance_plan, play_game
from bot.adapter.outbound.reviews import Reviews, review_process
from engine.game import Game
from engine.rules import Rules

TICK_SECONDS = 0.005


def a_game(number: int) -> Game:
    rules = Rules()
    seats = [make_player("medium", 7919 * number + seat) for seat in range(4)]
    return play_game(rules, seats, chance_plan(rules, 4, 2000 + number))


async def loop_lateness(worker: Callable[[], Executor], game: Game) -> dict[str, float]:
    reviews = Reviews(worker)
    late: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            asked = time.perf_counter()
            await asyncio.sleep(TICK_SECONDS)
            late.append((time.perf_counter() - asked - TICK_SECONDS) * 1000)

    ticking = asyncio.create_task(ticker())
    await reviews.deal(1, game, 1, 0)  # the worker is started (a process: ~0.3 s)
    late.clear()
    started = time.perf_counter()
    await reviews.game(1, game, 0)
    seconds = time.perf_counter() - started
    done.set()
    await ticking
    reviews.close()
    ordered = sorted(late)
    return {
        "summary_s": round(seconds, 2),
        "ticks": len(late),
        "late_p50_ms": round(statistics.median(ordered), 2),
        "late_p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))], 2),
        "late_max_ms": round(ordered[-1], 2),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", type=int, default=1, help="which simulated game")
    args = parser.parse_args(argv)
    game = a_game(args.game)
    result: dict[str, object] = {"bench": "review-worker", "deals": len(game.results())}
    for name, worker in (
        ("process", review_process),
        ("thread", lambda: ThreadPoolExecutor(max_workers=1)),
    ):
        figures = asyncio.run(loop_lateness(worker, game))
        result[name] = figures
        print(f"{name:>8}: a game's summary in {figures['summary_s']:.2f} s; the loop's "
              f"5 ms wake-ups late by p50 {figures['late_p50_ms']:.2f} / p99 "
              f"{figures['late_p99_ms']:.2f} / max {figures['late_max_ms']:.2f} ms "
              f"({figures['ticks']} wake-ups)")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
