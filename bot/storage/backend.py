"""What the storage modules need from a database: transactions and statements.

Two backends provide it: SQLite (:mod:`bot.storage.connection`) and PostgreSQL
(:mod:`bot.storage.postgres.connection`). The modules around them (lobby, moves,
ending, stats…) are shared: they write portable SQL with ``?`` or ``:name``
parameters, and ask the backend's :class:`Dialect` for the few clauses that differ.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol

Row = tuple[Any, ...]
Params = Sequence[Any] | dict[str, Any]
BackendName = Literal["sqlite", "postgres"]


@dataclass(frozen=True, slots=True)
class Dialect:
    """The clauses that differ between the backends' SQL."""

    name: BackendName
    lock_for_update: str
    """Appended to a SELECT whose rows the transaction is about to change. SQLite
    needs none: its write transaction already holds the only write lock."""
    lock_for_share: str
    """Appended to a sub-SELECT that must see the row as committed, and keep it so,
    until the statement's transaction ends."""
    skip_locked: str
    """Appended to a SELECT that claims rows: rows another process holds are passed
    over instead of waited for."""
    epoch_now: str
    """A query of the database's clock now, in Unix seconds."""
    lock_user: str
    """A statement that holds a person (``?``: their user id) until the transaction
    ends, so that two transactions seating them are one after the other; empty where
    write transactions already are (SQLite)."""


USER_LOCKS: Final = 0x4B46_5553
"""The first key of the per-person transaction locks ("KFUS"); the second is the
user id folded into 32 bits (two people sharing one only wait for each other)."""
SQLITE: Final = Dialect("sqlite", "", "", "",
                        "SELECT (julianday('now') - 2440587.5) * 86400.0", "")
POSTGRES: Final = Dialect(
    "postgres", " FOR UPDATE", " FOR SHARE", " FOR UPDATE SKIP LOCKED",
    "SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)",
    f"SELECT pg_advisory_xact_lock({USER_LOCKS}, CAST(CAST(? AS BIGINT) % 2147483647 AS INTEGER))")


class Tx(Protocol):
    """Statements inside one transaction (or read snapshot)."""

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None: ...


class Backend(Protocol):
    """An open database: schema migrated, ready for statements."""

    dialect: Dialect

    @property
    def location(self) -> str:
        """Where the data lives, for messages: a file path, or a URL without password."""
        ...

    def transaction(self, doing: str) -> AbstractAsyncContextManager[Tx]:
        """A write transaction: all of it is committed, or none of it."""
        ...

    def snapshot(self, doing: str) -> AbstractAsyncContextManager[Tx]:
        """Several reads that see one consistent state of the database."""
        ...

    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Hold a game for one step of the bot against other processes; this task's
        statements meanwhile run on the connection that holds it."""
        ...

    async def write(self, sql: str, params: Params, doing: str) -> int:
        """One statement in its own transaction; rows changed."""
        ...

    async def fetchall(self, sql: str, params: Params, doing: str) -> list[Row]: ...

    async def close(self) -> None:
        """Close; closing twice is harmless."""
        ...
