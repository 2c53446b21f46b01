"""Moving a server's data from its SQLite file into an empty PostgreSQL database.

Every table is copied whole (ids kept, so rematch links and results stay joined), in
one PostgreSQL transaction with COPY; then each table's rows are counted on both
sides. A target that already holds data is refused: merging two histories is not a
copy, and the counts could not prove anything.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import asyncpg

from bot.storage.errors import DatabaseUnreadable, StorageError, StorageUnavailable
from bot.storage.postgres.errors import DRIVER_ERRORS, redact, translate
from bot.storage.store import Storage

TABLES: Final = (
    "games",
    "seats",
    "actions",
    "results",
    "player_totals",
    "hand_accuracy",
    "guild_settings",
    "ratings",
)
"""In an order that keeps foreign keys satisfied as rows arrive."""


class TargetNotEmpty(StorageError):
    """The PostgreSQL database already holds games, stats or settings."""


@dataclass(frozen=True, slots=True)
class TableCount:
    table: str
    source: int
    target: int

    @property
    def matches(self) -> bool:
        return self.source == self.target


async def copy_sqlite_to_postgres(sqlite_file: Path, url: str) -> list[TableCount]:
    """Copy everything; returns each table's rows on both sides (equal on success).

    The SQLite file is opened as the bot opens it (checked, brought to the latest
    schema) and is otherwise only read. Raises :class:`TargetNotEmpty`, or the usual
    :class:`StorageError` subclasses; on any error the target is left empty.
    """
    if not sqlite_file.is_file():
        raise DatabaseUnreadable(f"{sqlite_file} is not a file")
    source = await Storage.open(sqlite_file)
    await source.close()
    target = await Storage.connect(url)  # creates or checks PostgreSQL's schema
    await target.close()
    where = redact(url)
    with sqlite3.connect(f"file:{sqlite_file}?mode=ro", uri=True) as lite:
        try:
            conn = await asyncpg.connect(url)
        except DRIVER_ERRORS as exc:
            raise StorageUnavailable(f"can't connect to {where}: {exc}") from exc
        try:
            await _refuse_data(conn, where)
            async with conn.transaction():
                for table in TABLES:
                    await _copy_table(lite, conn, table)
                await conn.execute(
                    "SELECT setval(pg_get_serial_sequence('games', 'id'), "
                    "COALESCE((SELECT MAX(id) FROM games), 0) + 1, false)"
                )
            return [
                TableCount(table, _count_sqlite(lite, table), await _count(conn, table))
                for table in TABLES
            ]
        except DRIVER_ERRORS as exc:
            raise translate(exc, where, "copying the data") from exc
        finally:
            await conn.close()


async def _refuse_data(conn: asyncpg.Connection[asyncpg.Record], where: str) -> None:
    filled = [table for table in TABLES if await _count(conn, table)]
    if filled:
        raise TargetNotEmpty(
            f"{where} already holds data ({', '.join(filled)}); migrate into a new, "
            "empty database"
        )


async def _copy_table(
    lite: sqlite3.Connection, conn: asyncpg.Connection[asyncpg.Record], table: str
) -> None:
    # Table names come from TABLES above, never from input.
    columns = [str(row[1]) for row in lite.execute(f"PRAGMA table_info({table})")]
    cursor = lite.execute(f"SELECT {', '.join(columns)} FROM {table}")
    while batch := cursor.fetchmany(10_000):
        await conn.copy_records_to_table(table, records=batch, columns=columns)


async def _count(conn: asyncpg.Connection[asyncpg.Record], table: str) -> int:
    return int(await conn.fetchval(f"SELECT count(*) FROM {table}"))


def _count_sqlite(lite: sqlite3.Connection, table: str) -> int:
    return int(lite.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
