"""Claims on a shared database: every process polls storage for due turn deadlines,
owed progress and showings, and idle lobbies, and carries on each game it claimed
alone (``FOR UPDATE SKIP LOCKED``), so that the work of a process that died is done
(the deadlines themselves are written by ``bot.core.shared_timers``). The same loop
renews the marks of the steps this process is still delivering
(``bot.core.showing_leases``)."""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Final

from bot.core.context import CoreContext
from bot.core.database_clock import DatabaseClock
from bot.core.session import GameSession
from bot.core.shared_timers import CLAIM_LEASE, moment, owed_showing_due
from bot.core.showing import show_end_again
from bot.core.tasks import KeyedTasks, start_logged, stop_task
from bot.storage import DueDeadline, StorageError, fail_point

log = logging.getLogger(__name__)

POLL_SECONDS: Final = 1.0
MIN_POLL_SECONDS: Final = 0.05
CLAIM_BATCH: Final = 100
CLOCK_SYNC_SECONDS: Final = 60.0
"""How often a process measures its host clock against the database's."""

FindGame = Callable[[int], Awaitable[GameSession | None]]
CarryOn = Callable[[GameSession, list[DueDeadline]], Awaitable[None]]
CloseIdle = Callable[[GameSession, datetime], Awaitable[None]]


class DueClaims:
    """Polls storage for due deadlines, owed progress and idle lobbies, and hands each
    claimed game to ``carry_on`` or ``close_idle`` (one task per game at a time)."""

    def __init__(self, ctx: CoreContext, find: FindGame, carry_on: CarryOn,
                 close_idle: CloseIdle, poll_seconds: float = POLL_SECONDS) -> None:
        self._ctx = ctx
        self._find = find
        self._carry_on = carry_on
        self._close_idle = close_idle
        # Tests shrink turns with the time scale; stored deadlines keep whole seconds.
        self._poll = max(MIN_POLL_SECONDS, poll_seconds * min(1.0, ctx.time_scale))
        self._games = KeyedTasks("due")
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = start_logged(self._run(), "due-claims")

    async def close(self) -> None:
        await stop_task(self._task)
        self._task = None
        await self._games.close()

    async def _run(self) -> None:
        synced = -math.inf
        while True:
            clock = self._ctx.clock
            if isinstance(clock, DatabaseClock) and time.monotonic() - synced > CLOCK_SYNC_SECONDS:
                await clock.sync(self._ctx.storage)
                synced = time.monotonic()
            # Before claiming: this process's own steps under delivery are not owed.
            await self._ctx.showings.renew(self._ctx.storage, self._ctx.clock(),
                                           owed_showing_due(self._ctx))
            try:
                claimed = await self._ctx.storage.games.claim_due_deadlines(
                    moment(self._ctx.clock()), CLAIM_BATCH, lease=CLAIM_LEASE)
            except StorageError as exc:
                log.warning("due deadlines not claimed: %s", exc)
                claimed = []
            if claimed:
                fail_point.after_commit("claim")
            by_game: dict[int, list[DueDeadline]] = {}
            for due in claimed:
                by_game.setdefault(due.game_id, []).append(due)
            for game_id, dues in by_game.items():
                if game_id not in self._games:
                    self._games.start(game_id, self._one(game_id, dues))
            idle = await self._claim_idle()
            for game_id, claimed_until in idle:
                if game_id not in self._games:
                    self._games.start(game_id, self._one(game_id, claimed_until))
            if len(claimed) < CLAIM_BATCH and len(idle) < CLAIM_BATCH:
                await asyncio.sleep(self._poll)

    async def _claim_idle(self) -> list[tuple[int, datetime]]:
        try:
            return await self._ctx.storage.games.claim_idle_lobbies(
                moment(self._ctx.clock()), CLAIM_BATCH, lease=CLAIM_LEASE)
        except StorageError as exc:
            log.warning("idle lobbies not claimed: %s", exc)
            return []

    async def _one(self, game_id: int, claim: list[DueDeadline] | datetime) -> None:
        try:
            session = await self._find(game_id)
            if session is None:
                # Not running (any more): a finished game may still owe its end.
                if isinstance(claim, list) and any(due.showing for due in claim):
                    await show_end_again(self._ctx, game_id)
                return
            if isinstance(claim, datetime):
                await self._close_idle(session, claim)
            else:
                await self._carry_on(session, claim)
        except StorageError as exc:
            # Say the game stays locked by a process cut off from the database: the
            # claim's lease runs out and it is claimed again (no failure of this one).
            log.warning("game %s: claimed work not done yet (%s)", game_id, exc)
        finally:
            self._games.discard(game_id)

