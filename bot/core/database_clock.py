"""The database's clock, for deadlines and leases that several hosts compare.

Each process keeps its host clock's offset from the database server's, measured
now and then (a statement's round trip halved), so a host whose clock drifted still
stores and claims deadlines on the one clock every process shares."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from bot.storage import Storage, StorageError

log = logging.getLogger(__name__)


class DatabaseClock:
    """Called like ``time.time``; ``sync`` moves it onto the database's clock."""

    def __init__(self, local: Callable[[], float] = time.time) -> None:
        self._local = local
        self.offset = 0.0
        """Seconds to add to the host's clock to read the database's."""

    def __call__(self) -> float:
        return self._local() + self.offset

    async def sync(self, storage: Storage) -> None:
        before = self._local()
        try:
            database = await storage.database_time()
        except StorageError as exc:  # the last offset stays: clocks drift slowly
            log.warning("the database's clock not read: %s", exc)
            return
        after = self._local()
        self.offset = database - (before + after) / 2
        if abs(self.offset) > 1.0:
            log.info("this host's clock is %.1f s off the database's", -self.offset)
