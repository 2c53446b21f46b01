"""Pinging a person whose turn has come, if they have not moved a little later.

Someone playing along sees their hand change and needs no notification; someone away
gets one. Each turn is timed from when it was noted: a turn noted while an earlier one
was waiting still gets its full delay (one timer per game used to ping every turn
noted while it ran, so a turn noted 3.9 s in was pinged 0.1 s later)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Final, Literal

from bot.core.effects import Effect, EffectSink, PingTurn
from bot.core.session import GameSession
from bot.core.snapshots import place_of
from bot.core.tables import TableRef
from bot.core.tasks import KeyedTasks
from bot.core.workbench import Workbench
from bot.storage import StorageError
from engine import Phase

log = logging.getLogger(__name__)

PING_DELAY_SECONDS: Final = 4.0
"""How long a person has to react to their turn before a notification."""


def note_turns(session: GameSession, *, previous: set[int],
               clock: Callable[[], float] = time.monotonic) -> None:
    """Note each person whose turn has just come (they were not awaited before), with
    when: ``TurnPings`` pings them if they have not moved by then."""
    awaiting = set(session.awaiting_humans())
    session.shown_controls = awaiting
    now = clock()
    for seat in sorted(awaiting - previous):
        session.pings_due[seat] = (session.control_counter(seat), now)


def due_pings(session: GameSession, noted_before: float) -> list[Effect]:
    """Pings for the people still to move on the turn they were noted for, noted before
    ``noted_before``; later notes stay for their own time."""
    game = session.game
    due = {seat: counter for seat, (counter, noted) in session.pings_due.items()
           if noted <= noted_before}
    for seat in due:
        del session.pings_due[seat]
    if game is None or session.status != "active":
        session.pings_due.clear()
        return []
    doing: Literal["bid", "call", "play"] = "play"
    if game.phase is Phase.BIDDING:  # Call Break's players call their tricks
        doing = "call" if session.kind.name == "callbreak" else "bid"
    place = place_of(session)
    effects: list[Effect] = []
    awaiting = set(session.awaiting_humans())
    for seat, counter in sorted(due.items()):
        state = session.seats[seat]
        if seat not in awaiting or counter != session.control_counter(seat):
            continue
        assert state.user_id is not None
        effects.append(PingTurn(place, session.game_id, seat, state.user_id, doing,
                                in_channel=state.dms_closed))
    return effects


class TurnPings:
    """One task per game, sleeping until its earliest noted turn is due."""

    def __init__(self, bench: Workbench, sink: EffectSink, time_scale: float = 1.0,
                 delay: float = PING_DELAY_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._bench = bench
        self._sink = sink
        self._delay = delay * time_scale
        self._clock = clock
        self._tasks = KeyedTasks("ping")

    def arm(self, session: GameSession) -> None:
        if session.pings_due and session.game_id not in self._tasks:
            self._tasks.start(session.game_id, self._run(session))

    async def _run(self, session: GameSession) -> None:
        while session.pings_due:
            first = min(noted for _, noted in session.pings_due.values())
            await asyncio.sleep(max(0.0, first + self._delay - self._clock()))
            try:
                async with self._bench.working_on(session):
                    effects = due_pings(session, self._clock() - self._delay)
                    if effects:  # under the lock: in order with the game's other steps
                        self._sink.submit(TableRef.game(session.game_id), effects)
            except StorageError as exc:  # the game is held elsewhere, or storage is away
                log.warning("turn pings of game %s wait: %s", session.game_id, exc)
                await asyncio.sleep(self._delay or 1.0)
        self._tasks.discard(session.game_id)

    async def close(self) -> None:
        await self._tasks.close()
