"""Where every step of a table runs: the table's lock, one of the work slots, and — on a
shared database — the database's lock and the catch-up with what others saved.

Moves, lobby changes, timers and pings take a game through ``working_on``, and every
score pad entry takes its pad through ``working_on_table``, so no step acts on a copy
that another step or process has moved past, and a graceful stop waits for both."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from functools import partial

from bot.core.catch_up import CatchUp
from bot.core.session import GameSession
from bot.core.tables import TableRef
from bot.storage import Storage


class Workbench:
    def __init__(self, storage: Storage, work_slots: int, catch_up: CatchUp | None,
                 *, shared: bool | None = None) -> None:
        """``catch_up``: the games' catch-up, given when other processes may change this
        database's games; ``shared`` (default: whether it is given) takes the
        database's lock for every step."""
        self._storage = storage
        self.slots = asyncio.Semaphore(work_slots)
        """The work slots: how many steps run at once, bot-wide."""
        self._catch_up = catch_up
        self._shared = catch_up is not None if shared is None else shared
        self.in_flight = 0
        self.idle = asyncio.Event()
        self.idle.set()

    @property
    def shared(self) -> bool:
        return self._shared

    def working_on(self, session: GameSession) -> AbstractAsyncContextManager[None]:
        """One step of a game (its catch-up: what other processes saved)."""
        catch_up = None if self._catch_up is None else partial(self._catch_up, session)
        return self.working_on_table(session.lock, TableRef.game(session.game_id), catch_up)

    @contextlib.asynccontextmanager
    async def working_on_table(
        self, lock: asyncio.Lock, table: TableRef,
        catch_up: Callable[[], Awaitable[None]] | None,
    ) -> AsyncIterator[None]:
        """Hold the table's lock, then one of the work slots, and count the step as in
        flight (a graceful stop lets it finish). Shared: the database's lock keeps
        other processes out of the step, which starts from what they saved.

        The lock comes first: a table waiting for a slot then blocks only its own
        clicks, and a slot never sits idle behind a table's lock."""
        self.in_flight += 1
        self.idle.clear()
        try:
            async with lock, self.slots:
                if not self._shared:
                    yield
                else:
                    held = (self._storage.games.game_lock(table.id) if table.kind == "game"
                            else self._storage.pads.pad_lock(table.id))
                    async with held:
                        if catch_up is not None:
                            await catch_up()
                        yield
        finally:
            self.in_flight -= 1
            if self.in_flight == 0:
                self.idle.set()

    async def caught_up(self, session: GameSession) -> None:
        """Shared: bring a copy up to date before deciding anything from it (a copy
        loaded for a read is not caught up until a step takes it)."""
        if self._catch_up is not None:
            async with self.working_on(session):
                pass
