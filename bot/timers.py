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
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Final

import discord

from bot import controls, gameplay, messaging
from bot.computer import DEFAULT_LEVEL, choose_action
from bot.session import GameSession
from bot.storage import StorageError
from bot.tasks import KeyedTasks
from engine import IllegalAction

if TYPE_CHECKING:
    from bot.app import KachufulBot

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_AUTOPLAY: Final = 3


class TurnTimers:
    def __init__(self, bot: KachufulBot, time_scale: float = 1.0) -> None:
        self._bot = bot
        self._scale = time_scale
        self._tasks = KeyedTasks("timer")

    def arm(self, session: GameSession, deadline: float | None = None) -> None:
        """Start the timer for whoever the game waits for (``deadline``: a stored one)."""
        self.cancel(session)
        game = session.game
        if game is None or session.status != "active" or game.is_over:
            return
        waiting = session.awaiting_humans()
        if not waiting:
            session.deadline = None
            return
        now = time.time()
        session.deadline = (
            deadline if deadline is not None else now + session.turn_timeout * self._scale
        )
        self._tasks.start(session.game_id, self._run(session, game.action_count))

    def cancel(self, session: GameSession) -> None:
        self._tasks.cancel(session.game_id)

    async def close(self) -> None:
        await self._tasks.close()

    async def _run(self, session: GameSession, counter: int) -> None:
        assert session.deadline is not None
        deadline = session.deadline
        half = deadline - session.turn_timeout * self._scale / 2
        remind = half > time.time()  # not when re-armed after half time (a restart)
        if remind:
            await asyncio.sleep(half - time.time())
        await self._save_deadline(session, counter, deadline)
        if remind:
            await self._remind(session, counter)
        await asyncio.sleep(max(0.0, deadline - time.time()))
        self._tasks.discard(session.game_id)
        await self._expire(session, counter)

    async def _save_deadline(self, session: GameSession, counter: int, deadline: float) -> None:
        """Store the deadline of the seats still to move, if the turn is still on.

        Under the game's lock: a move being saved meanwhile would otherwise leave a
        stale deadline behind it."""
        async with session.lock:
            game = session.game
            if game is None or game.action_count != counter or session.status != "active":
                return
            moment = datetime.fromtimestamp(deadline, UTC)
            for seat in session.awaiting_humans():
                state = session.seats[seat]
                if state.deadline_saved:
                    continue
                try:
                    await self._bot.storage.update_seat(
                        session.game_id, seat, turn_deadline=moment
                    )
                except StorageError as exc:  # the timer runs on; a restart gives a new turn
                    log.warning("turn deadline not saved: %s", exc)
                    return
                state.deadline_saved = True

    async def _remind(self, session: GameSession, counter: int) -> None:
        game = session.game
        if game is None or game.action_count != counter:
            return
        left = max(0, int((session.deadline or time.time()) - time.time()))
        for seat in session.awaiting_humans():
            state = session.seats[seat]
            place = messaging.where(self._bot, session)
            text = f"⏳ Half your time is gone: {left} s left to move in {place}."
            try:
                if state.dms_closed:
                    await messaging.channel_note(self._bot, session, f"<@{state.user_id}> {text}")
                else:
                    user = self._bot.get_user(state.user_id or 0) or await self._bot.fetch_user(
                        state.user_id or 0
                    )
                    await user.send(text)
            except discord.HTTPException as exc:
                log.info("reminder not delivered: %s", exc)

    async def _expire(self, session: GameSession, counter: int) -> None:
        async with self._bot.busy(), self._bot.working_on(session):
            game = session.game
            if game is None or game.action_count != counter or session.status != "active":
                return
            for seat in session.awaiting_humans():
                state = session.seats[seat]
                state.missed_turns += 1
                if state.missed_turns >= TIMEOUTS_BEFORE_AUTOPLAY:
                    state.autoplay = True
                await self._bot.storage.update_seat(
                    session.game_id,
                    seat,
                    missed_turns=state.missed_turns,
                    autoplay=state.autoplay,
                    turn_deadline=None,
                )
                state.deadline_saved = False
                try:
                    action = choose_action(game, seat, state.level or DEFAULT_LEVEL)
                    await gameplay.apply_action(self._bot, session, action, reason="timeout")
                except IllegalAction:
                    log.exception("computer move for a timed-out seat was refused")
                    continue
                if state.autoplay:
                    await messaging.channel_note(
                        self._bot,
                        session,
                        f"{state.name} missed {TIMEOUTS_BEFORE_AUTOPLAY} turns in a row: the "
                        "computer plays for them until they press **I'm back**.",
                    )
                    await _offer_back(self._bot, session, seat)
            await gameplay.after_move(self._bot, session)


async def _offer_back(bot: KachufulBot, session: GameSession, seat: int) -> None:
    state = session.seats[seat]
    if state.user_id is None:
        return
    view = controls.layout([controls.back_control(session, seat)])
    try:
        if state.dms_closed:
            await (await messaging.channel(bot, session)).send(
                f"<@{state.user_id}>, press **I'm back** to play again.", view=view
            )
        else:
            user = bot.get_user(state.user_id) or await bot.fetch_user(state.user_id)
            await user.send(
                f"The computer is playing for you in {messaging.where(bot, session)}. "
                "Press **I'm back** when you are.",
                view=view,
            )
    except discord.HTTPException as exc:
        log.info("could not offer 'I'm back': %s", exc)
