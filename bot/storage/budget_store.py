"""The bot token's send schedule, shared by every process on one PostgreSQL database.

Discord counts the bot token's requests across all of a bot's processes. Each process
reserves its next few requests on one row (``bot_token_budget``, migration 0009): the
row holds the moment from which the next request may go, and a reservation moves it on
by ``count × interval``. The database's clock is the only clock, so the processes need
not agree on the time; the row lock is held for one statement."""

from __future__ import annotations

import logging
import time
from typing import Final

from bot.storage.backend import Backend
from bot.storage.errors import StorageError

log = logging.getLogger(__name__)

_RESERVE: Final = """
WITH now AS (SELECT EXTRACT(EPOCH FROM clock_timestamp())::DOUBLE PRECISION AS t)
UPDATE bot_token_budget AS b
SET next_at = GREATEST(b.next_at, now.t - CAST(:burst AS DOUBLE PRECISION))
    + CAST(:span AS DOUBLE PRECISION)
FROM now
WHERE b.id = 1
RETURNING b.next_at - CAST(:span AS DOUBLE PRECISION) - now.t
"""


class LocalSchedule:
    """The schedule of a process that shares the bot token with no other (SQLite), and of
    one whose shared schedule is out of reach for a moment."""

    def __init__(self) -> None:
        self._next_at = 0.0

    async def reserve(self, count: int, interval: float, burst: float) -> float:
        """As :meth:`BudgetStore.reserve`, in this process's memory."""
        now = time.monotonic()
        start = max(self._next_at, now - burst)
        self._next_at = start + count * interval
        return start - now


class BudgetStore:
    def __init__(self, db: Backend) -> None:
        self._db = db
        self._local = LocalSchedule()

    @property
    def shared(self) -> bool:
        """Whether other processes may share this database (PostgreSQL): one SQLite
        process keeps its schedule in memory instead."""
        return self._db.dialect.name == "postgres"

    async def reserve(self, count: int, interval: float, burst: float) -> float:
        """Reserve ``count`` requests ``interval`` seconds apart; returns the seconds from
        now until the first may go (negative: at once, and the next ones too while they
        are in the past). ``burst``: how far behind now an idle schedule restarts, so a
        quiet bot may send ``burst / interval`` requests at once.

        Never raises for an unreachable database: the process keeps to a schedule of its
        own meanwhile (Discord's requests must not wait for the database to come back)."""
        if not self.shared:
            return await self._local.reserve(count, interval, burst)
        try:
            async with self._db.transaction("reserving the bot token's requests") as tx:
                row = await tx.fetchone(_RESERVE, {"burst": burst, "span": count * interval})
        except StorageError as exc:
            log.warning("the shared bot-token budget is out of reach (%s): this process "
                        "keeps to its own for now", exc)
            return await self._local.reserve(count, interval, burst)
        if row is None:
            log.warning("bot_token_budget has no row (was it emptied?): this process keeps "
                        "to its own budget")
            return await self._local.reserve(count, interval, burst)
        return float(row[0])
