"""Issue 28, owed showing: a step is committed before it is shown, so a process that
dies in between must not leave the next player without controls until the reminder.
The step stores a mark in its own transaction; the delivery's ``ConfirmShown`` clears
it; a mark left over is shown again by whichever process claims it (shared database,
both backends) or by the restarted bot (one process on SQLite)."""

from __future__ import annotations

from pathlib import Path

from bot.core.effects import ConfirmShown, ShowHand
from tests.bot.core.conftest import CloseCore, OpenCore, OpenShared
from tests.bot.core.helpers import (
    Core,
    hand_to_act,
    move_person,
    start_game,
    wait_for,
)
from tests.bot.core.test_shared_truth import ahead
from tests.bot.storage.postgres_server import Location, raw_execute

PAST_SHOWING = 12.0
"""Seconds ahead: past an owed showing (10 s) but short of a turn's deadline (15 s)."""


async def deliver(core: Core) -> None:
    """What the adapter does once a step's effects are out: report each step shown."""
    for effect in core.sink.of_type(ConfirmShown):
        await core.service.shown(effect.game_id, effect.shown)


async def showing_mark(database: Location, game_id: int) -> object:
    [(due,)] = await raw_execute(database, "SELECT showing_due FROM games WHERE id = ?",
                                 (game_id,))
    return due


async def to_move_after_one_move(core: Core) -> tuple[int, ShowHand]:
    """A started game after one person's move, saved and never delivered: the game
    and the hand the next person should see (from the core's effects)."""
    session = await start_game(core, people=2, computers=1)
    await move_person(core, session.game_id)
    expected = hand_to_act(core.sink, session.game_id)
    assert expected is not None, "the game waits for a person"
    return session.game_id, expected


async def test_the_restarted_bot_shows_an_undelivered_step(
    open_core: OpenCore, close_core: CloseCore, db_path: Path,
) -> None:
    before = await open_core()
    game_id, expected = await to_move_after_one_move(before)
    await close_core(before)  # nothing it queued was delivered

    after = await open_core()
    await after.service.restore()
    shown = hand_to_act(after.sink, game_id)
    assert shown is not None, "the next person's controls are shown again at restart"
    assert (shown.seat, shown.hand) == (expected.seat, expected.hand)
    await deliver(after)
    assert await showing_mark(db_path, game_id) is None


async def test_a_delivered_step_is_not_shown_again_at_restart(
    open_core: OpenCore, close_core: CloseCore, db_path: Path,
) -> None:
    before = await open_core()
    game_id, _ = await to_move_after_one_move(before)
    await deliver(before)
    assert await showing_mark(db_path, game_id) is None
    await close_core(before)

    after = await open_core()
    await after.service.restore()
    assert after.sink.of_type(ShowHand) == []


async def test_another_process_shows_a_step_whose_process_died_before_showing_it(
    open_shared: OpenShared, database: Location,
) -> None:
    dying = await open_shared()
    game_id, expected = await to_move_after_one_move(dying)
    saved = (await dying.stored(game_id)).actions_saved
    assert await showing_mark(database, game_id) is not None
    await dying.service.close(5.0)  # it dies with the step saved, nothing delivered

    survivor = await open_shared()
    ahead(survivor, PAST_SHOWING)
    await wait_for(lambda: hand_to_act(survivor.sink, game_id) is not None,
                   "the survivor shows the next person's hand")
    shown = hand_to_act(survivor.sink, game_id)
    assert shown is not None
    assert (shown.seat, shown.hand) == (expected.seat, expected.hand)
    assert (await survivor.stored(game_id)).actions_saved == saved, "nothing timed out"
    await wait_for(lambda: bool(survivor.sink.of_type(ConfirmShown)), "its step confirmed")
    await deliver(survivor)
    assert await showing_mark(database, game_id) is None


async def test_a_report_of_an_earlier_step_leaves_a_later_mark(
    open_shared: OpenShared, database: Location,
) -> None:
    core = await open_shared()
    game_id, _ = await to_move_after_one_move(core)
    first = core.sink.of_type(ConfirmShown)
    await move_person(core, game_id)
    assert len(core.sink.of_type(ConfirmShown)) > len(first)
    for effect in first:  # a late report of the earlier steps
        await core.service.shown(effect.game_id, effect.shown)
    assert await showing_mark(database, game_id) is not None
    await deliver(core)
    assert await showing_mark(database, game_id) is None
