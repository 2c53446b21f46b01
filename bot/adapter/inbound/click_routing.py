"""DM move clicks made by the process that runs the game's server, not by shard 0's.

Discord delivers every DM click to shard 0. With shards claimed through PostgreSQL,
shard 0's process acknowledges a DM move click at once (a deferred update: cheap,
and the click is answered within Discord's 3 s whatever follows), then hands it to
the game's owner through the database (``bot.storage.postgres.click_listener``). The
owner rebuilds the click (``click_payload``) and runs the usual click path, which
shows everything through the click's token. A click the owner does not take within a
second is taken back and made here; so a dead owner costs a second, never a click.
Taking a click leases it; its row goes only once the click is made and answered, so a
claimer that dies first leaves it to be claimed again when the lease runs out (a move
it made already is then refused by the action log, and that refusal answers it).
Games of this process's own shards are not routed (no round trip when the game's copy
here says so). SQLite, or shards pinned with ``SHARD_IDS``: no routing at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Final

import discord

from bot.adapter.inbound.click_payload import interaction_from, payload_of
from bot.core.tasks import start_logged, stop_task
from bot.storage.postgres.click_listener import ClickRoutes, RoutedClick

LOOK_SECONDS: Final = 0.5
"""How often a process looks for clicks routed to it without a notification."""
TAKE_BACK_SECONDS: Final = 1.0
"""A routed click nobody took within this is made by the process that routed it."""
GIVE_UP_SECONDS: Final = 5.0
"""A routed click older than this is made by any process (its router died too)."""
LEASE_SECONDS: Final = 10.0
"""A claimed click not made within this is claimed again (its claimer died). Longer
than a move's click takes to make, or a slow claimer's move is refused to a second
one (never made twice: the action log fences it); short, as a dead claimer's clicks
wait this long."""

log = logging.getLogger(__name__)


class ClickRouting:
    def __init__(
        self, routes: ClickRoutes, client: discord.Client, shard_count: int,
        member: Callable[[], int | None], runs_shard: Callable[[int], bool],
        handle: Callable[[discord.Interaction], Awaitable[None]],
        *, take_back_after: float = TAKE_BACK_SECONDS, lease: float = LEASE_SECONDS,
    ) -> None:
        """``member``: this process's member slot among the shard claims (``None``
        while it has none); ``handle``: the client's handling of an interaction."""
        self._routes = routes
        self._client = client
        self._shard_count = shard_count
        self._member = member
        self._runs_shard = runs_shard
        self._handle = handle
        self._take_back_after = take_back_after
        self._lease = lease
        self._loop: asyncio.Task[None] | None = None
        self._making: set[asyncio.Task[None]] = set()
        self.handed_over = 0
        """Clicks this process routed to another."""
        self.made_as_owner = 0
        """Clicks another process routed here, made here."""
        self.taken_back = 0
        """Routed clicks nobody took in time, made here."""
        self.made_again = 0
        """Routed clicks whose claimer died before making them, made here."""

    def runs_guild(self, guild_id: int) -> bool:
        return self._runs_shard((guild_id >> 22) % self._shard_count)

    async def hand_over(self, interaction: discord.Interaction, game_id: int) -> bool:
        """Route an acknowledged DM click to the process running its game's server;
        whether it went (not: this process runs it, nobody does, or the database
        is out of reach — then this process makes the move)."""
        member = self._member()
        if member is None:
            return False
        routed = await self._routes.route(game_id, payload_of(interaction), member,
                                          self._shard_count)
        self.handed_over += routed
        return routed

    def start(self) -> None:
        # Should it ever die, the log says so; its clicks are then taken back within a
        # second by the processes that routed them.
        self._loop = start_logged(self._take_clicks(), "routed-clicks")

    async def _take_clicks(self) -> None:
        arrived = self._routes.arrived
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(arrived.wait(), LOOK_SECONDS)
            arrived.clear()
            member = self._member()
            if member is None:
                continue
            clicks = await self._routes.claim(member, self._take_back_after, GIVE_UP_SECONDS,
                                              self._lease)
            for click in clicks:
                task = start_logged(self._make(click, member), f"routed-{click.id}")
                self._making.add(task)
                task.add_done_callback(self._making.discard)

    async def _make(self, click: RoutedClick, member: int) -> None:
        try:
            interaction = interaction_from(self._client, click.payload)
        except (ValueError, KeyError, TypeError):
            log.exception("routed click %s of game %s is unreadable", click.id, click.game_id)
        else:
            if click.again:
                self.made_again += 1
            elif click.owner == member:
                self.made_as_owner += 1
            else:
                self.taken_back += 1
            try:
                await self._handle(interaction)  # answers its own failures
            except Exception:
                # Even its answer failed (say, the click's token ran out after 15 min):
                # a retry would fail the same way, every lease, for ever.
                log.exception("routed click %s of game %s failed", click.id, click.game_id)
        # Only now: a claimer that dies before this leaves the click to be claimed again.
        await self._routes.done(click.id)

    async def close(self, grace: float) -> None:
        """Stop taking clicks, let the ones being made finish, close the connections."""
        await stop_task(self._loop)
        self._loop = None
        if self._making:
            await asyncio.wait(set(self._making), timeout=grace)
        await self._routes.close()
        log.info("routed clicks: %s handed over, %s made as the owner, %s taken back, "
                 "%s made again after their claimer died", self.handed_over,
                 self.made_as_owner, self.taken_back, self.made_again)
