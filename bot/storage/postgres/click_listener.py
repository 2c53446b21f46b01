"""DM move clicks handed between the processes of one PostgreSQL database.

Discord delivers every DM click to shard 0, so without this shard 0's process would
make every person's move. Shard 0's process acknowledges a DM move click, then
:meth:`ClickRoutes.route` stores it for the process that runs the game's server (found
in SQL: the game's guild → its shard → the session holding that shard's claim lock →
that session's member lock) and notifies it. Every process listens on a connection of
its own and also looks every half second (a notification can be missed while the
connection is renewed). :meth:`ClickRoutes.claim` leases the rows it takes
(``claimed_by``/``claimed_at``, the database's clock) and :meth:`ClickRoutes.done`
deletes each once its click is made. A row nobody took within a second is taken back by
the process that routed it, one older than a few seconds by anyone, and one whose lease
ran out (its claimer died) by anyone: a dead process delays a click, never loses it; a
click made before its claimer died is refused the second time by the action log. See
docs/scaling.md, "Route by game".
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Final, TypeAlias

import asyncpg

from bot.storage import fail_point
from bot.storage.errors import StorageUnavailable
from bot.storage.postgres.errors import DRIVER_ERRORS, redact
from bot.storage.postgres.shard_claims import KEEPALIVES, MEMBER_LOCKS, SHARD_LOCKS

CHANNEL: Final = "kachuful_routed_clicks"
"""The notification channel; the payload is the owner's member slot."""
COMMAND_TIMEOUT: Final = 3.0
CONNECT_TIMEOUT: Final = 10.0
CLAIM_BATCH: Final = 100

_ROUTE: Final = f"""
WITH owner AS (
    SELECT m.objid::INTEGER AS member
    FROM games AS g
    JOIN pg_locks AS s
      ON s.locktype = 'advisory' AND s.granted AND s.objsubid = 2
     AND s.classid::BIGINT = {SHARD_LOCKS}
     AND s.objid::BIGINT = (g.guild_id >> 22) % $2
     AND s.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    JOIN pg_locks AS m
      ON m.pid = s.pid AND m.locktype = 'advisory' AND m.granted AND m.objsubid = 2
     AND m.classid::BIGINT = {MEMBER_LOCKS} AND m.database = s.database
    WHERE g.id = $1
    LIMIT 1
), routed AS (
    INSERT INTO routed_clicks (game_id, owner, routed_by, routed_at, payload)
    SELECT $1, owner.member, $3,
           EXTRACT(EPOCH FROM clock_timestamp())::DOUBLE PRECISION, $4
    FROM owner
    WHERE owner.member <> $3
    RETURNING owner
)
SELECT pg_notify('{CHANNEL}', routed.owner::TEXT) FROM routed
"""
"""Store the click for the game's owner, unless no process runs the game's shard or
this one does (then nothing is stored and the caller makes the move itself)."""

_CLAIM: Final = f"""
WITH now AS (SELECT EXTRACT(EPOCH FROM clock_timestamp())::DOUBLE PRECISION AS t),
taken AS (
    SELECT r.id, r.claimed_at IS NOT NULL AS again
    FROM routed_clicks AS r, now
    WHERE (r.claimed_at IS NULL
           AND (r.owner = $1
                OR (r.routed_by = $1 AND r.routed_at < now.t - $2)
                OR r.routed_at < now.t - $3))
       OR r.claimed_at < now.t - $4
    ORDER BY r.id
    LIMIT {CLAIM_BATCH}
    FOR UPDATE OF r SKIP LOCKED
)
UPDATE routed_clicks AS c SET claimed_at = now.t, claimed_by = $1
FROM taken, now
WHERE c.id = taken.id
RETURNING c.id, c.game_id, c.owner, c.payload, taken.again
"""
"""Lease the clicks routed to ``$1``, those it routed that nobody took within ``$2``
seconds, any unclaimed for ``$3`` (its router died too), and any whose lease is ``$4``
seconds old (its claimer died before it was made)."""

_DONE: Final = "DELETE FROM routed_clicks WHERE id = $1"

Pool: TypeAlias = "asyncpg.Pool[asyncpg.Record]"
Connection: TypeAlias = "asyncpg.Connection[asyncpg.Record]"

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RoutedClick:
    id: int
    game_id: int
    owner: int
    payload: str
    """The interaction as JSON (``bot.adapter.inbound.click_payload``)."""
    again: bool = False
    """Claimed before, by a claimer that did not finish it in its lease."""


