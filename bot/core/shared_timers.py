"""Turn timers on a shared database: deadlines live in storage, any process fires them.

After every step the deadlines of the seats the game waits for are written (a seat
keeps the one it has while its turn lasts). Every process polls for due deadlines and
claims each one alone (``FOR UPDATE SKIP LOCKED``), so a turn of a process that died
still times out. A person's move also marks the game as owing progress a few seconds
on — computer moves, its end — which the step clears when it is done; if the process
dies first, another one claims that mark and carries the game on (the claims are
``bot.core.due_claims``).
"""

from __future__ import annotations

import asyncio
import logging
import math
from datetime import UTC, datetime, timedelta
from typing import Final

from bot.core.context import CoreContext
from bot.core.session import GameSession
from bot.core.tasks import KeyedTasks
from bot.core.turn_reminders import half_time, turn_reminders
from bot.storage import StorageError, fail_point

log = logging.getLogger(__name__)

OWED_PROGRESS_SECONDS: Final = 5.0
"""How long after a person's move another process may take over the step's follow-up
(computer moves, the end) — long after a live process has done it."""
OWED_SHOWING_SECONDS: Final = 10.0
"""How long after a step another process may show it again, its delivery not having
reported it shown (a live process's delivery has long since, bar rate limits)."""
CLAIM_LEASE: Final = timedelta(seconds=5)
"""A claimed deadline whose claimer died falls due again this much later."""


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
