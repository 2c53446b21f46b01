"""Issue 28, owed showing: a step is committed before it is shown, so a process that
dies in between must not leave the next player without controls until the reminder.
The step stores a mark in its own transaction; the delivery's ``ConfirmShown`` clears
it; a mark left over is shown again by whichever process claims it (shared database,
both backends) or by the restarted bot (one process on SQLite). The end of a game is
such a step: shown again, from storage, if its process died before showing it."""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime
from pathlib import Path

from bot.core.actors import Actor
from bot.core.effects import (
    AnnounceStart,
    CloseHand,
    ConfirmShown,
    OpenThread,
    PostTable,
    ShowFinal,
    ShowHand,
)
from bot.core.refusals import Refusal
from bot.storage import StorageError
from engine import preset_rules
from tests.bot.core.conftest import CloseCore, OpenCore, OpenShared
from tests.bot.core.helpers import (
    Core,
    hand_to_act,
    move_person,
    open_lobby,
    play_to_end,
    start_game,
    wait_for,
)
from tests.bot.core.test_fault_matrix import DiesAfter
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


async def confirmed_and_cleared(core: Core, database: Location, game_id: int, what: str) -> None:
    """The step ``core`` showed again confirms itself; delivered, its mark is gone."""
    await wait_for(lambda: bool(core.sink.of_type(ConfirmShown)), what)
    await deliver(core)
    assert await showing_mark(database, game_id) is None


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
    await confirmed_and_cleared(survivor, database, game_id, "its step confirmed")


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


# --- the end owes its showing like any step ---------------------------------------------


def finals(core: Core, game_id: int) -> list[ShowFinal]:
    return [e for e in core.sink.of_type(ShowFinal) if e.game_id == game_id]


async def finished_unshown(core: Core) -> tuple[int, ShowFinal]:
    """A game played to its end, recorded and never delivered: the game and its end as
    the finishing process showed it."""
    rules = preset_rules("short").model_copy(update={"max_hand": 2})
    session = await start_game(core, people=2, computers=1, rules=rules)
    await play_to_end(core, session.game_id)
    assert (await core.stored(session.game_id)).status == "finished"
    [final] = finals(core, session.game_id)
    assert any(change is not None for change in final.rating_changes)
    return session.game_id, final


def hands_closed_by_the_end(core: Core, game_id: int) -> set[int]:
    return {e.seat for e in core.sink.of_type(CloseHand)
            if e.game_id == game_id and e.why == "game_over"}


async def test_another_process_shows_the_end_its_process_died_before_showing(
    open_shared: OpenShared, database: Location,
) -> None:
    dying = await open_shared()
    game_id, expected = await finished_unshown(dying)
    assert await showing_mark(database, game_id) is not None, "the finish stored its mark"
    await dying.service.close(5.0)  # it dies with the end recorded, nothing delivered

    survivor = await open_shared()
    ahead(survivor, PAST_SHOWING)
    await wait_for(lambda: bool(finals(survivor, game_id)), "the survivor shows the end")
    assert finals(survivor, game_id) == [expected], "the same final table and standings"
    assert hands_closed_by_the_end(survivor, game_id) == {0, 1}
    await confirmed_and_cleared(survivor, database, game_id, "the end confirmed")


async def test_a_delivered_end_is_shown_once(
    open_shared: OpenShared, database: Location,
) -> None:
    core = await open_shared()
    game_id, _ = await finished_unshown(core)
    await deliver(core)
    assert await showing_mark(database, game_id) is None
    later = datetime.fromtimestamp(core.service.ctx.clock() + PAST_SHOWING, UTC)
    claimed = await core.storage.games.claim_due_deadlines(later)
    assert [due for due in claimed if due.game_id == game_id] == [], "nothing owed"
    assert len(finals(core, game_id)) == 1


async def test_a_late_report_of_the_last_move_leaves_the_ends_mark(
    open_shared: OpenShared, database: Location,
) -> None:
    core = await open_shared()
    game_id, _ = await finished_unshown(core)
    last_move = (await core.stored(game_id)).actions_saved
    await core.service.shown(game_id, last_move)  # that step's report, before the end's
    assert await showing_mark(database, game_id) is not None
    await deliver(core)
    assert await showing_mark(database, game_id) is None


