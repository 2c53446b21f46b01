"""Several processes that trust only the database (both backends): a copy of a game held
by one process may be behind — or, after a restore, ahead of — what another saved, and
no copy may cancel, block or stall a game (issue 28)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import bot.core.progress as progress_module
from bot.core.actors import Actor
from bot.core.database_clock import DatabaseClock
from bot.core.effects import ShowHand
from bot.core.move_choice import MoveChoice
from bot.core.refusals import Refusal
from bot.core.session import GameSession
from bot.storage import Storage
from engine import preset_rules
from tests.bot.core.conftest import OpenShared
from tests.bot.core.helpers import (
    TURN_TIMEOUT,
    Core,
    first_choice,
    open_lobby,
    person_id,
    person_name,
    wait_for,
)


def after_next_catch_up(core: Core, then: Callable[[], Awaitable[object]]) -> asyncio.Event:
    """Run ``then`` once, right after ``core``'s next catch-up read: another process's
    write lands between this process's read of the truth and its own write. The event
    is set once it has."""
    games = core.storage.games
    original = games.load_game_changes
    done = asyncio.Event()

    async def hooked(game_id: int, since: int):  # type: ignore[no-untyped-def]
        changes = await original(game_id, since)
        games.load_game_changes = original  # type: ignore[method-assign]
        await then()
        done.set()
        return changes

    games.load_game_changes = hooked  # type: ignore[method-assign]
    return done


async def after_its_step(core: Core, session: GameSession) -> None:
    """Wait until the step ``core`` is taking on this game is over."""
    async with session.lock:
        pass


async def person_to_move(core: Core, game_id: int, people: int) -> ShowHand:
    for index in range(people):
        user = person_id(index)
        seat, hand = await core.service.hand_of(game_id, user)
        if hand.yours:
            return ShowHand(None, game_id, seat, user, hand, False)  # type: ignore[arg-type]
    raise AssertionError("nobody to move")


async def move_through(core: Core, game_id: int, people: int) -> None:
    shown = await person_to_move(core, game_id, people)
    await core.service.move(game_id, shown.user_id, shown.seat, shown.hand.counter,
                            first_choice(shown.hand))


async def stored_status(storage: Storage, game_id: int) -> str:
    return (await storage.games.load_game(game_id)).status


# --- defect 1: a stale lobby copy -----------------------------------------------------


async def test_a_stale_lobby_copy_takes_the_clicks_of_the_started_game(
    open_shared: OpenShared,
) -> None:
    first, second = await open_shared(), await open_shared()
    lobby = await open_lobby(first, people=3)
    game_id = lobby.game_id
    assert await second.service.lookup.game(game_id) is not None  # a read: a lobby copy
    await first.service.lobbies.start(game_id, Actor(lobby.host_id))
    # The click of the running game reaches the process whose copy is a lobby.
    await move_through(second, game_id, 3)
    stored = await second.storage.games.load_game(game_id)
    assert stored.game is not None and stored.game.player_action_count == 1


async def test_a_stale_lobby_copy_never_cancels_the_started_game(
    open_shared: OpenShared,
) -> None:
    first, second = await open_shared(), await open_shared()
    lobby = await open_lobby(first, people=3)
    game_id = lobby.game_id
    assert await second.service.lookup.game(game_id) is not None  # a lobby copy here
    copy = second.session(game_id)
    # The second process finds the lobby idle; another process starts the game just
    # after the idle step read the lobby.
    started = after_next_catch_up(second, lambda: first.storage.games.start_game(game_id))
    ahead(second, 2 * 3600)
    await asyncio.wait_for(started.wait(), 30)
    await after_its_step(second, copy)
    assert await stored_status(first.storage, game_id) == "active"


async def test_an_idle_lobby_is_closed_by_any_process(open_shared: OpenShared) -> None:
    first = await open_shared(time_scale=0.01)
    lobby = await open_lobby(first, people=2)
    await first.service.close(5.0)  # the process that opened it is gone
    survivor = await open_shared(time_scale=0.01)
    ahead(survivor, 2 * 3600)

    async def closed() -> bool:
        return await stored_status(survivor.storage, lobby.game_id) == "cancelled"

    await wait_until(closed, "the idle lobby closed")
    notes = [e for e in survivor.sink.effects if getattr(e, "kind", None) == "lobby_idle"]
    assert len(notes) == 1, "the lobby's people are told, once"
    # Both are free for another lobby.
    new = await open_lobby(survivor, people=2)
    assert len((await survivor.storage.games.load_game(new.game_id)).seats) == 2


async def test_a_lobby_used_since_its_idle_claim_stays_open(open_shared: OpenShared) -> None:
    first, second = await open_shared(), await open_shared()
    lobby = await open_lobby(first, people=2)
    game_id = lobby.game_id
    assert await second.service.lookup.game(game_id) is not None
    copy = second.session(game_id)
    # Someone joins through the first process just after the second claimed the lobby.
    joined = after_next_catch_up(second, lambda: first.service.lobbies.join(
        game_id, person_id(5), person_name(5)))
    ahead(second, 2 * 3600)
    await asyncio.wait_for(joined.wait(), 30)
    await after_its_step(second, copy)
    assert await stored_status(first.storage, game_id) == "lobby"


# --- defect 2: a game finished in another process ------------------------------------


async def test_players_of_a_game_finished_elsewhere_join_a_new_lobby(
    open_shared: OpenShared,
) -> None:
    first, second = await open_shared(), await open_shared()
    lobby = await open_lobby(first, people=3)
    game_id = lobby.game_id
    await first.service.lobbies.start(game_id, Actor(lobby.host_id))
    await move_through(second, game_id, 3)  # the second process holds a copy now
    while await stored_status(first.storage, game_id) == "active":
        await move_through(first, game_id, 3)
    assert await stored_status(first.storage, game_id) == "finished"
    new = await open_lobby(second, people=1, first=10)
    for index in range(3):
        await second.service.lobbies.join(new.game_id, person_id(index), person_name(index))
    seats = (await second.storage.games.load_game(new.game_id)).seats
    assert [seat.user_id for seat in seats] == [person_id(i) for i in (10, 0, 1, 2)]
    # The copy of the ended game leaves the process that did not end it.
    await second.service.lookup.forget_ended()
    assert second.service.registry.get(game_id) is None
    assert second.service.registry.get(new.game_id) is not None


# --- defect 5: lobby writes address the person ----------------------------------------


async def test_leave_removes_the_person_who_left_not_a_seat_number(
    open_shared: OpenShared,
) -> None:
    first, second = await open_shared(), await open_shared()
    lobby = await open_lobby(first, people=3)
    game_id = lobby.game_id
    leaver, stayer = person_id(1), person_id(2)
    # Another process takes the leaver out (its seat number goes to the stayer) just
    # after this one read the lobby to handle the leaver's own second click.
    after_next_catch_up(first, lambda: second.storage.games.remove_seat(game_id, 1))
    with pytest.raises(Refusal) as refused:
        await first.service.lobbies.leave(game_id, leaver)
    assert refused.value.key == "not_at_table", "gone already"
    users = [seat.user_id for seat in (await first.storage.games.load_game(game_id)).seats]
    assert users == [person_id(0), stayer]


# --- defect 3: progress owed is stored with the step that owes it ---------------------


class ProcessDied(Exception):
    """Stands for a SIGKILL at this point of a step: nothing after it happens."""


def ahead(core: Core, seconds: float) -> None:
    """Let ``core``'s clock run ahead, so that owed progress and leases fall due now."""
    core.service.ctx.clock = lambda: time.time() + seconds


