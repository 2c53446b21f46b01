"""Gateway shards shared among identical bot processes through PostgreSQL.

Each process holds, on a connection of its own, one advisory lock per shard it runs
and one "member" lock saying it is alive. Locks held by a session end with it: a
process that dies (even by SIGKILL) frees its shards as soon as the server sees its
connection close, and the others claim them. ``pg_locks`` shows every session's
advisory locks, so a process can count the members and see which shards are free.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable
from typing import Final, TypeAlias

import asyncpg

from bot.storage.errors import StorageUnavailable
from bot.storage.postgres.errors import DRIVER_ERRORS, redact

SHARD_LOCKS: Final = 0x4B46_5348
"""The first key of this bot's shard locks ("KFSH"); the second is the shard number."""
MEMBER_LOCKS: Final = 0x4B46_4D42
"""The first key of the processes' member locks ("KFMB")."""
MAX_MEMBERS: Final = 1024
COMMAND_TIMEOUT: Final = 3.0
"""How long a statement on the claims connection may take: a link that stopped
answering (half-open) is found within a check and this, and the shards stopped."""
CONNECT_TIMEOUT: Final = 10.0
KEEPALIVES: Final = {
    # The server drops a session whose client stopped answering after about 20 s (10 s
    # idle, then two probes 5 s apart; unacknowledged data likewise): long after this
    # process, which checks every 2 s with a 3 s timeout, stopped running its shards.
    "tcp_keepalives_idle": "10",
    "tcp_keepalives_interval": "5",
    "tcp_keepalives_count": "2",
    "tcp_user_timeout": "20000",
}

_HELD: Final = """
SELECT objid FROM pg_locks
WHERE locktype = 'advisory' AND granted AND classid = $1 AND objsubid = 2
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""

Connection: TypeAlias = "asyncpg.Connection[asyncpg.Record]"

log = logging.getLogger(__name__)


def fair_share(shard_count: int, members: int) -> int:
    """Shards one process should run so that ``members`` processes cover them all."""
    return math.ceil(shard_count / max(1, members))


class ShardClaims:
    """This process's claims on the shards of a bot with ``shard_count`` shards."""

    def __init__(self, url: str, shard_count: int) -> None:
        self._url = url
        self.shard_count = shard_count
        self._conn: Connection | None = None
        self.member: int | None = None
        self.mine: list[int] = []

    async def open(self) -> None:
        """Connect and join as a member (a slot of its own among ``MAX_MEMBERS``)."""
        try:
            self._conn = await asyncpg.connect(
                self._url, timeout=CONNECT_TIMEOUT, command_timeout=COMMAND_TIMEOUT,
                server_settings={"application_name": "kachuful-bot shards", **KEEPALIVES})
            for slot in range(MAX_MEMBERS):
                if await self._try(MEMBER_LOCKS, slot):
                    self.member = slot
                    return
        except (*DRIVER_ERRORS, TimeoutError, StorageUnavailable) as exc:
            self.drop()
            raise StorageUnavailable(
                f"can't claim shards through PostgreSQL at {redact(self._url)}: {exc}") from exc
        raise StorageUnavailable(f"more than {MAX_MEMBERS} bot processes share the shards")

    async def rejoin(self, retry_seconds: float, stopped: Callable[[], bool]) -> bool:
        """Connect and join again after the claims were lost (a database restart, a cut
        link), retrying until it works or ``stopped()``; whether it did."""
        while not stopped():
            try:
                await self.open()
                return True
            except StorageUnavailable as exc:
                log.warning("shard claims not reconnected yet: %s", exc)
                await asyncio.sleep(retry_seconds)
        return False

    @property
    def alive(self) -> bool:
        """Whether the claims still hold (the connection that holds them is open)."""
        return self._conn is not None and not self._conn.is_closed()

    async def members(self) -> int:
        return len(await self._held(MEMBER_LOCKS))

    async def free_shards(self) -> list[int]:
        taken = await self._held(SHARD_LOCKS)
        return [shard for shard in range(self.shard_count) if shard not in taken]

    async def claim_share(self) -> list[int]:
        """Claim free shards up to this process's fair share; the newly claimed ones."""
        target = fair_share(self.shard_count, await self.members())
        claimed: list[int] = []
        for shard in await self.free_shards():
            if len(self.mine) >= target:
                break
            if await self._try(SHARD_LOCKS, shard):  # another process may be quicker
                self.mine.append(shard)
                claimed.append(shard)
        return claimed

    async def extra_shards(self) -> list[int]:
        """Shards beyond this process's fair share (more processes joined since it
        claimed): the ones to hand over, highest first."""
        target = fair_share(self.shard_count, await self.members())
        return sorted(self.mine, reverse=True)[: max(0, len(self.mine) - target)]

    async def release(self, shard: int) -> None:
        """Give a shard up (after this process stopped running it)."""
        conn = self._open()
        try:
            await conn.fetchval("SELECT pg_advisory_unlock($1, $2)", SHARD_LOCKS, shard)
        except (*DRIVER_ERRORS, TimeoutError) as exc:
            raise self._lost(exc) from exc
        self.mine.remove(shard)

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            try:
                await conn.close(timeout=COMMAND_TIMEOUT)
            except (*DRIVER_ERRORS, TimeoutError, OSError):
                conn.terminate()

    def drop(self) -> None:
        """Cut the claims connection without a goodbye (it stopped answering): the
        server frees its locks when it notices. The caller stopped its shards first."""
        if self._conn is not None:
            conn, self._conn = self._conn, None
            conn.terminate()
        self.mine = []
        self.member = None

    async def _try(self, key: int, number: int) -> bool:
        conn = self._open()
        try:
            return bool(await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", key, number))
        except (*DRIVER_ERRORS, TimeoutError) as exc:
            raise self._lost(exc) from exc

    async def _held(self, key: int) -> set[int]:
        conn = self._open()
        try:
            return {int(row[0]) for row in await conn.fetch(_HELD, key)}
        except (*DRIVER_ERRORS, TimeoutError) as exc:
            raise self._lost(exc) from exc

    def _open(self) -> Connection:
        if self._conn is None or self._conn.is_closed():
            raise StorageUnavailable("the connection holding this process's shards closed")
        return self._conn

    def _lost(self, exc: BaseException) -> StorageUnavailable:
        return StorageUnavailable(
            f"the shard claims at {redact(self._url)} stopped answering "
            f"({type(exc).__name__}: {exc})")
