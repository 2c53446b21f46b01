"""Turn timers: a reminder at half time, the computer moves at the deadline.

A turn that reaches half time has its deadline stored with the seat, so a restarted
bot re-arms it where it was; the move clears it in the same transaction that saves
the move. Shorter turns — nearly all of them — cost no write: after a restart
within the first half of a turn the player simply gets a full turn again.
After three timeouts in a row a seat plays itself until its player presses
"I'm back".
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Final

from bot.core.context import CoreContext
from bot.core.session import GameSession
from bot.core.tasks import KeyedTasks
from bot.core.turn_reminders import half_time, turn_reminders
from bot.storage import StorageError

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_AUTOPLAY: Final = 3

Expire = Callable[[GameSession, int], Awaitable[None]]


class TurnTimers:
    def __init__(self, ctx: CoreContext, expire: Expire) -> None:
        self._ctx = ctx
        self._expire = expire
        self._tasks = KeyedTasks("timer")

    async def arm(self, session: GameSession, deadline: float | None = None) -> None:
        """Start the timer for whoever the game waits for (``deadline``: a stored one)."""
        self.cancel(session)
        game = session.game
        waiting = session.awaiting_humans()
        if game is None or game.is_over or session.finish_pending or not waiting:
            session.deadline = None
            return
        now = self._ctx.clock()
        session.deadline = (
            deadline if deadline is not None
            else now + session.turn_timeout * self._ctx.time_scale
        )
        self._tasks.start(session.game_id, self._run(session, game.action_count))

    def cancel(self, session: GameSession) -> None:
        self._tasks.cancel(session.game_id)

    async def close(self) -> None:
        await self._tasks.close()

    async def _run(self, session: GameSession, counter: int) -> None:
        assert session.deadline is not None
        clock = self._ctx.clock
        deadline = session.deadline
        half = half_time(self._ctx, session, deadline)
        remind = half > clock()  # not when re-armed after half time (a restart)
        if remind:
            await asyncio.sleep(half - clock())
        await self._save_deadline(session, counter, deadline, remind=remind)
        await asyncio.sleep(max(0.0, deadline - clock()))
        self._tasks.discard(session.game_id)
        await self._expire(session, counter)

    async def _save_deadline(
        self, session: GameSession, counter: int, deadline: float, *, remind: bool
    ) -> None:
        """Store the deadline of the seats still to move, if the turn is still on, and
        remind them. Under the game's lock: a move being saved meanwhile would
        otherwise leave a stale deadline behind it."""
        async with self._ctx.working_on(session):
            if not session.still_at(counter):
                return
            moment = datetime.fromtimestamp(deadline, UTC)
            reminders = turn_reminders(self._ctx, session, deadline) if remind else []
            for seat in session.awaiting_humans():
                state = session.seats[seat]
                if not state.deadline_saved:
                    try:
                        await self._ctx.storage.games.update_seat(
                            session.game_id, seat, turn_deadline=moment
                        )
                        state.deadline_saved = True
                    except StorageError as exc:  # the timer runs on; a restart gives a new turn
                        log.warning("turn deadline not saved: %s", exc)
            self._ctx.show(session, reminders)
