"""A Call Break table in the game core: the same service and effects as Kachuful's, the
computers deciding with Call Break's players in worker threads, the end recorded as
Call Break."""

from __future__ import annotations

import json
import threading

import pytest

from bot.core import computers
from bot.core.effects import ShowFinal, ShowHand
from engine import Bid, CallBreakGame, CallBreakRules, Play
from engine.callbreak import CallBreakView
from tests.bot.core.conftest import OpenCore
from tests.bot.core.helpers import play_to_end, start_game


async def test_a_callbreak_table_plays_to_the_end_through_the_one_pipeline(
    open_core: OpenCore, monkeypatch: pytest.MonkeyPatch,
) -> None:
    decided: list[tuple[str, CallBreakView]] = []
    real_decide = computers.decide_callbreak

    def recording_decide(view: CallBreakView, level: str, seed: int) -> Bid | Play:
        decided.append((threading.current_thread().name, view))
        return real_decide(view, level, seed)

    monkeypatch.setattr(computers, "decide_callbreak", recording_decide)
    core = await open_core()
    session = await start_game(core, people=1, computers=3, rules=CallBreakRules(deals=1))
    assert isinstance(session.game, CallBreakGame)
    await play_to_end(core, session.game_id)

    assert session.status == "finished"
    # The person's controls offered only legal calls, then only legal cards.
    hands = [e for e in core.sink.effects if isinstance(e, ShowHand) and e.hand.yours]
    assert hands and all(isinstance(e.hand.view, CallBreakView) for e in hands)
    assert any(e.hand.view.legal_bids == tuple(range(1, 9)) for e in hands)
    # Every computer move was decided off the loop, from its own seat's view.
    computer_seats = {i for i, seat in enumerate(session.seats) if seat.user_id is None}
    assert len(decided) == 3 * (1 + 13)
    assert all(name.startswith("computer") for name, _ in decided)
    assert {view.seat for _, view in decided} == computer_seats
    final = next(e for e in core.sink.effects if isinstance(e, ShowFinal))
    assert json.loads(final.record_json)["game"] == "callbreak"
    stored = await core.storage.games.load_game(session.game_id)
    assert isinstance(stored.game, CallBreakGame)
    assert stored.game.totals() == session.game.totals()