class ClickRoutes:
    """This process's end of the routed clicks: a small pool for routing and claiming,
    and a connection of its own that listens for clicks routed to ``member()``."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._pool: Pool | None = None
        self._listener: Connection | None = None
        self._member: int | None = None
        self.arrived = asyncio.Event()
        """Set when a click was routed to this process (cleared by the claimer)."""

    async def open(self) -> None:
        try:
            self._pool = await asyncpg.create_pool(
                self._url, min_size=1, max_size=2, timeout=CONNECT_TIMEOUT,
                command_timeout=COMMAND_TIMEOUT,
                server_settings={"application_name": "kachuful-bot clicks", **KEEPALIVES})
        except (*DRIVER_ERRORS, TimeoutError) as exc:
            raise StorageUnavailable(
                f"can't route clicks through PostgreSQL at {redact(self._url)}: {exc}") from exc
        await self.listen()

    async def listen(self) -> None:
        """(Re)open the listening connection; a failure is logged and retried by the
        next :meth:`claim` (meanwhile the half-second look still finds every click)."""
        if self._listener is not None and not self._listener.is_closed():
            return
        try:
            conn = await asyncpg.connect(
                self._url, timeout=CONNECT_TIMEOUT, command_timeout=COMMAND_TIMEOUT,
                server_settings={"application_name": "kachuful-bot click listener",
                                 **KEEPALIVES})
            await conn.add_listener(CHANNEL, self._notified)
        except (*DRIVER_ERRORS, TimeoutError, OSError) as exc:
            log.warning("not listening for routed clicks yet (%s)", exc)
            return
        self._listener = conn

    def _notified(self, _conn: object, _pid: int, _channel: str, payload: object) -> None:
        if self._member is not None and payload == str(self._member):
            self.arrived.set()

    async def route(self, game_id: int, payload: str, member: int, shard_count: int) -> bool:
        """Hand a click of ``game_id`` to the process running its server's shard;
        whether it was handed (not: this process runs it, nobody does, or the database
        is out of reach — never raises: the caller then makes the move itself)."""
        if self._pool is None:
            return False
        try:
            routed = await self._pool.fetchrow(_ROUTE, game_id, shard_count, member, payload)
        except (*DRIVER_ERRORS, TimeoutError) as exc:
            log.warning("a click of game %s not routed, made here (%s)", game_id, exc)
            return False
        return routed is not None

    async def claim(self, member: int, take_back_after: float, give_up_after: float,
                    lease: float) -> list[RoutedClick]:
        """Lease (to ``member``) the clicks routed to it, those it routed that nobody
        took within ``take_back_after`` seconds, any older than ``give_up_after``, and
        any whose lease is ``lease`` seconds old; each must be :meth:`done` once made.
        Never raises: with the database out of reach, none (the next look tries again)."""
        self._member = member
        await self.listen()
        if self._pool is None:
            return []
        try:
            rows = await self._pool.fetch(_CLAIM, member, take_back_after, give_up_after,
                                          lease)
        except (*DRIVER_ERRORS, TimeoutError) as exc:
            log.warning("routed clicks not looked for (%s)", exc)
            return []
        if rows:
            fail_point.after_commit("route-claim")
        return [RoutedClick(int(r["id"]), int(r["game_id"]), int(r["owner"]),
                            str(r["payload"]), bool(r["again"])) for r in rows]

    async def done(self, click_id: int) -> None:
        """The click was made (or refused, answered either way): its row goes. Never
        raises: a row left behind is claimed again when its lease runs out, and the
        action log refuses the move a second time."""
        if self._pool is None:
            return
        try:
            await self._pool.execute(_DONE, click_id)
        except (*DRIVER_ERRORS, TimeoutError) as exc:
            log.warning("routed click %s made but not cleared (%s)", click_id, exc)

    async def close(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            try:
                await listener.close(timeout=COMMAND_TIMEOUT)
            except (*DRIVER_ERRORS, TimeoutError, OSError):
                listener.terminate()
        pool, self._pool = self._pool, None
        if pool is not None:
            try:
                await asyncio.wait_for(pool.close(), COMMAND_TIMEOUT)
            except TimeoutError:
                pool.terminate()
