"""The storage benchmark's rating figures: the rating leaderboard page, and finishing a
game together with its rating update, on the big database (SQLite or PostgreSQL).

Targets (medians): the rating leaderboard page ≤ 10 ms; finishing a game with its
rating update ≤ 5 ms.
"""

from __future__ import annotations

import random
import time
from datetime import datetime, timedelta
from pathlib import Path

from bot.storage import NewSeat, Storage
from engine import Game, preset_rules

TARGET_MS = {"rating_leaderboard": 10.0, "finish_with_rating": 5.0}
FINISH_GUILD = 998
"""The finished games of this bench go to a server of their own, which the leaderboard
bench never reads (the cached database keeps its figures)."""


async def rate_loaded_games(storage: Storage) -> float:
    """Rate the bulk-loaded games (the loader leaves that to a rebuild); seconds taken."""
    started = time.perf_counter()
    report = await storage.ratings.rebuild_ratings()
    assert report.games_rated > 0
    return time.perf_counter() - started


async def bench_rating_leaderboard(
    storage: Storage, rng: random.Random, guilds: int, samples: int, now: datetime
) -> list[float]:
    """Pages 1 and 3 of a random server's rating leaderboard."""
    times = []
    for number in range(samples):
        guild = 1_000 + rng.randrange(guilds)
        started = time.perf_counter()
        page = await storage.stats.leaderboard(guild, sort="rating",
                                                  page=1 + 2 * (number % 2), now=now)
        times.append((time.perf_counter() - started) * 1000)
        assert page.rows or number % 2
    return times


async def bench_finish_with_rating(
    where: Path | str, samples: int, users: range, now: datetime
) -> list[float]:
    """Games of three people and a computer played to the end (their moves saved as the
    bot saves them, untimed), then finished: results, stats and ratings in one commit."""
    if isinstance(where, Path):
        storage = await Storage.open(where, durability="NORMAL")
    else:
        storage = await Storage.connect(where)
    rules = preset_rules("short")
    choose = random.Random(11)
    times: list[float] = []
    try:
        for number in range(samples):
            people = choose.sample(users, 3)
            names = [f"Player {user}" for user in people] + ["Robo (hard)"]
            seats = [NewSeat.human(user, f"Player {user}") for user in people]
            seed = choose.randbytes(32)
            game_id = await storage.games.create_game(
                guild_id=FINISH_GUILD, channel_id=time.time_ns() // 1000 + number, rules=rules,
                seed=seed, turn_timeout=60, seats=[*seats, NewSeat.computer("hard", names[-1])],
            )
            await storage.games.start_game(game_id)
            game = Game(rules, names, seed)
            seq = 0
            while not game.is_over:
                action = choose.choice(game.legal_actions())
                await storage.games.append_action(game_id, seq, action)
                game.apply(action)
                seq += 1
            started = time.perf_counter()
            results = await storage.games.finish_game(
                game_id, game, now=now + timedelta(seconds=number))
            times.append((time.perf_counter() - started) * 1000)
            assert all(r.rating_change is not None for r in results[:3])
    finally:
        await storage.close()
    return times