async def carried_on(storage: Storage, game_id: int, actions: int) -> bool:
    """Some process moved the game past ``actions`` player actions."""
    stored = await storage.games.load_game(game_id)
    return stored.game is not None and stored.game.player_action_count > actions


async def wait_until(check: Callable[[], Awaitable[bool]], what: str) -> None:
    try:
        async with asyncio.timeout(30):  # a safety net, far beyond what it needs
            while not await check():
                await asyncio.sleep(0.02)
    except TimeoutError:
        raise AssertionError(f"never happened: {what}") from None


async def test_a_process_dying_right_after_the_start_leaves_the_game_owed(
    open_shared: OpenShared, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await open_shared(time_scale=0.01)
    lobby = await open_lobby(first, people=1, computers=2)
    game_id = lobby.game_id

    async def dies(*_: object) -> None:
        raise ProcessDied

    monkeypatch.setattr(first.service.progress, "after_move", dies)
    with pytest.raises(ProcessDied):
        await first.service.lobbies.start(game_id, Actor(lobby.host_id))
    await first.service.close(5.0)
    assert await stored_status(first.storage, game_id) == "active"
    survivor = await open_shared(time_scale=0.01)
    ahead(survivor, 60)
    await wait_until(lambda: carried_on(survivor.storage, game_id, 0), "the first moves")


async def test_a_process_dying_in_a_timeout_leaves_the_deadline_due(
    open_shared: OpenShared, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await open_shared(time_scale=0.01)
    lobby = await open_lobby(first, people=3)
    game_id = lobby.game_id
    died = asyncio.Event()
    real = progress_module.apply_action

    async def dies_once(*args: Any, **kwargs: Any) -> list[Any]:
        if kwargs.get("reason") == "timeout" and not died.is_set():
            died.set()
            raise ProcessDied
        return await real(*args, **kwargs)

    monkeypatch.setattr(progress_module, "apply_action", dies_once)
    await first.service.lobbies.start(game_id, Actor(lobby.host_id))
    await asyncio.wait_for(died.wait(), 30)  # nobody moved: the turn timed out
    await first.service.close(5.0)
    survivor = await open_shared(time_scale=0.01)
    ahead(survivor, 60)
    await wait_until(lambda: carried_on(survivor.storage, game_id, 0), "the timed-out move")
    await survivor.service.close(5.0)
    stored = await survivor.storage.games.load_game(game_id)
    assert stored.game is not None
    moved = stored.game.player_action_count
    assert sum(seat.missed_turns for seat in stored.seats) == moved, "each timeout once"


# --- defect 7: a copy ahead of the log -------------------------------------------------


async def test_a_copy_ahead_of_a_restored_log_is_reloaded(open_shared: OpenShared) -> None:
    first = await open_shared()
    lobby = await open_lobby(first, people=3)
    game_id = lobby.game_id
    await first.service.lobbies.start(game_id, Actor(lobby.host_id))
    for _ in range(3):
        await move_through(first, game_id, 3)
    # The database is restored from a backup that lacks the last move.
    await first.storage._db.write(  # what a restore does, not the bot
        "DELETE FROM actions WHERE game_id = ? AND seq = 2", (game_id,), "restoring")
    stored = await first.storage.games.load_game(game_id)
    assert stored.game is not None and stored.game.player_action_count == 2
    (seat,) = stored.game.awaiting()
    user = stored.seats[seat].user_id
    assert user is not None
    mine, hand = await first.service.hand_of(game_id, user)
    assert (mine, hand.yours) == (seat, True), "the log's turn, not the copy's"
    await first.service.move(game_id, user, seat, hand.counter, first_choice(hand))
    stored = await first.storage.games.load_game(game_id)
    assert stored.game is not None and stored.game.player_action_count == 3


# --- the blind-look flag is stored ------------------------------------------------------


async def test_who_looked_at_their_hand_bids_blind_in_no_process(
    open_shared: OpenShared,
) -> None:
    first, second = await open_shared(), await open_shared()
    rules = preset_rules("short").model_copy(update={"blind_bids": True})
    lobby = await open_lobby(first, people=3, rules=rules)
    game_id = lobby.game_id
    await first.service.lobbies.start(game_id, Actor(lobby.host_id))
    shown = await person_to_move(second, game_id, 3)  # the second process holds a copy
    assert shown.hand.may_bid_blind
    await first.service.look(game_id, shown.user_id, shown.seat)
    seat, hand = await second.service.hand_of(game_id, shown.user_id)
    assert not hand.may_bid_blind, "looked, as the other process knows"
    with pytest.raises(Refusal) as refused:
        await second.service.move(game_id, shown.user_id, seat, hand.counter,
                                  MoveChoice(bid=hand.view.legal_bids[0], blind=True))
    assert refused.value.key == "stale_controls"
    stored = await second.storage.games.load_game(game_id)
    assert stored.game is not None and stored.game.player_action_count == 0


# --- deadlines on the database's clock ----------------------------------------------------


async def test_deadlines_are_on_the_database_clock_whatever_the_host_clock(
    open_shared: OpenShared,
) -> None:
    first = await open_shared()
    skewed = DatabaseClock(local=lambda: time.time() - 3600)  # this host is an hour behind
    first.service.ctx.clock = skewed
    await skewed.sync(first.storage)
    lobby = await open_lobby(first, people=3)
    await first.service.lobbies.start(lobby.game_id, Actor(lobby.host_id))
    stored = await first.storage.games.load_game(lobby.game_id)
    deadlines = [seat.turn_deadline for seat in stored.seats if seat.turn_deadline]
    assert deadlines, "the person to move has a stored deadline"
    expected = time.time() + TURN_TIMEOUT
    # Whole seconds, and however long this test took: far from an hour off either way.
    assert all(abs(when.timestamp() - expected) < 120 for when in deadlines), deadlines


# --- owed progress shows what the dead process may not have shown ---------------------


async def test_the_next_player_is_shown_their_turn_after_the_mover_died(
    open_shared: OpenShared,
) -> None:
    first = await open_shared()
    lobby = await open_lobby(first, people=3)
    game_id = lobby.game_id
    await first.service.lobbies.start(game_id, Actor(lobby.host_id))
    await first.service.close(5.0)  # "killed" right after saving the next move
    stored = await first.storage.games.load_game(game_id)
    assert stored.game is not None
    action = stored.game.legal_actions()[0]
    past = datetime.now(UTC) - timedelta(seconds=1)
    await first.storage.games.append_action(game_id, stored.game.player_action_count,
                                            action, progress_due=past)
    stored.game.apply(action)
    (next_seat,) = stored.game.awaiting()
    turn = stored.game.action_count
    survivor = await open_shared(time_scale=0.01)

    def next_hand_shown() -> bool:
        # This very turn (a timeout's refresh would show a later one).
        return any(isinstance(e, ShowHand) and e.game_id == game_id and e.hand.yours
                   and e.seat == next_seat and e.hand.counter == turn
                   for e in survivor.sink.effects)

    await wait_for(next_hand_shown, "the next player's controls shown by the survivor")
