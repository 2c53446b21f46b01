"""Migrations: in order, each in one transaction, idempotent, and old databases upgrade.

The tests read the file with the standard ``sqlite3`` module to see what is really on
disk, independently of the code under test.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.storage import (
    MIGRATIONS_ENV,
    DatabaseTooNew,
    GuildSettings,
    MigrationError,
    find_migrations_dir,
    load_migrations,
)
from bot.storage.migrations import Migration
from engine import Game, preset_rules
from tests.bot.storage.conftest import OpenStorage
from tests.bot.storage.helpers import (
    NOW,
    first_legal,
    human,
    mid_trick,
    play_finished_game,
    play_until,
)

REPO_MIGRATIONS = Path(__file__).resolve().parents[3] / "migrations"
V1_SAMPLE = Path(__file__).parent / "fixtures" / "v1_sample.sql"


def latest_version() -> int:
    return load_migrations(REPO_MIGRATIONS)[-1].version


def read(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(sql).fetchall()


def dump(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [*conn.iterdump(), str(conn.execute("PRAGMA user_version").fetchone())]
    finally:
        conn.close()


def migrations_dir(tmp_path: Path, extra: dict[str, str] | None = None) -> Path:
    """A folder with the real migration 1 and the given extra files."""
    folder = tmp_path / "migrations"
    folder.mkdir(exist_ok=True)
    shutil.copy(REPO_MIGRATIONS / "0001_initial.sql", folder)
    for name, sql in (extra or {}).items():
        (folder / name).write_text(sql)
    return folder


def test_the_repository_migrations_are_found_and_numbered() -> None:
    assert find_migrations_dir() == REPO_MIGRATIONS
    versions = [m.version for m in load_migrations()]
    assert versions == list(range(1, len(versions) + 1))


def test_the_migrations_folder_can_be_set_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = migrations_dir(tmp_path)
    monkeypatch.setenv(MIGRATIONS_ENV, str(folder))
    assert find_migrations_dir() == folder


async def test_a_new_database_gets_every_migration(
    sqlite_path: Path, open_storage: OpenStorage
) -> None:
    storage = await open_storage(sqlite_path)
    assert (storage.version_before, storage.version) == (0, latest_version())
    await storage.close()
    assert read(sqlite_path, "PRAGMA user_version") == [(latest_version(),)]
    assert read(sqlite_path, "PRAGMA journal_mode") == [("wal",)]
    tables = {row[0] for row in read(sqlite_path, "SELECT name FROM sqlite_schema")}
    assert {"games", "seats", "actions", "results", "guild_settings"} <= tables


async def test_starting_twice_changes_nothing(sqlite_path: Path, open_storage: OpenStorage) -> None:
    storage = await open_storage(sqlite_path, durability="NORMAL")
    await play_finished_game(storage, 1, [human(1), human(2), human(3)], seed=1)
    await storage.close()
    before = dump(sqlite_path)
    again = await open_storage(sqlite_path, durability="NORMAL")
    assert (again.version_before, again.version) == (latest_version(), latest_version())
    await again.close()
    assert dump(sqlite_path) == before


async def test_a_database_made_by_migration_1_upgrades_to_the_latest(
    tmp_path: Path, sqlite_path: Path, open_storage: OpenStorage
) -> None:
    old = await open_storage(sqlite_path, migrations_dir=migrations_dir(tmp_path))
    assert old.version == 1
    await old.close()
    with sqlite3.connect(sqlite_path) as conn:
        conn.executescript(V1_SAMPLE.read_text())
    conn.close()

    games_before = read(sqlite_path, "SELECT id, seed, status FROM games ORDER BY id")
    storage = await open_storage(sqlite_path)
    assert (storage.version_before, storage.version) == (1, latest_version())
    # Every game keeps its row, and was dealt by chance version 1, the only one then.
    assert read(sqlite_path, "SELECT id, seed, status FROM games ORDER BY id") == games_before
    assert read(sqlite_path, "SELECT DISTINCT chance_version FROM games") == [(1,)]

    # The active game of the sample continues exactly where it was.
    rules = preset_rules("classic")
    expected = Game(rules, ["Asha", "Chandra", "Deepa", "Robo (easy)"], "00" * 31 + "2b")
    play_until(expected, first_legal, mid_trick(2, 1, 1))
    [stored] = await storage.games.load_unfinished_games()
    # A replay error here after an engine change means the engine now turns a seed
    # into different deals under chance version 1: every stored game would break.
    # Such a change needs a new engine.shuffle.CHANCE_VERSION, not a regenerated fixture.
    assert stored.replay_error is None, stored.replay_error
    assert stored.chance_version == 1
    assert stored.game is not None and stored.game.chance_version == 1
    assert stored.game.log == expected.log
    assert (stored.table_message_id, stored.thread_id) == (7001, 7002)
    assert stored.seats[1].dm_message_id == 7004

    # The finished game still ranks, with the totals its moves give.
    finished = Game(preset_rules("short"), ["Asha", "Bikram", "Robo (easy)"], "00" * 31 + "2a")
    play_until(finished, first_legal, lambda _: False)
    page = await storage.stats.leaderboard(500, sort="points", now=NOW)
    assert {row.user_id: row.points for row in page.rows} == {
        501: finished.totals()[0],
        502: finished.totals()[1],
    }
    assert (await storage.stats.player_stats(500, 501)).games == 1
    assert await storage.settings.guild_settings(500) == GuildSettings(500, "judgement", 90, True)

    # And the upgraded database keeps working.
    await play_finished_game(storage, 500, [human(502), human(505), human(506)], seed=9)
    assert (await storage.stats.player_stats(500, 502)).games == 2
    await storage.close()
    assert read(sqlite_path, "PRAGMA integrity_check") == [("ok",)]
    assert read(sqlite_path, "PRAGMA foreign_key_check") == []


async def test_a_database_from_a_newer_version_is_refused(
    sqlite_path: Path, open_storage: OpenStorage
) -> None:
    storage = await open_storage(sqlite_path)
    await storage.close()
    newer = latest_version() + 1
    with sqlite3.connect(sqlite_path) as conn:
        conn.execute(f"PRAGMA user_version = {newer}")
    conn.close()
    content = sqlite_path.read_bytes()
    with pytest.raises(DatabaseTooNew) as refused:
        await open_storage(sqlite_path)
    message = str(refused.value)
    assert str(sqlite_path) in message and f"version {newer}" in message and "newer" in message
    assert sqlite_path.read_bytes() == content


async def test_a_failing_migration_changes_nothing(
    tmp_path: Path, sqlite_path: Path, open_storage: OpenStorage
) -> None:
    broken = {
        "0002_broken.sql": "CREATE TABLE extra (x INTEGER);\n"
        "INSERT INTO extra VALUES (1);\n"
        "INSERT INTO no_such_table VALUES (2);\n"
    }
    folder = migrations_dir(tmp_path, broken)
    with pytest.raises(MigrationError) as failed:
        await open_storage(sqlite_path, migrations_dir=folder)
    message = str(failed.value)
    assert "0002_broken.sql" in message and "no_such_table" in message
    assert "left at schema version 1" in message
    assert read(sqlite_path, "PRAGMA user_version") == [(1,)]
    assert read(sqlite_path, "SELECT name FROM sqlite_schema WHERE name = 'extra'") == []
    (folder / "0002_broken.sql").write_text("CREATE TABLE extra (x INTEGER);\n")
    fixed = await open_storage(sqlite_path, migrations_dir=folder)
    assert (fixed.version_before, fixed.version) == (1, 2)
    await fixed.close()


async def test_a_migration_that_breaks_foreign_keys_is_rolled_back(
    tmp_path: Path, sqlite_path: Path, open_storage: OpenStorage
) -> None:
    storage = await open_storage(sqlite_path, migrations_dir=migrations_dir(tmp_path))
    await storage.close()
    # Games written by a version-1 bot (today's code writes columns version 1 lacks).
    with sqlite3.connect(sqlite_path) as conn:
        conn.executescript(V1_SAMPLE.read_text())
    conn.close()
    games = read(sqlite_path, "SELECT count(*) FROM games")
    folder = migrations_dir(tmp_path, {"0002_orphans.sql": "DELETE FROM games;\n"})
    with pytest.raises(MigrationError, match="foreign keys point nowhere"):
        await open_storage(sqlite_path, migrations_dir=folder)
    assert read(sqlite_path, "SELECT count(*) FROM games") == games != [(0,)]
    assert read(sqlite_path, "PRAGMA user_version") == [(1,)]


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"0003_later.sql": "SELECT 1;"}, "without gaps"),
        ({"2_bad_name.sql": "SELECT 1;"}, "named like"),
        ({"0001_again.sql": "SELECT 1;"}, "same number"),
    ],
)
def test_malformed_migration_folders_are_refused(
    tmp_path: Path, files: dict[str, str], message: str
) -> None:
    with pytest.raises(MigrationError, match=message):
        load_migrations(migrations_dir(tmp_path, files))


def test_missing_or_empty_folders_are_refused(tmp_path: Path) -> None:
    with pytest.raises(MigrationError, match="does not exist"):
        load_migrations(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(MigrationError, match="holds no migrations"):
        load_migrations(tmp_path / "empty")


def test_statements_split_where_sqlite_says() -> None:
    sql = """
    -- a comment; with a semicolon
    CREATE TABLE t (x TEXT DEFAULT 'a;b');
    /* block; comment */
    CREATE TRIGGER t_log AFTER INSERT ON t BEGIN
        UPDATE t SET x = 'c;d' WHERE rowid = new.rowid;
        SELECT 1;
    END;
    INSERT INTO t VALUES ('e;f'); INSERT INTO t VALUES ('g');
    """
    statements = list(Migration(2, Path("0002_x.sql"), sql).statements())
    assert len(statements) == 4
    assert statements[1].startswith("/* block; comment */\n    CREATE TRIGGER")
    assert statements[1].endswith("END;")
    with pytest.raises(MigrationError, match="incomplete"):
        unfinished = "CREATE TABLE u (x);\nCREATE TRIGGER u_t AFTER INSERT ON u BEGIN SELECT 1;"
        list(Migration(2, Path("0002_x.sql"), unfinished).statements())


async def test_triggers_and_quoted_semicolons_apply(
    tmp_path: Path, sqlite_path: Path, open_storage: OpenStorage
) -> None:
    migration = """
    CREATE TABLE notes (text TEXT, copies INTEGER DEFAULT 0);
    CREATE TRIGGER notes_copy AFTER INSERT ON notes BEGIN
        UPDATE notes SET copies = copies + 1 WHERE rowid = new.rowid;
    END;
    INSERT INTO notes (text) VALUES ('one; two');
    """
    storage = await open_storage(
        sqlite_path, migrations_dir=migrations_dir(tmp_path, {"0002_n.sql": migration})
    )
    assert storage.version == 2
    await storage.close()
    assert read(sqlite_path, "SELECT text, copies FROM notes") == [("one; two", 1)]