async def test_the_restarted_bot_shows_an_end_it_never_delivered(
    open_core: OpenCore, close_core: CloseCore, db_path: Path,
) -> None:
    before = await open_core()
    game_id, expected = await finished_unshown(before)
    await close_core(before)  # nothing it queued was delivered

    after = await open_core()
    await after.service.restore()
    assert finals(after, game_id) == [expected], "the end is shown at restart"
    assert hands_closed_by_the_end(after, game_id) == {0, 1}
    await deliver(after)
    assert await showing_mark(db_path, game_id) is None
    await close_core(after)

    again = await open_core()
    await again.service.restore()
    assert finals(again, game_id) == [], "a delivered end is not shown again"



async def test_an_end_that_no_longer_replays_is_not_claimed_again(
    open_core: OpenCore, close_core: CloseCore, db_path: Path,
) -> None:
    before = await open_core()
    game_id, _ = await finished_unshown(before)
    await close_core(before)
    await raw_execute(db_path, "UPDATE games SET chance_version = 999 WHERE id = ?",
                      (game_id,))

    after = await open_core()
    await after.service.restore()
    assert finals(after, game_id) == []
    assert await showing_mark(db_path, game_id) is None, "its mark dropped, with an error"

# --- a start shown again posts its table ----------------------------------------------


async def started_unshown(core: Core) -> int:
    """A lobby whose start is committed, and the process dies at once (before its
    computers' moves and any showing)."""
    lobby = await open_lobby(core, people=2, computers=1)
    fault = DiesAfter(core.storage, "starting a game", 1)
    with contextlib.suppress(StorageError, Refusal):
        await core.service.lobbies.start(lobby.game_id, Actor(lobby.host_id))
    assert fault.dead and core.sink.of_type(PostTable) == []
    return lobby.game_id


def start_shown(core: Core) -> list[str]:
    """What ``core`` showed of its one game's start, in order: the thread opened (thread
    mode), the announcement, the table, each person's new hand."""
    shown = []
    for effect in core.sink.effects:
        if isinstance(effect, OpenThread | AnnounceStart | PostTable):
            shown.append(type(effect).__name__)
        elif isinstance(effect, ShowHand) and effect.fresh:
            shown.append(f"hand {effect.seat}")
    return shown


async def test_another_process_posts_the_table_of_a_start_it_never_showed(
    open_shared: OpenShared, database: Location,
) -> None:
    dying = await open_shared()
    game_id = await started_unshown(dying)
    await dying.service.close(5.0)

    survivor = await open_shared()
    ahead(survivor, PAST_SHOWING)
    await wait_for(lambda: bool(survivor.sink.of_type(ConfirmShown)), "the start shown")
    assert start_shown(survivor) == [
        "AnnounceStart", "PostTable", "hand 0", "hand 1"], "shown as the start shows it"
    await deliver(survivor)
    assert await showing_mark(database, game_id) is None


async def test_the_restarted_bot_posts_the_table_of_a_start_it_never_showed(
    open_core: OpenCore, close_core: CloseCore, db_path: Path,
) -> None:
    before = await open_core()
    game_id = await started_unshown(before)
    await close_core(before)

    after = await open_core()
    await after.service.restore()
    assert start_shown(after) == [
        "AnnounceStart", "PostTable", "hand 0", "hand 1"], "shown as the start shows it"
    await deliver(after)
    assert await showing_mark(db_path, game_id) is None


async def in_threads(guild_id: int) -> bool:
    return True


async def test_another_process_opens_the_thread_of_a_start_it_never_showed(
    open_shared: OpenShared, database: Location,
) -> None:
    dying = await open_shared(thread_mode=in_threads)
    game_id = await started_unshown(dying)
    await dying.service.close(5.0)

    survivor = await open_shared(thread_mode=in_threads)
    ahead(survivor, PAST_SHOWING)
    await wait_for(lambda: bool(survivor.sink.of_type(ConfirmShown)), "the start shown")
    assert start_shown(survivor) == [
        "OpenThread", "AnnounceStart", "PostTable", "hand 0", "hand 1"
    ], "thread mode: in the game's thread, as the start shows it"
    [thread] = survivor.sink.of_type(OpenThread)
    assert (thread.game_id, len(thread.user_ids)) == (game_id, 2)


async def test_the_restarted_bot_opens_the_thread_of_a_start_it_never_showed(
    open_core: OpenCore, close_core: CloseCore,
) -> None:
    before = await open_core(thread_mode=in_threads)
    await started_unshown(before)
    await close_core(before)

    after = await open_core(thread_mode=in_threads)
    await after.service.restore()
    assert start_shown(after) == [
        "OpenThread", "AnnounceStart", "PostTable", "hand 0", "hand 1"]
