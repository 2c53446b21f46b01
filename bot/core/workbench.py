"""Where every step of a game runs: the game's lock, one of the work slots, and — on a
shared database — the database's lock and the catch-up with what others saved.

Moves, lobby changes, timers and pings all take a game through ``working_on``, so no
step acts on a copy that another step or process has moved past."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from bot.core.catch_up import CatchUp
from bot.core.session import GameSession
from bot.storage import Storage


class Workbench:
    def __init__(self, storage: Storage, work_slots: int, catch_up: CatchUp | None) -> None:
        """``catch_up``: given when other processes may change this database's games."""
        self._storage = storage
        self.slots = asyncio.Semaphore(work_slots)
        """The work slots: how many steps run at once, bot-wide."""
        self._catch_up = catch_up
        self.in_flight = 0
        self.idle = asyncio.Event()
        self.idle.set()

    @property
    def shared(self) -> bool:
        return self._catch_up is not None

    @contextlib.asynccontextmanager
    async def working_on(self, session: GameSession) -> AsyncIterator[None]:
        """Hold the game's lock, then one of the work slots, and count the step as in
        flight (a graceful stop lets it finish).

        The lock comes first: a game waiting for a slot then blocks only its own
        clicks, and a slot never sits idle behind a game's lock."""
        self.in_flight += 1
        self.idle.clear()
        try:
            async with session.lock, self.slots:
                if self._catch_up is None:
                    yield
                else:
                    # Shared: the database's lock keeps other processes out of the
                    # step, which starts from what they saved.
                    async with self._storage.games.game_lock(session.game_id):
                        await self._catch_up(session)
                        yield
        finally:
            self.in_flight -= 1
            if self.in_flight == 0:
                self.idle.set()
