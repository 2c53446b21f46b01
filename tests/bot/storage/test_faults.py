"""Faults: unreadable files are refused untouched; a locked or full database refuses
the move with a clear message, keeps the game consistent, and the next try works.

File damage and the size limit are SQLite's (``sqlite_path``); a lock held by another
connection runs on both backends; a lost connection and a server restart are
PostgreSQL's (``tests/bot/storage/test_postgres_faults.py``)."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from bot.adapter.words.storage_words import storage_error_text
from bot.storage import (
    DatabaseUnreadable,
    Storage,
    StorageBusy,
    StorageError,
    StorageFull,
    StorageUnavailable,
)
from engine import Game, Rules
from i18n import words_for
from tests.bot.storage.conftest import OpenStorage
from tests.bot.storage.helpers import (
    NOW,
    first_legal,
    human,
    play_until,
    save_and_apply,
    start_game,
)
from tests.bot.storage.postgres_server import Location

PLAYERS = [human(1), human(2), human(3)]

def english(error: StorageError) -> str:
    return storage_error_text(words_for("en"), error)


def siblings(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


@pytest.mark.parametrize(
    "content",
    [
        b"hello",
        b"This is not a database, just a README.\n" * 100,
        random.Random(1).randbytes(16_384),
        b"SQLite format 3\x00" + random.Random(2).randbytes(8_176),
    ],
    ids=["tiny", "text", "random", "fake-header"],
)
async def test_a_garbage_file_is_refused_and_left_untouched(
    tmp_path: Path, content: bytes, open_storage: OpenStorage
) -> None:
    path = tmp_path / "kachuful.db"
    path.write_bytes(content)
    with pytest.raises(DatabaseUnreadable) as refused:
        await open_storage(path)
    assert str(path) in str(refused.value)
    assert "untouched" in str(refused.value)
    assert path.read_bytes() == content
    assert siblings(path) == ["kachuful.db"]


async def test_a_damaged_page_is_found_before_start(
    sqlite_path: Path, open_storage: OpenStorage
) -> None:
    db_path = sqlite_path
    storage = await open_storage(db_path, durability="NORMAL")
    for seed in range(6):
        await _finished_game(storage, seed)
    await storage.close()
    page_size = sqlite3.connect(db_path).execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(db_path.read_bytes())
    assert len(data) >= 8 * page_size
    start = 4 * page_size  # an interior page, well past the header
    data[start : start + 2 * page_size] = random.Random(3).randbytes(2 * page_size)
    db_path.write_bytes(bytes(data))
    with pytest.raises(DatabaseUnreadable, match=r"damaged|corrupt") as refused:
        await open_storage(db_path)
    assert str(db_path) in str(refused.value)
    assert db_path.read_bytes() == bytes(data)


async def test_a_folder_or_another_programs_database_is_refused(
    tmp_path: Path, open_storage: OpenStorage
) -> None:
    folder = tmp_path / "folder.db"
    folder.mkdir()
    with pytest.raises(DatabaseUnreadable, match="is not a file"):
        await open_storage(folder)
    foreign = tmp_path / "other.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)")
        conn.execute("INSERT INTO invoices (amount) VALUES (9.5)")
    conn.close()
    content = foreign.read_bytes()
    with pytest.raises(DatabaseUnreadable, match="another program"):
        await open_storage(foreign)
    assert foreign.read_bytes() == content


async def _finished_game(storage: Storage, seed: int) -> None:
    game_id, game = await start_game(
        storage, 1, [human(10 + seed), human(99), human(98)], seed=seed
    )
    play_until(game, first_legal, lambda _: False)
    await storage.games.finish_game(game_id, game, now=NOW)


@asynccontextmanager
async def write_lock(database: Location) -> AsyncIterator[None]:
    """Another connection holding the write lock (PostgreSQL: of the game tables;
    plain reads still pass, as in SQLite's WAL mode)."""
    if isinstance(database, Path):
        other = sqlite3.connect(database, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
        return
    server = await asyncpg.connect(database)
    try:
        async with server.transaction():
            await server.execute("LOCK TABLE games, seats, actions IN EXCLUSIVE MODE")
            yield
    finally:
        await server.close()


async def test_a_locked_database_refuses_the_move_and_the_next_try_works(
    database: Location, open_storage: OpenStorage
) -> None:
    storage = await open_storage(database, durability="NORMAL", busy_timeout=0.05)
    game_id, game = await start_game(storage, 1, PLAYERS, seed=21)
    for _ in range(3):
        await save_and_apply(storage, game_id, game, first_legal(game))
    before = game.log
    action = first_legal(game)
    async with write_lock(database):
        with pytest.raises(StorageBusy) as refused:
            await save_and_apply(storage, game_id, game, action)
        assert (
            "busy" in english(refused.value) and "try again" in english(refused.value)
        )
        assert game.log == before  # the bot applies only after the commit
        # Reads still work while another connection writes (WAL).
        assert (await storage.games.load_game(game_id)).actions_saved == 3
    await save_and_apply(storage, game_id, game, action)
    stored = await storage.games.load_game(game_id)
    assert stored.game is not None and stored.game.log == game.log
    await storage.close()


async def test_finishing_under_a_lock_is_all_or_nothing(
    database: Location, open_storage: OpenStorage
) -> None:
    storage = await open_storage(database, durability="NORMAL", busy_timeout=0.05)
    game_id, game = await start_game(storage, 1, PLAYERS, seed=22)
    play_until(game, first_legal, lambda _: False)
    async with write_lock(database):
        with pytest.raises(StorageBusy):
            await storage.games.finish_game(game_id, game, now=NOW)
    stored = await storage.games.load_game(game_id)
    assert (stored.status, stored.actions_saved) == ("active", 0)
    assert (await storage.stats.leaderboard(1, now=NOW)).rows == ()
    await storage.games.finish_game(game_id, game, now=NOW)
    assert (await storage.stats.leaderboard(1, now=NOW)).total_players == 3
    await storage.close()


async def test_a_full_disk_refuses_the_move_and_the_next_try_works(
    sqlite_storage: Storage,
) -> None:

    storage = sqlite_storage
    game_id, game = await start_game(storage, 1, PLAYERS, seed=23, rules=Rules())
    # SQLite can't cap a file below its size: the cap becomes the pages in use now.
    pages = await storage.set_size_limit(1)
    assert pages > 1
    refused: StorageFull | None = None
    for _ in range(5_000):
        if game.is_over:  # pragma: no cover - the limit is reached long before
            break
        try:
            await save_and_apply(storage, game_id, game, first_legal(game))
        except StorageFull as full:
            refused = full
            break
    assert refused is not None, "the size limit was never reached"
    assert "disk is full" in english(refused)
    saved = len(game.player_actions())
    stored = await storage.games.load_game(game_id)
    assert stored.actions_saved == saved and stored.game is not None
    assert stored.game.log == game.log
    await storage.set_size_limit(None)
    await save_and_apply(storage, game_id, game, first_legal(game))
    assert (await storage.games.load_game(game_id)).actions_saved == saved + 1


async def test_finishing_on_a_full_disk_is_all_or_nothing(sqlite_storage: Storage) -> None:
    storage = sqlite_storage
    game_id, game = await start_game(storage, 1, PLAYERS, seed=24, rules=Rules())
    play_until(game, first_legal, lambda _: False)
    await storage.set_size_limit(1)
    with pytest.raises(StorageFull):
        await storage.games.finish_game(game_id, game, now=NOW)
    stored = await storage.games.load_game(game_id)
    assert (stored.status, stored.actions_saved) == ("active", 0)
    await storage.set_size_limit(None)
    results = await storage.games.finish_game(game_id, game, now=NOW)
    assert [r.total for r in results] == list(game.totals())


async def test_a_closed_storage_says_so(database: Location, open_storage: OpenStorage) -> None:
    storage = await open_storage(database)
    await storage.close()
    await storage.close()  # twice is harmless
    with pytest.raises(StorageUnavailable, match="closed"):
        await storage.stats.leaderboard(1)


async def test_errors_carry_a_code_for_players(storage: Storage) -> None:
    game = Game(Rules(), ["a", "b", "c"], 1)
    play_until(game, first_legal, lambda _: False)
    with pytest.raises(StorageError) as error:
        await storage.games.finish_game(12345, game)
    assert error.value.code == "game_not_found"
