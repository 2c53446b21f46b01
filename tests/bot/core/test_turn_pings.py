"""Each turn gets its full time before a ping, wherever another turn's wait stood."""

from __future__ import annotations

from bot.core.effects import PingTurn
from bot.core.turn_pings import PING_DELAY_SECONDS, due_pings, note_turns
from tests.bot.core.conftest import OpenCore
from tests.bot.core.helpers import move_person, start_game


async def test_a_turn_is_pinged_only_once_its_own_delay_has_passed(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=3)
    await move_person(core, session.game_id)
    (seat,) = session.awaiting_humans()
    # Its turn came 3.9 s into the previous turn's wait: one timer per game used to
    # ping it when that wait ended, 0.1 s later.
    session.pings_due.clear()
    note_turns(session, previous=set(), clock=lambda: 3.9)
    assert due_pings(session, noted_before=4.0 - PING_DELAY_SECONDS) == []
    assert seat in session.pings_due, "still waiting for its own time"
    (ping,) = due_pings(session, noted_before=3.9 + PING_DELAY_SECONDS - PING_DELAY_SECONDS)
    assert isinstance(ping, PingTurn) and ping.seat == seat
    assert session.pings_due == {}


async def test_a_turn_already_moved_on_is_not_pinged(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=3)
    await move_person(core, session.game_id)
    (seat,) = session.awaiting_humans()
    assert seat in session.pings_due
    await move_person(core, session.game_id)  # that person moved: their note is stale
    pings = due_pings(session, noted_before=float("inf"))
    assert all(isinstance(p, PingTurn) and p.seat != seat for p in pings)
