"""What keeps a game going between clicks: computer moves after every step, turn
timers, pings, and retries of steps that could not be saved."""

from __future__ import annotations

import asyncio
import logging
from typing import Final

from bot.core.computers import DEFAULT_LEVEL
from bot.core.context import CoreContext
from bot.core.effects import Effect, Note, OfferBack
from bot.core.session import GameSession
from bot.core.shared_timers import SharedTurnTimers
from bot.core.showing import confirm_shown, show_step_again
from bot.core.snapshots import place_of
from bot.core.tasks import KeyedTasks
from bot.core.timers import TIMEOUTS_BEFORE_AUTOPLAY, TurnTimers
from bot.core.turns import apply_action, finish, play_computer_moves
from bot.storage import DueDeadline, StorageError
from engine import IllegalAction

log = logging.getLogger(__name__)

RETRY_SECONDS: Final = (1.0, 2.0, 5.0, 15.0, 60.0)
"""How long to wait before retrying a step that could not be saved (then every 60 s)."""


class GameProgress:
    def __init__(self, ctx: CoreContext) -> None:
        self.ctx = ctx
        self.timers: TurnTimers | SharedTurnTimers = (
            SharedTurnTimers(ctx) if ctx.shared else TurnTimers(ctx, self.expire))
        self.retries = KeyedTasks("retry")
        self._attempts: dict[int, int] = {}

    async def after_move(self, session: GameSession, effects: list[Effect]) -> None:
        """Computer moves, then the effects, then the turn timer for whoever is next.

        A save that fails here (the disk is full) must not stall the game: the step
        is retried later, and whatever was already applied is shown."""
        try:
            effects += await play_computer_moves(self.ctx, session)
        except StorageError as exc:
            log.warning("computer move of game %s not saved (will retry): %s",
                        session.game_id, exc)
            self._retry_later(session)
        except Exception:
            self.ctx.show(session, effects)
            raise
        if session.finish_pending:
            self._retry_later(session)
        else:
            self._attempts.pop(session.game_id, None)
        self.ctx.show(session, effects + confirm_shown(session))
        await self.timers.arm(session)

    def _retry_later(self, session: GameSession) -> None:
        attempt = self._attempts.get(session.game_id, 0)
        self._attempts[session.game_id] = attempt + 1
        delay = RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)] * self.ctx.time_scale
        self.retries.start(session.game_id, self._retry(session, delay))

    async def _retry(self, session: GameSession, delay: float) -> None:
        await asyncio.sleep(delay)
        self.retries.discard(session.game_id)
        async with self.ctx.working_on(session):
            await self.resume(session)

    async def resume(self, session: GameSession) -> None:
        """Carry on with whatever the game owes: its end, computer moves, a timer.
        The caller holds the game."""
        if session.status != "active" or session.game is None:
            return
        effects: list[Effect] = []
        if session.game.is_over:
            effects += await finish(self.ctx, session)
            if session.finish_pending:
                self._retry_later(session)
            else:
                self._attempts.pop(session.game_id, None)
            self.ctx.show(session, effects + confirm_shown(session))
            return
        await self.after_move(session, effects)

    async def expire(self, session: GameSession, counter: int) -> None:
        """A turn ran out: the computer moves for everyone still awaited."""
        async with self.ctx.working_on(session):
            if not session.still_at(counter):
                return
            await self._time_out(session, session.awaiting_humans())

    async def carry_on(self, session: GameSession, dues: list[DueDeadline]) -> None:
        """Shared database: deadlines of this game fell due and this process claimed
        them. A seat whose claimed deadline is still stored (nobody moved the game on
        since) has timed out; whatever else the game owes is done too."""
        async with self.ctx.working_on(session):
            if not session.is_active:
                return
            awaited = set(session.awaiting_humans())
            timed_out = sorted({
                due.seat for due in dues
                if due.seat in awaited
                and session.seats[due.seat].turn_deadline == due.claimed_until.timestamp()
            })
            # The claims moved stored deadlines and marks: the next arm rewrites them.
            session.progress_owed = True
            if timed_out:
                await self._time_out(session, timed_out)
                return
            if any(due.seat is None for due in dues):
                # Owed progress or showing: the process that saved the last step died
                # before its follow-up, or before showing it. Show the table and the
                # hands of whoever is to move, or they would wait for their deadline.
                start = any(due.showing_seq == 0 for due in dues)  # its start unshown
                self.ctx.show(session, await show_step_again(self.ctx, session, start=start))
            await self.resume(session)

    async def _time_out(self, session: GameSession, seats: list[int]) -> None:
        game = session.game
        assert game is not None
        effects: list[Effect] = []
        for seat in seats:
            if seat not in game.awaiting():
                continue
            state = session.seats[seat]
            missed = state.missed_turns + 1
            autoplay = state.autoplay or missed >= TIMEOUTS_BEFORE_AUTOPLAY
            action = await self.ctx.computers.choose(game, seat, state.level or DEFAULT_LEVEL)
            try:
                # The seat's count and its cleared deadline are saved with the move, in
                # one transaction: a process dying before it leaves the deadline due.
                effects += await apply_action(self.ctx, session, action, reason="timeout",
                                              missed=(missed, autoplay))
            except (IllegalAction, StorageError) as exc:
                log.warning("timed-out move of game %s not made: %s", session.game_id, exc)
                self._retry_later(session)
                continue
            state.missed_turns, state.autoplay = missed, autoplay
            if autoplay and state.user_id is not None and not game.is_over:
                place = place_of(session)
                effects += [Note(place, "autoplay", name=state.name),
                            OfferBack(place, session.game_id, seat, state.user_id,
                                      in_channel=state.dms_closed)]
        await self.after_move(session, effects)

    async def close(self) -> None:
        await self.timers.close()
        await self.ctx.pings.close()
        await self.retries.close()
