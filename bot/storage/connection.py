"""The one connection to the database: opening it safely, and running statements.

aiosqlite runs every statement on one worker thread, in order. A transaction spans
several awaits, so an :class:`asyncio.Lock` keeps two coroutines from interleaving
their statements; every sqlite3 error leaves as a typed :class:`StorageError`.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.backend import SQLITE, Dialect, Params, Row
from bot.storage.errors import (
    DatabaseUnreadable,
    InvalidValue,
    StorageBusy,
    StorageError,
    StorageUnavailable,
    translate,
)
from bot.storage.migrations import Migration, migrate
from bot.storage.models import Durability
from bot.storage.sqlite_tx import SqliteTx


class Database:
    """An open database file: schema checked and migrated, pragmas set."""

    dialect: Dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._closed = False
        self.path = path

    @classmethod
    async def open(
        cls,
        path: Path,
        migrations: tuple[Migration, ...],
        *,
        durability: Durability,
        busy_timeout: float,
        verify: bool,
    ) -> tuple[Database, int, int]:
        """Open (creating if absent) and migrate; returns (db, version before, after).

        A file that is not a healthy SQLite database of this bot is refused with
        :class:`DatabaseUnreadable` naming it, and is never written to.
        """
        if durability not in ("FULL", "NORMAL"):
            raise InvalidValue(f"durability is FULL or NORMAL, not {durability!r}")
        if path.exists() and not path.is_file():
            raise DatabaseUnreadable(f"{path} is not a file; DATABASE_PATH must name a file")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageUnavailable(f"can't create the folder of {path}: {exc}") from exc
        try:
            conn = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout)
        except sqlite3.Error as exc:
            raise _unreadable(path, exc) from exc
        db = cls(conn, path)
        try:
            await db._check_readable(verify)
            await db._set_pragmas(durability, busy_timeout)
            before, after = await migrate(conn, migrations, path)
        except BaseException:
            await conn.close()
            raise
        return db, before, after

    async def _check_readable(self, verify: bool) -> None:
        """Read before any write: a file that is not a database fails here, untouched."""
        try:
            tables = await self._conn.execute_fetchall(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table'"
            )
            version = await self._conn.execute_fetchall("PRAGMA user_version")
            if verify:
                problems = [
                    str(row[0]) for row in await self._conn.execute_fetchall("PRAGMA quick_check")
                ]
                if problems != ["ok"]:
                    raise DatabaseUnreadable(
                        f"{self.path} is damaged ({'; '.join(problems[:3])}); restore a "
                        "backup or move the file away — it was left untouched"
                    )
        except sqlite3.Error as exc:
            raise _unreadable(self.path, exc) from exc
        if next(iter(version))[0] == 0 and next(iter(tables))[0] > 0:
            raise DatabaseUnreadable(
                f"{self.path} is a SQLite database of another program (it has tables but "
                "no kachuful schema version); point DATABASE_PATH at a new file — this one "
                "was left untouched"
            )

    async def _set_pragmas(self, durability: Durability, busy_timeout: float) -> None:
        conn = self._conn
        try:
            await conn.execute(f"PRAGMA busy_timeout = {max(0, int(busy_timeout * 1000))}")
            rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            if str(rows[0][0]).lower() != "wal":
                raise StorageUnavailable(
                    f"{self.path}: SQLite refused WAL mode here ({rows[0][0]}); "
                    "put the database on a local disk"
                )
            await conn.execute(f"PRAGMA synchronous = {durability}")  # a checked literal
            await conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            raise translate(exc, self.path, "setting up the connection") from exc

    @property
    def location(self) -> str:
        return str(self.path)

    async def close(self) -> None:
        """Checkpoint and close; closing twice is harmless."""
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            # Fold the WAL back so the file alone is a complete copy after a clean stop;
            # if that fails (busy, read-only) the WAL stays valid and is replayed on open.
            with contextlib.suppress(sqlite3.Error):
                await self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            await self._conn.close()

    def transaction(self, doing: str) -> AbstractAsyncContextManager[SqliteTx]:
        """A write transaction: all of it is committed, or none of it.

        IMMEDIATE takes the write lock at once, so a busy database fails here, before
        anything is done, rather than at COMMIT."""
        return self._within("BEGIN IMMEDIATE", doing)

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Nothing to take: one process writes a SQLite file at a time, and a move
        saved by another is refused by its number (the append checks it)."""
        yield

    def snapshot(self, doing: str) -> AbstractAsyncContextManager[SqliteTx]:
        """Several reads that see one consistent state of the database."""
        return self._within("BEGIN", doing)

    @asynccontextmanager
    async def _within(self, begin: str, doing: str) -> AsyncIterator[SqliteTx]:
        async with self._lock:
            conn = self._open_connection()
            try:
                await conn.execute(begin)
                yield SqliteTx(conn)
                await conn.execute("COMMIT")
            except sqlite3.Error as exc:
                await self._rollback_quietly()
                raise translate(exc, self.path, doing) from exc
            except BaseException:
                await self._rollback_quietly()
                raise

    async def write(self, sql: str, params: Params, doing: str) -> int:
        """One statement in its own transaction (the cheapest commit); rows changed."""
        async with self._lock:
            try:
                return await SqliteTx(self._open_connection()).execute(sql, params)
            except sqlite3.Error as exc:
                raise translate(exc, self.path, doing) from exc

    async def fetchall(self, sql: str, params: Params, doing: str) -> list[Row]:
        async with self._lock:
            try:
                return await SqliteTx(self._open_connection()).fetchall(sql, params)
            except sqlite3.Error as exc:
                raise translate(exc, self.path, doing) from exc

    async def pragma(self, name: str, value: int | None = None) -> Any:
        """Read or set an integer pragma (names are fixed by the caller, never input)."""
        sql = f"PRAGMA {name}" if value is None else f"PRAGMA {name} = {int(value)}"
        rows = await self.fetchall(sql, (), f"PRAGMA {name}")
        return rows[0][0] if rows else None

    def _open_connection(self) -> aiosqlite.Connection:
        if self._closed:
            raise StorageUnavailable(f"{self.path}: storage is closed")
        return self._conn

    async def _rollback_quietly(self) -> None:
        # Errors here mean nothing to roll back, or the connection is already gone.
        with contextlib.suppress(sqlite3.Error, ValueError):
            await self._conn.rollback()


def _unreadable(path: Path, exc: sqlite3.Error) -> StorageError:
    error = translate(exc, path, "opening the database")
    if isinstance(error, DatabaseUnreadable | StorageBusy):
        return error
    return DatabaseUnreadable(
        f"{path} can't be opened as a database ({exc}); check the path and its "
        "permissions — the file was left untouched"
    )
