"""The bulk loader (used by the benchmark) writes exactly what finishing games writes."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.storage import LEADERBOARD_SORTS, StorageError, summarize
from bot.storage.bulk import PastGame, PastSeat, bulk_load_finished_games
from engine import Game, preset_rules
from tests.storage.conftest import OpenStorage
from tests.storage.helpers import (
    NOW,
    Player,
    computer,
    human,
    play_until,
    seeded_policy,
    start_game,
)

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
    tmp_path: Path, open_storage: OpenStorage
) -> None:
    finished = await open_storage(tmp_path / "finished.db", durability="NORMAL")
    bulk_path = tmp_path / "bulk.db"
    bulk = await open_storage(bulk_path, durability="NORMAL")
    await bulk.close()
    past = []
    for index, (guild, players) in enumerate(TABLES):
        when = NOW - timedelta(days=index * 5)
        game_id, game = await start_game(finished, guild, players, seed=500 + index, now=when)
        play_until(game, seeded_policy(index), lambda _: False)
        await finished.finish_game(game_id, game, now=when)
        results = summarize(played(index, players))
        seats = tuple(
            PastSeat(p.name, p.user_id, p.level, result)
            for p, result in zip(players, results, strict=True)
        )
        past.append(PastGame(guild, 900 + index, game.rules, game.seed or b"", when, when, seats))
    assert bulk_load_finished_games(bulk_path, past) == len(TABLES)
    bulk = await open_storage(bulk_path, durability="NORMAL")
    for guild in (1, 2):
        for sort in LEADERBOARD_SORTS:
            for period in ("all", "7d"):
                expected = await finished.leaderboard(
                    guild, sort=sort, period=period, min_games=1, now=NOW
                )
                actual = await bulk.leaderboard(
                    guild, sort=sort, period=period, min_games=1, now=NOW
                )
                assert actual == expected
                assert actual.rows or period == "7d"
    for user in range(1, 7):
        for guild_id in (1, 2, None):
            assert await bulk.player_stats(guild_id, user) == await finished.player_stats(
                guild_id, user
            )


async def test_bulk_loading_needs_a_migrated_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    with pytest.raises(StorageError, match="open it first"):
        bulk_load_finished_games(path, [])
