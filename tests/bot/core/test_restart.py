"""A restart mid-game: the restored game is the same game, the buttons shown before
still work, and a stored turn deadline is kept."""

from __future__ import annotations

import asyncio
import hashlib
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.core.effects import Note
from bot.core.session import GameSession
from engine import Phase
from tests.bot.core.conftest import CloseCore, OpenCore
from tests.bot.core.helpers import (
    Core,
    first_choice,
    hand_to_act,
    move_person,
    play_until,
    start_game,
    wait_for,
)

MOVES_AFTER = 12
"""People's moves played on after the restart point (bids and cards, a few tricks)."""


def mid_trick(session: GameSession) -> bool:
    """A card or more is down in the trick and a person is to play the next."""
    game = session.game
    assert game is not None
    return (game.phase is Phase.PLAYING and game.deal_number == 2
            and bool(game.current_trick()) and bool(session.awaiting_humans()))


@pytest.fixture
def same_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every lobby deals the same game, so two databases can hold the same game."""
    seed = hashlib.sha256(b"core-test-restart").digest()
    monkeypatch.setattr("bot.core.lobby.new_seed", lambda: seed)


async def start_to_mid_trick(core: Core) -> GameSession:
    session = await start_game(core, people=2, computers=1)
    await play_until(core, session.game_id, mid_trick)
    assert mid_trick(session)
    return session


async def play_on(core: Core, game_id: int, moves: int) -> None:
    for _ in range(moves):
        await move_person(core, game_id)


async def test_a_restored_game_goes_on_exactly_as_it_would_have(
    open_core: OpenCore, close_core: CloseCore, tmp_path: Path, same_seed: None,
) -> None:
    # The game played straight through, in a database of its own.
    straight = await open_core(path=tmp_path / "straight.db")
    uninterrupted = await start_to_mid_trick(straight)
    await play_on(straight, uninterrupted.game_id, MOVES_AFTER)
    assert uninterrupted.game is not None
    expected = uninterrupted.game.player_actions()

    # The same game, with the bot restarted mid-trick.
    before = await open_core()
    session = await start_to_mid_trick(before)
    game_id = session.game_id
    game = session.game
    assert game is not None
    views = [game.view(seat) for seat in (None, *range(game.player_count))]
    buttons = hand_to_act(before.sink, game_id)  # the hand message left on screen
    assert buttons is not None
    await close_core(before)

    after = await open_core()
    await after.service.restore()
    restored = after.session(game_id)
    again = restored.game
    assert again is not None and again is not game
    assert again.player_actions() == game.player_actions()
    assert [again.view(seat) for seat in (None, *range(again.player_count))] == views
    assert (await after.service.hand_of(game_id, buttons.user_id))[1] == buttons.hand

    # The buttons shown before the restart still work, and the game goes on the same:
    # the same computer moves (seeded by the game), the same deals.
    await after.service.move(game_id, buttons.user_id, buttons.seat, buttons.hand.counter,
                             first_choice(buttons.hand))
    await play_on(after, game_id, MOVES_AFTER - 1)
    assert again.player_actions() == expected
    assert (await after.stored(game_id)).actions_saved == len(expected)


async def restart_with_deadline(
    open_core: OpenCore, close_core: CloseCore, deadline: datetime, time_scale: float,
) -> tuple[Core, GameSession]:
    """A game stopped mid-trick whose turn deadline was stored (as the timer stores
    it at half time), then restored by a new core."""
    before = await open_core()
    session = await start_to_mid_trick(before)
    [seat] = session.awaiting_humans()
    await before.storage.games.update_seat(session.game_id, seat, turn_deadline=deadline)
    await close_core(before)

    after = await open_core(time_scale=time_scale)
    await after.service.restore()
    return after, after.session(session.game_id)


async def test_a_stored_deadline_is_kept(open_core: OpenCore, close_core: CloseCore) -> None:
    # Far off, and a whole second (storage keeps seconds): nothing fires in this test.
    deadline = datetime.fromtimestamp(int(time.time()) + 3600, UTC)
    after, session = await restart_with_deadline(open_core, close_core, deadline, 1.0)

    assert session.deadline == deadline.timestamp()  # not a fresh, full turn
    timers = {task.get_name() for task in asyncio.all_tasks()}
    assert f"timer-{session.game_id}" in timers
    assert after.sink.of_type(Note) == []  # still the same turn: nothing timed out


async def test_a_deadline_passed_while_down_times_out_soon(
    open_core: OpenCore, close_core: CloseCore,
) -> None:
    passed = datetime.fromtimestamp(int(time.time()) - 60, UTC)
    after, session = await restart_with_deadline(open_core, close_core, passed, 0.01)
    [seat] = session.awaiting_humans()
    name = session.seats[seat].name
    game = session.game
    assert game is not None
    count = game.player_action_count

    await wait_for(lambda: any(n.kind == "timed_out" and n.name == name
                               for n in after.sink.of_type(Note)), "the timeout")
    # The computer moved for the seat whose stored turn had run out.
    assert game.player_actions()[count].seat == seat
