"""A bot process that runs some of the bot's gateway shards.

``SHARD_IDS`` pins the shards. ``SHARD_COUNT`` alone shares them among identical
processes through PostgreSQL (:class:`~bot.storage.postgres.shard_claims.ShardClaims`):
each claims its fair share at start, and every few seconds claims shards whose
process died. Whichever process gets a click can handle it: games live in the
database (see :mod:`bot.core.sharing`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Final

import discord
from discord.gateway import DiscordWebSocket

from bot.adapter.client import SHUTDOWN_GRACE_SECONDS, KachufulBot
from bot.adapter.inbound.click_routing import ClickRouting
from bot.core.tasks import stop_task
from bot.settings import Settings
from bot.storage import StorageError
from bot.storage.postgres.click_listener import ClickRoutes
from bot.storage.postgres.shard_claims import ShardClaims

log = logging.getLogger(__name__)

SETTLE_SECONDS: Final = 2.0
"""How long a starting process waits before claiming, so that replicas started
together count each other and split the shards evenly."""
CHECK_SECONDS: Final = 2.0
"""How often a process looks for shards left by a dead one (taken over well within
the 10 s a deadline may wait)."""


class ShardedKachufulBot(KachufulBot, discord.AutoShardedClient):
    def __init__(self, settings: Settings, *, settle_seconds: float = SETTLE_SECONDS,
                 check_seconds: float = CHECK_SECONDS, **options: Any) -> None:
        assert settings.shard_count is not None
        pinned = list(settings.shard_ids) if settings.shard_ids is not None else None
        super().__init__(settings, shard_count=settings.shard_count, shard_ids=pinned,
                         **options)
        self._claims: ShardClaims | None = None
        if pinned is None:
            assert settings.database_url is not None
            self._claims = ShardClaims(settings.database_url.get_secret_value(),
                                       settings.shard_count)
        self._settle = settle_seconds
        self._check = check_seconds
        self._watch: asyncio.Task[None] | None = None

    async def launch_shards(self) -> None:
        """Launch the pinned or claimed shards (possibly none: more processes than
        shards), then keep claiming shards that lose their process."""
        if self.is_closed():
            return
        self._connection.shard_count = self.shard_count
        if self._claims is None:
            ids = list(self.shard_ids or [])
        else:
            await self._claims.open()
            await self._route_clicks()
            await asyncio.sleep(self._settle)
            ids = sorted(await self._claims.claim_share())
        log.info("running shards %s of %s", ids, self.shard_count)
        await self._launch(ids)
        if self._claims is not None:
            # Only once the shards are up (Discord spaces IDENTIFYs seconds apart): a
            # hand-over decided meanwhile would race the launch of the same shard.
            self._watch = asyncio.create_task(self._watch_claims(), name="shard-claims")

    async def _route_clicks(self) -> None:
        """DM move clicks go to the process running the game's server (see
        ``click_routing``): this process routes and takes them from now on."""
        assert self.settings.database_url is not None and self.shard_count is not None
        routes = ClickRoutes(self.settings.database_url.get_secret_value())
        await routes.open()
        self._routing = ClickRouting(routes, self, self.shard_count, self._claimed_member,
                                     lambda shard: shard in (self.shard_ids or ()),
                                     self.on_interaction)
        self._routing.start()

    def _claimed_member(self) -> int | None:
        claims = self._claims
        return claims.member if claims is not None and claims.alive else None

    async def _launch(self, ids: list[int]) -> None:
        self.shard_ids = sorted({*(self.shard_ids or []), *ids})
        self._connection.shard_ids = self.shard_ids
        for index, shard_id in enumerate(ids):
            if self.is_closed():
                return
            await self.launch_shard(DiscordWebSocket.DEFAULT_GATEWAY, shard_id,
                                    initial=index == 0 and len(self.shard_ids) == len(ids))

    async def _watch_claims(self) -> None:
        claims = self._claims
        assert claims is not None
        while not self.is_closed():
            await asyncio.sleep(self._check)
            try:
                if not claims.alive:
                    raise StorageError("the connection holding this process's shards closed")
                for shard_id in await claims.extra_shards():
                    # A process joined: stop running the shard, then free it for them.
                    log.info("handing over shard %s", shard_id)
                    await self._stop_shard(shard_id)
                    await claims.release(shard_id)
                taken = await claims.claim_share()
            except Exception as exc:
                # Other processes may already run these shards: running them too
                # would answer every click twice. Stop them at once, then join again.
                log.error("shard claims lost (%s): stopping shards %s", exc, claims.mine)
                await self._lose_claims()
                continue
            if taken:
                log.info("taking over shards %s", taken)
                await self._launch(sorted(taken))

    async def _lose_claims(self) -> None:
        """Stop every shard this process runs, drop the claims, and reconnect (a
        database restart, a cut link): the next round claims a fair share again."""
        claims = self._claims
        assert claims is not None
        for shard_id in list(claims.mine):
            await self._stop_shard(shard_id)
        claims.drop()
        if await claims.rejoin(self._check, self.is_closed):
            log.info("shard claims reconnected")

    async def _stop_shard(self, shard_id: int) -> None:
        # discord.py has no public call to drop one shard of a running client: its
        # shard table is the AutoShardedClient's own (name-mangled) attribute.
        shards: dict[int, Any] = self._AutoShardedClient__shards  # type: ignore[attr-defined]
        shard = shards.pop(shard_id, None)
        self.shard_ids = [s for s in (self.shard_ids or []) if s != shard_id]
        self._connection.shard_ids = self.shard_ids
        if shard is not None:
            await shard.close()

    async def close(self) -> None:
        if self._watch is not asyncio.current_task():
            await stop_task(self._watch)
        self._watch = None
        if self._routing is not None:
            await self._routing.close(SHUTDOWN_GRACE_SECONDS)
        await super().close()
        if self._claims is not None:
            await self._claims.close()


def make_bot(settings: Settings, **options: Any) -> KachufulBot:
    """One process running everything, or a sharded one (``SHARD_COUNT``)."""
    if settings.sharded:
        return ShardedKachufulBot(settings, **options)
    return KachufulBot(settings, **options)
