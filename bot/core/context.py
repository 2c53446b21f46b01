"""What every step of the core works with, passed as one object."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from bot.core.computers import ComputerPlayers
from bot.core.effects import Effect, EffectSink
from bot.core.registry import SessionRegistry
from bot.core.session import GameSession
from bot.core.tables import TableRef
from bot.storage import Storage


@dataclass
class CoreContext:
    storage: Storage
    sink: EffectSink
    work_slots: asyncio.Semaphore
    computers: ComputerPlayers = field(default_factory=ComputerPlayers)
    registry: SessionRegistry = field(default_factory=SessionRegistry)
    clock: Callable[[], float] = time.time
    time_scale: float = 1.0
    """Shrinks turn timers (tests run a 15 s timer in 0.15 s)."""
    in_flight: int = 0
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    catch_up: Callable[[GameSession], Awaitable[None]] | None = None
    """Set when other processes may change this database's games (see
    ``bot.core.sharing``): brings a held game up to date at the start of a step."""

    @property
    def shared(self) -> bool:
        return self.catch_up is not None

    def __post_init__(self) -> None:
        self.idle.set()

    @contextlib.asynccontextmanager
    async def working_on(self, session: GameSession) -> AsyncIterator[None]:
        """Hold the game's lock, then one of the work slots, and count the step as in
        flight (a graceful stop lets it finish).

        The lock comes first: a game waiting for a slot then blocks only its own
        clicks, and a slot never sits idle behind a game's lock."""
        self.in_flight += 1
        self.idle.clear()
        try:
            async with session.lock, self.work_slots:
                if self.catch_up is None:
                    yield
                else:
                    # Shared: the database's lock keeps other processes out of the
                    # step, which starts from what they saved.
                    async with self.storage.game_lock(session.game_id):
                        await self.catch_up(session)
                        yield
        finally:
            self.in_flight -= 1
            if self.in_flight == 0:
                self.idle.set()

    pings_due: Callable[[GameSession], None] = lambda session: None
    """Called after a step that noted turns to ping (see ``TurnPings``)."""

    def show(self, session: GameSession, effects: Sequence[Effect]) -> None:
        if effects:
            self.sink.submit(TableRef.game(session.game_id), effects)
        if session.pings_due:
            self.pings_due(session)
