"""The driver's gateway controls: sessions and shards, waiting for them, dropping them.

Discord shards by guild (see :mod:`.sharding`): a test that runs a sharded bot creates guilds on
chosen shards (``create_guild(name, shard=k, shard_count=n)``), waits for the shards it expects
(:meth:`GatewayControls.wait_shards_connected`) and can read where each session stands
(:meth:`GatewayControls.sessions`) or drop one shard's connections (failover, RESUME).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from .errors import DriverError
from .gateway_sessions import SessionInfo
from .models import Guild
from .server import FakeServer
from .sharding import shard_for_guild

T = TypeVar("T")


class GatewayControls:
    """Mixed into :class:`~tests.fake_discord.driver.FakeDiscord`."""

    _server: FakeServer

    if TYPE_CHECKING:

        async def wait_for(
            self,
            predicate: Callable[[], T | None],
            timeout: float = 5.0,
            *,
            what: str = "condition",
            poll: float | None = None,
            keys: Sequence[int] | None = None,
        ) -> T: ...

    # -- shards ----------------------------------------------------------------------------

    @property
    def recommended_shards(self) -> int:
        """The ``shards`` GET /gateway/bot answers (what an ``AutoShardedClient`` without
        ``shard_count`` launches); settable, also with ``FakeDiscord(shards=n)``."""
        return self._server.gateway.recommended_shards

    @recommended_shards.setter
    def recommended_shards(self, shards: int) -> None:
        if shards < 1:
            raise DriverError(f"a bot needs at least one shard, not {shards}")
        self._server.gateway.recommended_shards = shards

    def sessions(self) -> list[SessionInfo]:
        """Every gateway session that is connected or still resumable, in IDENTIFY order:
        ``session_id, shard_id, shard_count, connected, sharded, resumes``."""
        return self._server.gateway.session_infos()

    def shard_of(self, guild: Guild, shard_count: int | None = None) -> int:
        """The shard that gets ``guild``'s events: ``(guild.id >> 22) % shard_count``. The
        count defaults to the connected sessions' (or :attr:`recommended_shards` when none is
        connected); DriverError if they disagree (a bot resharding: pass it)."""
        if shard_count is None:
            counts = {s.shard_count for s in self.sessions() if s.connected}
            if len(counts) > 1:
                raise DriverError(f"connected sessions use shard counts {sorted(counts)}")
            shard_count = counts.pop() if counts else self.recommended_shards
        return shard_for_guild(guild.id, shard_count)

    async def wait_shards_connected(
        self, shard_count: int, shard_ids: Iterable[int] | None = None, timeout: float = 10.0
    ) -> list[SessionInfo]:
        """Until each of ``shard_ids`` (all ``shard_count`` by default) has a connected session
        identified as ``[shard_id, shard_count]``; returns one session per shard, in order."""
        wanted = sorted(set(range(shard_count) if shard_ids is None else shard_ids))

        def found() -> list[SessionInfo] | None:
            by_shard = {
                s.shard_id: s
                for s in self.sessions()
                if s.connected and s.shard_count == shard_count
            }
            if all(shard_id in by_shard for shard_id in wanted):
                return [by_shard[shard_id] for shard_id in wanted]
            return None

        return await self.wait_for(
            found, timeout, what=f"shards {wanted} of {shard_count} connected"
        )

    async def disconnect_shard(self, shard_id: int, code: int = 4000) -> int:
        """Close the connection of every session on ``shard_id`` with ``code`` (4000: the
        client resumes; 4010-4014 or 1000: it does not); returns how many were closed. From
        the moment this returns until the client resumes, the shard's interactions are
        undelivered and its events buffered for the RESUME."""
        dropped = await self._server.gateway.drop_shard(shard_id, code)
        if not dropped:
            raise DriverError(f"no session is connected on shard {shard_id}")
        return dropped

    # -- the whole gateway -----------------------------------------------------------------

    async def wait_bot_connected(self, timeout: float = 10.0) -> None:
        """Until a gateway session has identified (READY and GUILD_CREATEs are queued)."""
        await self.wait_for(
            lambda: self._server.gateway.connected, timeout, what="the bot's gateway session"
        )

    @property
    def bot_connected(self) -> bool:
        return self._server.gateway.connected

    def request_reconnect(self) -> None:
        """Send gateway op 7 RECONNECT on every connection: discord.py reconnects and RESUMEs."""
        self._server.gateway.request_reconnect()

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close every gateway connection with ``code`` (4000 = resumable)."""
        await self._server.gateway.drop_connections(code)

    @property
    def gateway_stats(self) -> dict[str, int]:
        hub = self._server.gateway
        return {
            "identifies": hub.identify_count,
            "resumes": hub.resume_count,
            "heartbeats": hub.heartbeat_count,
            "connections": len(hub.connections),
        }

    @property
    def gateway_close_codes(self) -> list[int]:
        return list(self._server.gateway.close_codes)
