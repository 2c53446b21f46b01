"""Statements inside one SQLite transaction (or read snapshot), on aiosqlite's one
connection; the migrations' Python steps use it as well as the database."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import aiosqlite

from bot.storage.backend import Params, Row


class SqliteTx:
    """Statements inside a transaction (or a read snapshot) of :class:`Database`."""

    __slots__ = ("_conn",)

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        cursor = await self._conn.execute(sql, params)
        return int(cursor.rowcount)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(row) for row in await self._conn.execute_fetchall(sql, params)]

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None
