"""Statements on one pooled PostgreSQL connection, inside its transaction; the
migrations' Python steps use it as well as the database."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import asyncpg

from bot.storage.backend import Params, Row
from bot.storage.postgres.sql import bind, numbered

# A string: asyncpg's classes are generic only in its type stubs.
Connection: TypeAlias = "asyncpg.pool.PoolConnectionProxy[asyncpg.Record]"


def _rows_changed(status: str) -> int:
    """Rows a command changed, from its status ("UPDATE 3", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresTx:
    """Statements on one pooled connection, inside its transaction."""

    __slots__ = ("_conn",)

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        statement, args = bind(sql, params)
        return _rows_changed(await self._conn.execute(statement, *args))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = list(rows)
        if batch:
            await self._conn.executemany(numbered(sql)[0], batch)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        statement, args = bind(sql, params)
        return [tuple(record) for record in await self._conn.fetch(statement, *args)]

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None
