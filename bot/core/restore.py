"""Unfinished games picked up after a start (one process on its own database), and
finished ones whose end was never shown.

The process connects at once: its games are restored in the background, one at a
time between other work, and a game somebody touches meanwhile is restored first,
when it is looked up (``GameLookup.find``)."""

from __future__ import annotations

import asyncio
import logging
from typing import Final

from bot.core.context import CoreContext
from bot.core.effects import EditTable
from bot.core.lobby_idle import LobbyIdle
from bot.core.progress import GameProgress
from bot.core.session import GameSession
from bot.core.sharing import GameLookup
from bot.core.showing import show_end_again, show_step_again
from bot.core.snapshots import place_of, table_snapshot
from bot.core.tasks import start_logged, stop_task
from bot.storage import StoredGame

log = logging.getLogger(__name__)

EXPIRED_GRACE_SECONDS: Final = 5.0
"""A turn whose deadline passed while the bot was down gets this much more."""


def stored_deadline(ctx: CoreContext, stored: StoredGame) -> float | None:
    """The game's earliest stored turn deadline (a passed one: a little from now)."""
    deadlines = [s.turn_deadline.timestamp() for s in stored.seats
                 if s.turn_deadline is not None]
    deadline = min(deadlines) if deadlines else None
    if deadline is not None and deadline < ctx.clock():
        deadline = ctx.clock() + EXPIRED_GRACE_SECONDS * ctx.time_scale
    return deadline


class Restorer:
    def __init__(self, ctx: CoreContext, progress: GameProgress, idle: LobbyIdle) -> None:
        self._ctx = ctx
        self._progress = progress
        self._idle = idle
        self._task: asyncio.Task[None] | None = None

    async def start(self, lookup: GameLookup) -> None:
        """Restore every unfinished game in the background (``wait`` for the end)."""
        ids = await self._ctx.storage.games.unfinished_game_ids()
        # Games whose end the bot recorded but stopped before showing.
        ended = await self._ctx.storage.games.ended_owing_showing()
        lookup.restoring = True
        self._task = start_logged(self._restore(lookup, ids, ended), "restore")

    async def wait(self) -> None:
        if self._task is not None:
            await asyncio.shield(self._task)

    async def close(self) -> None:
        await stop_task(self._task)
        self._task = None

    async def _restore(self, lookup: GameLookup, ids: list[int], ended: list[int]) -> None:
        try:
            for game_id in ids:
                await lookup.find(game_id)  # restored once, whoever asks first
                await asyncio.sleep(0)  # the clicks that arrive meanwhile go first
        finally:
            lookup.restoring = False
        for game_id in ended:
            await show_end_again(self._ctx, game_id)
            await asyncio.sleep(0)

    async def resume(self, session: GameSession, stored: StoredGame) -> None:
        """A restored game carries on where it was: a lobby's idle timer, a game's
        table, its owed steps and its turn timer."""
        if session.status == "lobby":
            self._idle.touch(session)
            return
        deadline = stored_deadline(self._ctx, stored)
        async with self._ctx.working_on(session):
            game = session.game
            if stored.showing_due is not None:
                # The last step's delivery never reported it shown (the bot stopped
                # between its commit and its messages): the hands to move too.
                self._ctx.show(session, await show_step_again(
                    self._ctx, session, start=stored.showing_seq == 0))
            else:
                self._ctx.show(session, [EditTable(place_of(session), table_snapshot(session))]
                               if game is not None and not game.is_over else [])
            await self._progress.resume(session)
            if session.is_active and game is not None and not game.is_over:
                await self._progress.timers.arm(session, deadline)
