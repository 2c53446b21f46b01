"""Table edits coalesce to the table's pace; milestones go within 5 s, a deal's end at
once. The delivery runs on a fake clock that the test moves by hand: no sleeps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from bot.adapter.outbound.delivery import Delivery
from bot.adapter.outbound.message_book import MessageBook
from bot.adapter.outbound.reports import Reports
from bot.core.effects import CloseTable, EditTable, Effect, Place
from bot.core.tables import TableRef

PLACE = Place(guild_id=1, channel_id=2)
GAME = TableRef.game(7)
WAIT = 1.0
PACE = 10.0


class Timer:
    def __init__(self, clock: FakeClock, when: float, callback: Callable[..., object],
                 args: tuple[Any, ...]) -> None:
        self._when, self.callback, self.args, self.cancelled = when, callback, args, False
        clock.timers.append(self)

    def cancel(self) -> None:
        self.cancelled = True

    def when(self) -> float:
        return self._when


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.timers: list[Timer] = []

    def time(self) -> float:
        return self.now

    def call_at(self, when: float, callback: Callable[..., object], *args: Any) -> Timer:
        return Timer(self, when, callback, args)

    def advance_to(self, moment: float) -> None:
        """Move the time on, firing the timers due by then in their order."""
        while True:
            due = sorted((t for t in self.timers if not t.cancelled and t.when() <= moment),
                         key=Timer.when)
            if not due:
                break
            timer = due[0]
            self.timers.remove(timer)
            self.now = timer.when()
            timer.callback(*timer.args)
        self.now = moment


class Shown:
    def __init__(self) -> None:
        self.effects: list[Effect] = []

    async def show(self, table: TableRef, effect: Effect) -> None:
        self.effects.append(effect)


def edit(label: str, milestone: bool = False) -> EditTable:
    # The snapshot stands in as a label: the presenter here only records it.
    return EditTable(PLACE, cast(Any, label), milestone)


async def at(clock: FakeClock, sink: Delivery, moment: float) -> None:
    clock.advance_to(moment)
    await sink.settled(GAME)


async def paced() -> tuple[FakeClock, Shown, Delivery]:
    clock, shown = FakeClock(), Shown()
    sink = Delivery(shown, cast(MessageBook, None), Reports(), table_edit_interval=WAIT,
                    table_pace=PACE, clock=clock)
    sink.submit(GAME, [edit("first")])
    await at(clock, sink, 1000.0 + WAIT)  # after a quiet time: at once (after the wait)
    assert shown.effects == [edit("first")]
    return clock, shown, sink


async def test_ordinary_moves_coalesce_into_one_edit_per_pace() -> None:
    clock, shown, sink = await paced()
    for label in ("a bid", "a card", "another card"):
        sink.submit(GAME, [edit(label)])
    await at(clock, sink, 1000.0 + WAIT + PACE - 0.5)
    assert shown.effects == [edit("first")], "nothing before the pace is up"
    await at(clock, sink, 1000.0 + WAIT + PACE)
    assert shown.effects == [edit("first"), edit("another card")], "only the newest view"


async def test_a_milestone_brings_the_waiting_edit_forward() -> None:
    clock, shown, sink = await paced()
    start = clock.now
    sink.submit(GAME, [edit("a card")])  # due at the pace, 10 s on
    clock.advance_to(start + 1.0)
    sink.submit(GAME, [edit("a trick won", milestone=True)])
    await at(clock, sink, start + 4.9)
    assert shown.effects == [edit("first")]
    await at(clock, sink, start + 5.0)
    assert shown.effects == [edit("first"), edit("a trick won", milestone=True)]
    # The timer of the ordinary edit was given up: nothing more goes out at the pace.
    await at(clock, sink, start + PACE + 1)
    assert len(shown.effects) == 2


async def test_a_later_ordinary_move_keeps_the_milestones_time() -> None:
    clock, shown, sink = await paced()
    start = clock.now
    sink.submit(GAME, [edit("the bidding over", milestone=True)])
    sink.submit(GAME, [edit("the first card")])
    await at(clock, sink, start + 5.0)
    assert shown.effects == [edit("first"), edit("the first card")]


async def test_a_deals_end_goes_at_once_and_replaces_the_waiting_edit() -> None:
    clock, shown, sink = await paced()
    sink.submit(GAME, [edit("a card")])
    closed = CloseTable(PLACE, 7, None, ("A", "B", "C", "D"))
    sink.submit(GAME, [closed])
    await sink.settled(GAME)
    assert shown.effects == [edit("first"), closed]
    await at(clock, sink, clock.now + PACE + 1)
    assert shown.effects == [edit("first"), closed], "the replaced edit never goes"
