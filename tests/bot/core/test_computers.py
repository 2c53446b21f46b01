"""Computer players decide in worker threads: a slow decision never stops the event
loop, so other games' clicks (and timers) go on meanwhile."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.core import computers
from engine import Card, SeatView
from tests.bot.core.conftest import OpenCore
from tests.bot.core.helpers import move_person, start_game

SLOW_DECISION = 0.2
TICK = 0.01
MIN_TICKS = 3
"""A decision on the loop would allow none; in a thread about 20 fit in its 0.2 s."""


class Ticker:
    """Counts short sleeps of its own task: it only advances while the loop is free."""

    def __init__(self) -> None:
        self.ticks = 0
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while not self._stop.is_set():
            await asyncio.sleep(TICK)
            self.ticks += 1

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        self._stop.set()
        if self._task is not None:
            await self._task


async def test_a_slow_decision_leaves_the_loop_running(
    open_core: OpenCore, monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticker = Ticker()
    during: list[int] = []  # the ticks when the first decision began and ended
    views: list[SeatView] = []
    real_decide = computers.decide

    def slow_decide(view: SeatView, level: str, seed: int) -> int | Card | None:
        if not during:
            during.append(ticker.ticks)
            time.sleep(SLOW_DECISION)  # a hard position, thought about at length
            during.append(ticker.ticks)
        views.append(view)
        return real_decide(view, level, seed)

    monkeypatch.setattr(computers, "decide", slow_decide)
    core = await open_core()
    ticker.start()
    try:
        session = await start_game(core, people=1, computers=2)
        while len(during) < 2:  # the computers may move first, or after the person
            await move_person(core, session.game_id)
    finally:
        await ticker.stop()

    assert during[1] - during[0] >= MIN_TICKS
    # Each decision saw its own seat's view, never the whole game.
    assert views and all(view.seat is not None for view in views)
    computer_seats = {i for i, seat in enumerate(session.seats) if seat.user_id is None}
    assert {view.seat for view in views} <= computer_seats
