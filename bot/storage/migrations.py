"""Schema migrations: numbered plain-SQL files applied in order at start-up.

``migrations/0001_initial.sql``, ``0002_….sql``… Each file is applied in one
transaction that also sets ``PRAGMA user_version`` to its number, so a database is
always at exactly one version and a failed migration leaves it at the previous one.
Foreign keys are switched off while a migration runs (SQLite's documented way to
rebuild a table) and checked with ``PRAGMA foreign_key_check`` before it commits.

A migration file holds plain statements only — no BEGIN/COMMIT (the runner owns the
transaction) and no ``PRAGMA user_version``.
"""

from __future__ import annotations

import os
import re
import sqlite3
import sys
import sysconfig
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import aiosqlite

from bot.storage.errors import DatabaseTooNew, MigrationError, StorageError, translate
from bot.storage.rating_rebuild import MIGRATION_FILE, backfill
from bot.storage.sqlite_tx import SqliteTx

MIGRATIONS_ENV: Final = "KACHUFUL_MIGRATIONS_DIR"
"""Set to a folder to use its migrations instead of the ones found by default."""
_FILE_NAME: Final = re.compile(r"^(\d{4})_[A-Za-z0-9_\-]+\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    path: Path
    sql: str

    def statements(self) -> Iterator[str]:
        """The file's statements one by one (SQLite decides where each one ends, so
        semicolons inside strings, comments and trigger bodies are handled)."""
        buffer = ""
        for piece in self.sql.split(";"):
            buffer += piece + ";"
            if sqlite3.complete_statement(buffer):
                statement = buffer.strip()
                buffer = ""
                if _has_code(statement):
                    yield statement
        # split() gave the text after the last ';' a ';' of its own: only code there
        # means a statement that never ended (a trigger without END, say).
        if _has_code(buffer[:-1]):
            raise MigrationError(f"{self.path}: the last statement is incomplete")


def _has_code(text: str) -> bool:
    """Whether SQL text holds more than whitespace, comments and semicolons."""
    without_comments = re.sub(r"--[^\n]*|/\*.*?\*/", "", text, flags=re.DOTALL)
    return bool(without_comments.replace(";", "").strip())


def candidate_dirs() -> list[Path]:
    """Where migrations are looked for, in order: ``$KACHUFUL_MIGRATIONS_DIR``, the
    source tree (``migrations/`` beside ``bot/``: a checkout, an editable install or a
    Docker image that copies the tree), then the data folder a wheel installs into
    (``<prefix>/share/kachuful-bot/migrations``)."""
    places: list[Path] = []
    configured = os.environ.get(MIGRATIONS_ENV)
    if configured:
        places.append(Path(configured))
    places.append(Path(__file__).resolve().parents[2] / "migrations")
    for prefix in (sys.prefix, sysconfig.get_path("data")):
        places.append(Path(prefix) / "share" / "kachuful-bot" / "migrations")
    unique: list[Path] = []
    for place in places:
        if place not in unique:
            unique.append(place)
    return unique


def find_migrations_dir() -> Path:
    for place in candidate_dirs():
        if (place / "0001_initial.sql").is_file():
            return place
    looked = ", ".join(str(place) for place in candidate_dirs())
    raise MigrationError(
        f"the database migrations were not found (looked in {looked}); "
        f"install the package with its migrations/ folder or set {MIGRATIONS_ENV}"
    )


def load_migrations(directory: Path | None = None) -> tuple[Migration, ...]:
    """The migrations of a folder, checked to be numbered 1, 2, 3… without gaps."""
    folder = find_migrations_dir() if directory is None else Path(directory)
    if not folder.is_dir():
        raise MigrationError(f"the migrations folder {folder} does not exist")
    found: dict[int, Path] = {}
    for path in sorted(folder.glob("*.sql")):
        match = _FILE_NAME.match(path.name)
        if match is None:
            raise MigrationError(f"{path}: a migration is named like 0002_add_things.sql")
        version = int(match.group(1))
        if version in found:
            raise MigrationError(f"{path} and {found[version]} have the same number")
        found[version] = path
    if not found:
        raise MigrationError(f"{folder} holds no migrations")
    expected = list(range(1, len(found) + 1))
    if sorted(found) != expected:
        raise MigrationError(
            f"migrations in {folder} must be numbered 1 to {len(found)} without gaps, "
            f"found {sorted(found)}"
        )
    return tuple(
        Migration(version, path, path.read_text(encoding="utf-8"))
        for version, path in sorted(found.items())
    )


async def schema_version(conn: aiosqlite.Connection) -> int:
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def migrate(
    conn: aiosqlite.Connection, migrations: tuple[Migration, ...], db_path: Path
) -> tuple[int, int]:
    """Bring the database up to the last migration; returns (version before, after).

    The connection must be in autocommit mode (``isolation_level=None``).
    """
    latest = migrations[-1].version
    try:
        before = await schema_version(conn)
    except sqlite3.Error as exc:
        raise translate(exc, db_path, "reading the schema version") from exc
    if before > latest:
        raise DatabaseTooNew(
            f"{db_path} has schema version {before}, but this kachuful-bot only knows "
            f"versions up to {latest}: it was written by a newer version. Run that "
            "version (or newer), or restore a backup made for this one; the file was "
            "left untouched"
        )
    for migration in migrations:
        if migration.version > before:
            await _apply(conn, migration, db_path)
    return before, latest


async def _apply(conn: aiosqlite.Connection, migration: Migration, db_path: Path) -> None:
    statement = "BEGIN IMMEDIATE"
    try:
        await conn.execute("PRAGMA foreign_keys = OFF")
        await conn.execute(statement)
        # Another process may have migrated since we looked: decide under the lock.
        if await schema_version(conn) >= migration.version:
            await conn.execute("COMMIT")
            return
        for statement in migration.statements():
            await conn.execute(statement)
        statement = f"the Python step of {migration.path.name}"
        await python_step(migration, conn)
        problems = list(await conn.execute_fetchall("PRAGMA foreign_key_check"))
        if problems:
            raise MigrationError(
                f"{migration.path} leaves rows whose foreign keys point nowhere: {problems[:5]}"
            )
        # The version is an int we read from the file name, never outside text.
        await conn.execute(f"PRAGMA user_version = {int(migration.version)}")
        await conn.execute("COMMIT")
    except (sqlite3.Error, StorageError) as exc:
        if conn.in_transaction:
            await conn.rollback()
        if isinstance(exc, StorageError):
            raise
        error = translate(exc, db_path, f"migration {migration.path.name}")
        if type(error) is StorageError:
            error = MigrationError(
                f"{migration.path} failed at `{_first_line(statement)}`: {exc}; "
                f"{db_path} was left at schema version {migration.version - 1}"
            )
        raise error from exc
    finally:
        await conn.execute("PRAGMA foreign_keys = ON")


async def python_step(migration: Migration, conn: aiosqlite.Connection) -> None:
    """What a migration does that SQL cannot, in its transaction (rating the games
    already played needs openskill)."""
    if migration.path.name == MIGRATION_FILE:
        await backfill(SqliteTx(conn))


def _first_line(statement: str) -> str:
    lines = [line for line in statement.splitlines() if line.strip() and not line.startswith("--")]
    return lines[0].strip() if lines else statement.strip()
