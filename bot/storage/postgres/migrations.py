"""PostgreSQL's migrations: ``migrations/postgres/0001_….sql``…, the same numbering
and meaning as SQLite's, recorded in the ``schema_migrations`` table.

Processes that start together take turns under a session advisory lock: the first
applies what is pending, the others then find nothing left to do. Each file runs in
one transaction with its version row, so a failed migration leaves the previous
version.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import asyncpg

from bot.storage.errors import (
    DatabaseTooNew,
    DatabaseUnreadable,
    MigrationError,
    StorageError,
)
from bot.storage.migrations import Migration, find_migrations_dir, load_migrations
from bot.storage.postgres.errors import DRIVER_ERRORS, translate
from bot.storage.postgres.tx import PostgresTx
from bot.storage.rating_rebuild import MIGRATION_FILE, backfill

MIGRATION_LOCK: Final = 0x6B61_6368_7566_756C
"""The advisory lock key ("kachuful" in ASCII) held while migrating."""
VERSION_TABLE: Final = "schema_migrations"


def postgres_migrations(directory: Path | None = None) -> tuple[Migration, ...]:
    """PostgreSQL's migrations: ``postgres/`` beside SQLite's, unless a folder is given."""
    return load_migrations(find_migrations_dir() / "postgres" if directory is None else directory)


async def migrate(
    pool: asyncpg.Pool[asyncpg.Record], migrations: tuple[Migration, ...], where: str
) -> tuple[int, int]:
    """Apply pending migrations under the lock; returns (version before, after)."""
    latest = migrations[-1].version
    try:
        async with pool.acquire() as conn:
            # Wait as long as another process's migration takes (the pool's lock timeout
            # would make every replica crash-loop behind a long one); then the usual.
            await conn.execute("SET lock_timeout = 0")
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            await conn.execute("RESET lock_timeout")
            try:
                before = await _version(conn, where)
                if before > latest:
                    raise DatabaseTooNew(
                        f"{where} has schema version {before}, but this kachuful-bot only "
                        f"knows versions up to {latest}: it was written by a newer version. "
                        "Run that version (or newer); the database was left untouched"
                    )
                for migration in migrations:
                    if migration.version > before:
                        await _apply(conn, migration, where)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
    except DRIVER_ERRORS as exc:
        raise translate(exc, where, "migrating the database") from exc
    return before, latest


async def _version(conn: asyncpg.pool.PoolConnectionProxy[asyncpg.Record], where: str) -> int:
    if await conn.fetchval("SELECT to_regclass($1)", VERSION_TABLE) is None:
        tables = await conn.fetchval(
            "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
        )
        if tables:
            raise DatabaseUnreadable(
                f"{where} holds tables of another program (no {VERSION_TABLE} table); "
                "point DATABASE_URL at a new, empty database — this one was left untouched"
            )
        await conn.execute(
            f"CREATE TABLE {VERSION_TABLE} (version INTEGER PRIMARY KEY, "
            "name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        return 0
    return int(await conn.fetchval(f"SELECT COALESCE(MAX(version), 0) FROM {VERSION_TABLE}"))


async def _python_step(
    conn: asyncpg.pool.PoolConnectionProxy[asyncpg.Record], migration: Migration
) -> None:
    """What a migration does that SQL cannot, in its transaction (as SQLite's)."""
    if migration.path.name == MIGRATION_FILE:
        await backfill(PostgresTx(conn))


async def _apply(
    conn: asyncpg.pool.PoolConnectionProxy[asyncpg.Record], migration: Migration, where: str
) -> None:
    try:
        async with conn.transaction():
            await conn.execute(migration.sql)
            await _python_step(conn, migration)
            await conn.execute(
                f"INSERT INTO {VERSION_TABLE} (version, name) VALUES ($1, $2)",
                migration.version,
                migration.path.name,
            )
    except asyncpg.PostgresError as exc:
        error = translate(exc, where, f"migration {migration.path.name}")
        if type(error) is StorageError:
            error = MigrationError(
                f"{migration.path} failed: {exc}; {where} was left at schema version "
                f"{migration.version - 1}"
            )
        raise error from exc
