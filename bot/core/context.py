"""What every step of the core works with, passed as one object."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field

from bot.core.computers import ComputerPlayers
from bot.core.effects import Effect, EffectSink
from bot.core.registry import SessionRegistry
from bot.core.session import GameSession
from bot.core.showing_leases import OwedShowings
from bot.core.tables import TableRef
from bot.core.turn_pings import TurnPings
from bot.core.workbench import Workbench
from bot.storage import Storage


@dataclass
class CoreContext:
    storage: Storage
    sink: EffectSink
    bench: Workbench
    """Where every step runs (``bench.working_on``)."""
    pings: TurnPings
    registry: SessionRegistry
    computers: ComputerPlayers = field(default_factory=ComputerPlayers)
    clock: Callable[[], float] = time.time
    time_scale: float = 1.0
    """Shrinks turn timers (tests run a 15 s timer in 0.15 s)."""
    showings: OwedShowings = field(default_factory=OwedShowings)
    thread_mode: Callable[[int], Awaitable[bool]] | None = None
    """Whether a server plays its games in threads (``None``: none does)."""
    """Steps handed to the delivery and not yet reported shown (shared database)."""

    @property
    def shared(self) -> bool:
        """Other processes may change this database's games (see ``bot.core.catch_up``)."""
        return self.bench.shared

    def working_on(self, session: GameSession) -> AbstractAsyncContextManager[None]:
        return self.bench.working_on(session)

    def show(self, session: GameSession, effects: Sequence[Effect]) -> None:
        if effects:
            if self.shared:  # their marks are renewed while the delivery is under way
                self.showings.note(effects, self.clock())
            self.sink.submit(TableRef.game(session.game_id), effects)
        self.pings.arm(session)
