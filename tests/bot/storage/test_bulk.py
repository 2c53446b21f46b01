"""The bulk loader (used by the benchmark) writes exactly what finishing games writes."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bench.bulk_history import PastGame, PastSeat, bulk_load_finished_games
from bench.bulk_history_postgres import bulk_load_finished_games_postgres
from bot.storage import LEADERBOARD_SORTS, StorageError, summarize
from engine import Game, preset_rules
from tests.bot.storage.conftest import OpenStorage
from tests.bot.storage.helpers import (
    NOW,
    Player,
    computer,
    human,
    play_finished_game,
    play_until,
    seeded_policy,
    start_game,
)
from tests.bot.storage.postgres_server import Location, raw_execute

TABLES: list[tuple[int, list[Player]]] = [
    (1, [human(1), human(2), computer("Robo")]),
    (1, [human(2), human(3), human(4), human(1)]),
    (2, [human(1), human(5), human(6)]),
    (1, [human(3), human(4), computer("Ada", "hard"), human(5)]),
]


def played(index: int, players: list[Player]) -> Game:
    game = Game(preset_rules("short"), [p.name for p in players], 500 + index)
    play_until(game, seeded_policy(index), lambda _: False)
    return game


async def test_bulk_loaded_history_ranks_like_finished_games(
    tmp_path: Path, database: Location, open_storage: OpenStorage
) -> None:
    """Bulk-loaded into ``database`` (SQLite or PostgreSQL), compared with the same
    games finished one by one in a SQLite file."""
    finished = await open_storage(tmp_path / "finished.db", durability="NORMAL")
    bulk = await open_storage(database, durability="NORMAL")
    await bulk.close()
    past = []
    for index, (guild, players) in enumerate(TABLES):
        when = NOW - timedelta(days=index * 5)
        game_id, game = await start_game(finished, guild, players, seed=500 + index, now=when)
        play_until(game, seeded_policy(index), lambda _: False)
        await finished.games.finish_game(game_id, game, now=when)
        results = summarize(played(index, players))
        seats = tuple(
            PastSeat(p.name, p.user_id, p.level, result)
            for p, result in zip(players, results, strict=True)
        )
        past.append(PastGame(guild, 900 + index, game.rules, game.seed or b"", when, when, seats))
    if isinstance(database, Path):
        assert bulk_load_finished_games(database, past) == len(TABLES)
    else:
        assert await bulk_load_finished_games_postgres(database, past) == len(TABLES)
    bulk = await open_storage(database, durability="NORMAL")
    # The loader leaves the rating to a rebuild, which rates in the order loaded.
    assert not (await bulk.ratings.rebuild_ratings()).reproduced
    assert (await bulk.ratings.rebuild_ratings()).reproduced
    for guild in (1, 2):
        for sort in LEADERBOARD_SORTS:
            for period in ("all", "7d"):
                expected = await finished.stats.leaderboard(
                    guild, sort=sort, period=period, min_games=1, now=NOW
                )
                actual = await bulk.stats.leaderboard(
                    guild, sort=sort, period=period, min_games=1, now=NOW
                )
                assert actual == expected
                assert actual.rows or period == "7d"
    for user in range(1, 7):
        for guild_id in (1, 2, None):
            assert await bulk.stats.player_stats(
                guild_id, user) == await finished.stats.player_stats(
                guild_id, user
            )
    # The deal review's records too: each result's high bids (issue 31).
    kinds = "SELECT game_id, seat, high_bids, high_hits FROM results ORDER BY game_id, seat"
    loaded = await raw_execute(database, kinds)
    assert loaded == await raw_execute(tmp_path / "finished.db", kinds)
    assert sum(row[2] for row in loaded) > 0


async def test_bulk_loading_needs_a_migrated_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    with pytest.raises(StorageError, match="open it first"):
        bulk_load_finished_games(path, [])


async def test_postgres_bulk_loading_needs_a_new_database(
    postgres_url: str, open_storage: OpenStorage
) -> None:
    storage = await open_storage(postgres_url)
    await play_finished_game(storage, 1, [human(1), human(2), human(3)], seed=1)
    with pytest.raises(StorageError, match="already has games"):
        await bulk_load_finished_games_postgres(postgres_url, [])
