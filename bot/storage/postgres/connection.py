"""A pool of PostgreSQL connections behind the storage modules' :class:`Backend`.

Each transaction takes a connection from the pool for its length, so games of
different processes (and coroutines) write at once; the database's row locks, not a
process-wide lock, keep them apart. A connection the server dropped (a restart, a
network cut) is replaced: a transaction that finds its connection dead before its
first statement retries once on a new one (and the pool renews the rest), so the
bot carries on by itself. One
that loses it mid-way raises :class:`StorageUnavailable`, and the server has rolled
it back — nothing half-written.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from contextvars import ContextVar
from typing import Any, Final, TypeAlias

import asyncpg

from bot.storage.backend import POSTGRES, Dialect, Params, Row
from bot.storage.errors import InvalidValue, StorageError, StorageUnavailable
from bot.storage.migrations import Migration
from bot.storage.postgres.errors import DRIVER_ERRORS, is_connection_error, redact, translate
from bot.storage.postgres.migrations import migrate
from bot.storage.postgres.shard_claims import KEEPALIVES
from bot.storage.postgres.tx import Connection, PostgresTx

URL_SCHEMES: Final = ("postgresql://", "postgres://")
CONNECT_TIMEOUT: Final = 10.0
CLOSE_TIMEOUT: Final = 5.0
_BEGIN_WRITE: Final = "BEGIN ISOLATION LEVEL READ COMMITTED"
_BEGIN_SNAPSHOT: Final = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

# Strings: asyncpg's classes are generic only in its type stubs.
Pool: TypeAlias = "asyncpg.Pool[asyncpg.Record]"

_PINNED: ContextVar[tuple[asyncio.Task[Any] | None, Connection] | None] = ContextVar(
    "kachuful_pinned_connection", default=None
)
"""The connection holding a game's lock, for the task that took it: its statements
run there, so the lock is never waited for by its own holder. Tasks started meanwhile
inherit the variable but not the connection (the task is checked)."""


def check_url(url: object) -> str:
    if not isinstance(url, str) or not url.startswith(URL_SCHEMES):
        shown = redact(url) if isinstance(url, str) else repr(url)
        raise InvalidValue(f"a PostgreSQL URL starts with postgresql://, not {shown}")
    return url


class PostgresDatabase:
    """An open PostgreSQL database: migrated, with a pool of connections."""

    dialect: Dialect = POSTGRES

    def __init__(self, pool: Pool, url: str) -> None:
        self._pool = pool
        self._location = redact(url)
        self._closed = False

    @classmethod
    async def connect(
        cls,
        url: str,
        migrations: tuple[Migration, ...],
        *,
        busy_timeout: float,
        pool_size: int,
    ) -> tuple[PostgresDatabase, int, int]:
        """Connect and migrate; returns (db, version before, after)."""
        check_url(url)
        if isinstance(pool_size, bool) or not isinstance(pool_size, int) or pool_size < 1:
            raise InvalidValue(f"pool_size is a whole number from 1, not {pool_size!r}")
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                timeout=CONNECT_TIMEOUT,
                # A lock held longer than this by another process: StorageBusy, as
                # SQLite's busy timeout.
                server_settings={
                    "lock_timeout": str(max(1, int(busy_timeout * 1000))),
                    "application_name": "kachuful-bot",
                    # A process cut off mid-step holds its game's lock until the server
                    # notices: in about 20 s, not the system's two hours.
                    **KEEPALIVES,
                },
            )
        except (*DRIVER_ERRORS, ValueError) as exc:
            raise StorageUnavailable(
                f"can't connect to PostgreSQL at {redact(url)} ({type(exc).__name__}: {exc}); "
                "check DATABASE_URL and that the server is running"
            ) from exc
        db = cls(pool, url)
        try:
            before, after = await migrate(pool, migrations, db.location)
        except BaseException:
            await pool.close()
            raise
        return db, before, after

    @property
    def location(self) -> str:
        return self._location

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            # Transactions still running get a moment to end; then they are cut.
            await asyncio.wait_for(self._pool.close(), CLOSE_TIMEOUT)
        except TimeoutError:
            self._pool.terminate()

    def transaction(self, doing: str) -> AbstractAsyncContextManager[PostgresTx]:
        return self._within(_BEGIN_WRITE, doing)

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold a game's advisory lock for one step of the bot, across processes.

        The lock belongs to a pooled connection, which this task's statements use
        until the block ends; then the pool's reset (``pg_advisory_unlock_all``)
        frees it. A process that dies frees it with its connection."""
        pinned = _pinned_here()
        if pinned is not None:  # already held by this task: one lock per step
            yield
            return
        conn = await self._acquire("locking a game")
        try:
            try:
                await conn.execute("SELECT pg_advisory_lock($1)", game_id)
            except DRIVER_ERRORS as exc:
                raise translate(exc, self._location, "locking a game") from exc
            token = _PINNED.set((asyncio.current_task(), conn))
            try:
                yield
            finally:
                _PINNED.reset(token)
        finally:
            await self._give_back(conn)

    def snapshot(self, doing: str) -> AbstractAsyncContextManager[PostgresTx]:
        return self._within(_BEGIN_SNAPSHOT, doing)

    async def write(self, sql: str, params: Params, doing: str) -> int:
        async with self.transaction(doing) as tx:
            return await tx.execute(sql, params)

    async def fetchall(self, sql: str, params: Params, doing: str) -> list[Row]:
        async with self.snapshot(doing) as tx:
            return await tx.fetchall(sql, params)

    @asynccontextmanager
    async def _within(self, begin: str, doing: str) -> AsyncIterator[PostgresTx]:
        pinned = _pinned_here()
        if pinned is not None:
            try:
                await pinned.execute(begin)
            except DRIVER_ERRORS as exc:
                raise translate(exc, self._location, doing) from exc
        conn = pinned or await self._begin(begin, doing)
        try:
            yield PostgresTx(conn)
            await conn.execute("COMMIT")
        except DRIVER_ERRORS as exc:
            await _rollback_quietly(conn)
            raise translate(exc, self._location, doing) from exc
        except BaseException:
            await _rollback_quietly(conn)
            raise
        finally:
            if pinned is None:
                await self._give_back(conn)

    async def _acquire(self, doing: str) -> Connection:
        if self._closed:
            raise StorageUnavailable(f"{self._location}: storage is closed")
        try:
            conn: Connection = await self._pool.acquire(timeout=CONNECT_TIMEOUT)
        except DRIVER_ERRORS as exc:
            # Any refusal to connect (server starting, database closed to new
            # connections) means the database can't be reached now.
            error = translate(exc, self._location, doing)
            if type(error) is StorageError:
                error = StorageUnavailable(str(error))
            raise error from exc
        return conn

    async def _begin(self, begin: str, doing: str) -> Connection:
        """A pooled connection inside a new transaction. Nothing was sent yet when
        BEGIN fails, so a connection found dead there is replaced once."""
        for attempt in range(2):
            conn = await self._acquire(doing)
            try:
                await conn.execute(begin)
                return conn
            except DRIVER_ERRORS as exc:
                await self._give_back(conn)
                if attempt or not is_connection_error(exc):
                    raise translate(exc, self._location, doing) from exc
                # One dead connection means the others are likely dead too (a
                # restart cuts them all): the pool replaces each on its next use.
                await self._pool.expire_connections()
            except BaseException:  # cancelled: the connection goes back all the same
                await self._give_back(conn)
                raise
        raise AssertionError("unreachable")


    async def _give_back(self, conn: Connection) -> None:
        # A connection that can't be reset (cut off mid-statement) is closed by the
        # pool itself, which opens a new one when next needed; nothing to report.
        with contextlib.suppress(Exception):
            await self._pool.release(conn)


def _pinned_here() -> Connection | None:
    pinned = _PINNED.get()
    if pinned is None or pinned[0] is not asyncio.current_task():
        return None
    return pinned[1]


async def _rollback_quietly(conn: Connection) -> None:
    # A dead connection (the pool may have taken it back already) has nothing to roll
    # back: the server dropped its transaction.
    with contextlib.suppress(*DRIVER_ERRORS):
        if not conn.is_closed():
            await conn.execute("ROLLBACK")
