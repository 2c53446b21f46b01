"""Turn timers on a shared database: deadlines live in storage, any process fires them.

After every step the deadlines of the seats the game waits for are written (a seat
keeps the one it has while its turn lasts). Every process polls for due deadlines and
claims each one alone (``FOR UPDATE SKIP LOCKED``), so a turn of a process that died
still times out. A person's move also marks the game as owing progress a few seconds
on — computer moves, its end — which the step clears when it is done; if the process
dies first, another one claims that mark and carries the game on.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Final

from bot.core.context import CoreContext
from bot.core.database_clock import DatabaseClock
from bot.core.session import GameSession
from bot.core.tasks import KeyedTasks, start_logged, stop_task
from bot.core.turn_reminders import half_time, turn_reminders
from bot.storage import DueDeadline, StorageError, fail_point

log = logging.getLogger(__name__)

OWED_PROGRESS_SECONDS: Final = 5.0
"""How long after a person's move another process may take over the step's follow-up
(computer moves, the end) — long after a live process has done it."""
OWED_SHOWING_SECONDS: Final = 10.0
"""How long after a step another process may show it again, its delivery not having
reported it shown (a live process's delivery has long since, bar rate limits)."""
CLAIM_LEASE: Final = timedelta(seconds=5)
"""A claimed deadline whose claimer died falls due again this much later."""
POLL_SECONDS: Final = 1.0
MIN_POLL_SECONDS: Final = 0.05
CLAIM_BATCH: Final = 100
CLOCK_SYNC_SECONDS: Final = 60.0
"""How often a process measures its host clock against the database's."""

FindGame = Callable[[int], Awaitable[GameSession | None]]
CarryOn = Callable[[GameSession, list[DueDeadline]], Awaitable[None]]
CloseIdle = Callable[[GameSession, datetime], Awaitable[None]]


def moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def owed_progress_due(ctx: CoreContext) -> datetime:
    return moment(ctx.clock() + OWED_PROGRESS_SECONDS)


def owed_showing_due(ctx: CoreContext) -> datetime:
    return moment(ctx.clock() + OWED_SHOWING_SECONDS)


class SharedTurnTimers:
    """The :class:`~bot.core.timers.TurnTimers` of a shared database."""

    def __init__(self, ctx: CoreContext) -> None:
        self._ctx = ctx
        self._reminders = KeyedTasks("reminder")

    async def arm(self, session: GameSession, deadline: float | None = None) -> None:
        """Store the deadlines of the seats the game waits for now (the caller holds
        the game); the half-time reminder is this process's."""
        self.cancel(session)
        game = session.game
        over = game is None or game.is_over or session.finish_pending
        waiting = set() if over or session.status != "active" else set(session.awaiting_humans())
        fresh = math.ceil(self._ctx.clock() + session.turn_timeout * self._ctx.time_scale)
        wanted: dict[int, float | None] = {}
        for seat, state in enumerate(session.seats):
            wanted[seat] = (state.turn_deadline or fresh) if seat in waiting else None
        changed = {seat: when for seat, when in wanted.items()
                   if session.seats[seat].turn_deadline != when}
        if changed or session.progress_owed:
            try:
                stored = {seat: None if when is None else moment(when)
                          for seat, when in changed.items()}
                await self._ctx.storage.games.set_turn_deadlines(session.game_id, stored)
            except StorageError as exc:
                # The owed-progress mark stays: another process carries the game on.
                log.warning("turn deadlines of game %s not saved: %s", session.game_id, exc)
                return
            fail_point.after_commit("deadlines")
            for seat, when in changed.items():
                session.seats[seat].turn_deadline = when
                session.seats[seat].deadline_saved = when is not None
            session.progress_owed = False
        deadlines = [when for when in wanted.values() if when is not None]
        session.deadline = min(deadlines) if deadlines else None
        if session.deadline is not None and game is not None:
            self._reminders.start(session.game_id,
                                  self._remind(session, game.action_count, session.deadline))

    def cancel(self, session: GameSession) -> None:
        self._reminders.cancel(session.game_id)

    async def close(self) -> None:
        await self._reminders.close()

    async def _remind(self, session: GameSession, counter: int, deadline: float) -> None:
        clock = self._ctx.clock
        half = half_time(self._ctx, session, deadline)
        if half <= clock():
            return
        await asyncio.sleep(half - clock())
        self._reminders.discard(session.game_id)
        try:
            async with self._ctx.working_on(session):
                if session.still_at(counter):
                    self._ctx.show(session, turn_reminders(self._ctx, session, deadline))
        except StorageError as exc:  # a reminder is a courtesy: the deadline stands
            log.warning("turn reminder of game %s not sent: %s", session.game_id, exc)


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
                return
            if isinstance(claim, datetime):
                await self._close_idle(session, claim)
            else:
                await self._carry_on(session, claim)
        finally:
            self._games.discard(game_id)

