"""The end of a game: recorded once and shown once — even when recording it fails the
first time, and even when the bot restarts between the last move and the record."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.effects import CloseHand, ShowFinal
from bot.storage import Storage, StorageFull
from engine import Game
from tests.bot.core.conftest import CloseCore, OpenCore
from tests.bot.core.helpers import (
    GUILD_ID,
    Core,
    first_choice,
    hand_to_act,
    move_person,
    person_id,
    start_game,
    wait_for,
)

PEOPLE = 3
"""Everyone at these tables is a person, so a person's move is the game's last."""
LONG_TURN = 3600
"""Turns that never time out here (even on the shrunken clock that hurries retries)."""


class FailingFinish:
    """Stands in for ``storage.games.finish_game``: fails ``failures`` times as a full disk
    would, then records for real. Counts the calls."""

    def __init__(self, storage: Storage, failures: int) -> None:
        self._real = storage.games.finish_game
        self._failures = failures
        self.calls = 0

    async def __call__(self, game_id: int, game: Game, **options: Any) -> Any:
        self.calls += 1
        if self.calls <= self._failures:
            raise StorageFull("database or disk is full (simulated)")
        return await self._real(game_id, game, **options)


async def games_played(core: Core) -> list[int]:
    return [(await core.storage.stats.player_stats(GUILD_ID, person_id(index))).games
            for index in range(PEOPLE)]


async def test_a_whole_game_is_recorded_and_shown_once(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=PEOPLE)
    game = session.game
    assert game is not None
    returned: object = "no move yet"
    while not game.is_over:
        shown = hand_to_act(core.sink, session.game_id)
        assert shown is not None
        returned = await core.service.move(session.game_id, shown.user_id, shown.seat,
                                           shown.hand.counter, first_choice(shown.hand))

    assert returned is None  # the last mover's reply: there is no hand any more
    [final] = core.sink.of_type(ShowFinal)
    assert final.game_id == session.game_id and final.table.view.winners
    closed = [c for c in core.sink.of_type(CloseHand) if c.why == "game_over"]
    assert sorted(c.user_id for c in closed) == [person_id(i) for i in range(PEOPLE)]
    stored = await core.stored(session.game_id)
    assert stored.status == "finished"
    assert stored.actions_saved == game.player_action_count
    assert await games_played(core) == [1] * PEOPLE
    assert core.service.registry.get(session.game_id) is None
    assert core.service.registry.last_finished[session.channel_id] == session.game_id


async def test_a_failed_record_is_retried_and_the_last_move_stands(
    open_core: OpenCore, monkeypatch: pytest.MonkeyPatch,
) -> None:
    core = await open_core(time_scale=0.01)
    finish = FailingFinish(core.storage, failures=1)
    monkeypatch.setattr(core.storage.games, "finish_game", finish)
    session = await start_game(core, people=PEOPLE, turn_timeout=LONG_TURN)
    game = session.game
    assert game is not None
    while not game.is_over:
        await move_person(core, session.game_id)  # the last one too: no refusal

    # The last move is saved and shown; only the record of the end is owed.
    assert session.finish_pending and session.status == "active"
    assert (await core.stored(session.game_id)).actions_saved == game.player_action_count
    assert core.sink.of_type(ShowFinal) == []

    await wait_for(lambda: session.status == "finished", "the retried record")
    assert not session.finish_pending
    assert (await core.stored(session.game_id)).status == "finished"
    assert finish.calls == 2
    assert len(core.sink.of_type(ShowFinal)) == 1
    assert await games_played(core) == [1] * PEOPLE


async def test_a_restart_records_a_game_that_ended_unrecorded(
    open_core: OpenCore, close_core: CloseCore, monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = await open_core()
    monkeypatch.setattr(before.storage.games, "finish_game", FailingFinish(before.storage, 10**6))
    session = await start_game(before, people=PEOPLE)
    game = session.game
    assert game is not None
    while not game.is_over:
        await move_person(before, session.game_id)
    assert session.finish_pending
    await close_core(before)

    after = await open_core()
    await after.service.restore()

    assert (await after.stored(session.game_id)).status == "finished"
    assert len(after.sink.of_type(ShowFinal)) == 1
    assert before.sink.of_type(ShowFinal) == []
    assert await games_played(after) == [1] * PEOPLE
    assert after.service.registry.get(session.game_id) is None
