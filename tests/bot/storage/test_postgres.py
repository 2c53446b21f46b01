"""PostgreSQL's own behaviour: migrations tracked in a table and applied once under an
advisory lock; a lost connection rolls back and the next call reconnects; a server
that restarted (every connection cut) is carried on from without an error."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.adapter.words.storage_words import storage_error_text
from bot.storage import (
    DatabaseTooNew,
    DatabaseUnreadable,
    MigrationError,
    StorageError,
    StorageUnavailable,
)
from bot.storage.migrations import find_migrations_dir
from bot.storage.postgres.migrations import postgres_migrations
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
from tests.bot.storage.postgres_server import PostgresServer, raw_execute

PLAYERS = [human(1), human(2), human(3)]
LATEST = postgres_migrations()[-1].version

def english(error: StorageError) -> str:
    return storage_error_text(words_for("en"), error)


@pytest.fixture
def empty_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A database of this test alone, empty, dropped afterwards."""
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)


async def versions(url: str) -> list[int]:
    return [row[0] for row in await raw_execute(url, "SELECT version FROM schema_migrations")]


async def cut_every_connection(url: str) -> int:
    """What a server restart does to the bot: every connection of the database ends."""
    rows = await raw_execute(
        url,
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    return int(rows[0][0])


async def test_a_new_database_gets_every_migration_once(
    empty_url: str, open_storage: OpenStorage
) -> None:
    storage = await open_storage(empty_url)
    assert (storage.version_before, storage.version) == (0, LATEST)
    assert storage.backend == "postgres" and storage.location == empty_url
    await storage.close()
    again = await open_storage(empty_url)
    assert (again.version_before, again.version) == (LATEST, LATEST)
    assert sorted(await versions(empty_url)) == list(range(1, LATEST + 1))


async def test_processes_starting_together_migrate_once(
    empty_url: str, open_storage: OpenStorage
) -> None:
    started = await asyncio.gather(*(open_storage(empty_url) for _ in range(6)))
    befores = sorted(storage.version_before for storage in started)
    assert befores == [0] + [LATEST] * 5
    assert sorted(await versions(empty_url)) == list(range(1, LATEST + 1))


async def test_a_database_from_a_newer_version_is_refused(
    empty_url: str, open_storage: OpenStorage
) -> None:
    await (await open_storage(empty_url)).close()
    await raw_execute(
        empty_url, "INSERT INTO schema_migrations (version, name) VALUES (?, 'x')", (LATEST + 1,)
    )
    with pytest.raises(DatabaseTooNew, match=f"version {LATEST + 1}"):
        await open_storage(empty_url)


async def test_another_programs_database_is_refused_untouched(
    empty_url: str, open_storage: OpenStorage
) -> None:
    await raw_execute(empty_url, "CREATE TABLE invoices (id INTEGER, amount REAL)")
    await raw_execute(empty_url, "INSERT INTO invoices VALUES (1, 9.5)")
    with pytest.raises(DatabaseUnreadable, match="another program"):
        await open_storage(empty_url)
    assert await raw_execute(empty_url, "SELECT * FROM invoices") == [(1, 9.5)]
    tables = await raw_execute(
        empty_url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
    )
    assert tables == [("invoices",)]


async def test_a_failing_migration_changes_nothing(
    empty_url: str, tmp_path: Path, open_storage: OpenStorage
) -> None:
    folder = tmp_path / "postgres"
    shutil.copytree(find_migrations_dir() / "postgres", folder)
    broken = folder / f"{LATEST + 1:04d}_broken.sql"
    broken.write_text("CREATE TABLE half_done (id INTEGER);\nSELECT no_such_function();\n")
    with pytest.raises(MigrationError, match=f"left at schema version {LATEST}"):
        await open_storage(empty_url, migrations_dir=folder)
    assert max(await versions(empty_url)) == LATEST
    assert await raw_execute(empty_url, "SELECT to_regclass('half_done')") == [(None,)]


async def test_an_unreachable_server_is_one_clear_error(open_storage: OpenStorage) -> None:
    with pytest.raises(StorageUnavailable, match="can't connect to PostgreSQL") as refused:
        await open_storage("postgresql://kachuful:secret@127.0.0.1:1/kachuful")
    assert "secret" not in str(refused.value)
    assert "DATABASE_URL" in str(refused.value)


async def test_a_connection_lost_under_a_step_saves_nothing(
    postgres_url: str, open_storage: OpenStorage
) -> None:
    storage = await open_storage(postgres_url)
    game_id, game = await start_game(storage, 1, PLAYERS, seed=11)
    await save_and_apply(storage, game_id, game, first_legal(game))
    action = first_legal(game)
    with pytest.raises(StorageUnavailable) as lost:
        # The connection holding the game's lock is cut under the step: the move, and
        # its deadline in the same transaction, are refused whole.
        async with storage.games.game_lock(game_id):
            assert await cut_every_connection(postgres_url) >= 1
            await storage.games.append_action(game_id, 1, action, deadlines={1: NOW})
    assert "try again" in english(lost.value)
    stored = await storage.games.load_game(game_id)  # a new connection, by itself
    assert stored.actions_saved == 1 and stored.seats[1].turn_deadline is None
    await save_and_apply(storage, game_id, game, action)
    assert (await storage.games.load_game(game_id)).actions_saved == 2


@pytest.mark.parametrize("delay_ms", [0, 1, 2, 4, 8])
async def test_a_finish_cut_off_at_any_point_is_all_or_nothing(
    postgres_url: str, open_storage: OpenStorage, delay_ms: int
) -> None:
    storage = await open_storage(postgres_url)
    game_id, game = await start_game(storage, 1, PLAYERS, seed=12)
    play_until(game, first_legal, lambda _: False)
    finishing = asyncio.ensure_future(storage.games.finish_game(game_id, game, now=NOW))
    await asyncio.sleep(delay_ms / 1000)
    await cut_every_connection(postgres_url)
    with contextlib.suppress(StorageUnavailable):
        await finishing
    stored = await storage.games.load_game(game_id)
    page = await storage.stats.leaderboard(1, now=NOW)
    if stored.status == "finished":
        assert (stored.actions_saved, page.total_players) == (len(game.player_actions()), 3)
    else:
        assert (stored.status, stored.actions_saved, page.total_players) == ("active", 0, 0)
        await storage.games.finish_game(game_id, game, now=NOW)
    assert (await storage.stats.leaderboard(1, now=NOW)).total_players == 3


async def test_after_a_server_restart_the_bot_carries_on(
    postgres_url: str, open_storage: OpenStorage
) -> None:
    storage = await open_storage(postgres_url)
    game_id, game = await start_game(storage, 1, PLAYERS, seed=13)
    for _ in range(3):
        await save_and_apply(storage, game_id, game, first_legal(game))
        assert await cut_every_connection(postgres_url) >= 1
    # Every pooled connection died between calls: none of the calls saw an error.
    stored = await storage.games.load_game(game_id)
    assert stored.game is not None and stored.game.log == game.log


async def test_the_bot_reconnects_to_a_server_that_comes_back(
    postgres_server: PostgresServer, postgres_url: str, open_storage: OpenStorage
) -> None:

    storage = await open_storage(postgres_url)
    name = postgres_url.rsplit("/", 1)[1]
    admin = await asyncpg.connect(postgres_server.admin_url)
    try:
        # New connections refused and the old ones cut, as while a server restarts.
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name
        )
        with pytest.raises(StorageUnavailable) as down:
            await storage.stats.leaderboard(1)
        assert "try again later" in english(down.value)
    finally:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        await admin.close()
    assert (await storage.stats.leaderboard(1)).total_players == 0
