"""Issue 28, a lease on owed showings: while a live process's delivery of a step waits
(the bot token's budget), that process renews the step's mark, so no other process
claims it and shows the step again; a process that stops renewing (dies) leaves its
mark to fall due and be shown by another, as before. Both backends."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import cast

import pytest

from bot.core.effects import ConfirmShown, Place
from bot.core.showing_leases import MAX_HELD_SECONDS, RENEW_SECONDS, OwedShowings
from bot.storage import InvalidValue, Storage
from tests.bot.core.conftest import OpenShared
from tests.bot.core.helpers import Core, hand_to_act, wait_for
from tests.bot.core.test_owed_showing import (
    confirmed_and_cleared,
    deliver,
    showing_mark,
    to_move_after_one_move,
)
from tests.bot.core.test_shared_truth import wait_until
from tests.bot.storage.postgres_server import Location


class Clock:
    """A clock the test moves on (shared by the cores that read it)."""

    def __init__(self) -> None:
        self.now = float(int(time.time()))

    def __call__(self) -> float:
        return self.now


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


async def renewed_past(database: Location, game_id: int, when: float) -> bool:
    due = await showing_mark(database, game_id)
    assert isinstance(due, int)
    return due > when


async def held_back_step(core: Core, clock: Clock, database: Location) -> tuple[int, float]:
    """A person's move whose delivery never reports (the sink holds it, as the budget
    would), its mark renewed 3 s on (to 13 s, short of the turn's 15 s): the game and
    when the mark first fell due."""
    core.service.ctx.clock = clock
    start = clock.now
    game_id, _ = await to_move_after_one_move(core)
    first_due = await showing_mark(database, game_id)
    assert isinstance(first_due, int) and first_due <= start + 11
    clock.now = start + 3
    await wait_until(lambda: renewed_past(database, game_id, first_due),
                     "the delivering process renews its mark")
    return game_id, first_due


async def test_a_step_held_back_past_the_showing_delay_is_not_claimed_while_its_process_lives(
    open_shared: OpenShared, database: Location,
) -> None:
    clock = Clock()
    owner = await open_shared()
    game_id, first_due = await held_back_step(owner, clock, database)

    other = await open_shared()  # another process, its clock past the first due time
    claimed = await other.storage.games.claim_due_deadlines(at(first_due + 2))
    assert [due for due in claimed if due.game_id == game_id] == [], "not owed elsewhere"

    await deliver(owner)  # the delivery reports it at last: the mark goes, no more renewals
    assert await showing_mark(database, game_id) is None
    assert owner.service.ctx.showings.pending() == {}


async def test_the_mark_of_a_process_that_stopped_renewing_is_claimed_and_shown(
    open_shared: OpenShared, database: Location,
) -> None:
    clock = Clock()
    dying = await open_shared()
    game_id, _ = await held_back_step(dying, clock, database)
    expected = hand_to_act(dying.sink, game_id)
    assert expected is not None
    renewed = await showing_mark(database, game_id)
    assert isinstance(renewed, int)
    assert dying.service.due is not None
    await dying.service.due.close()  # it dies: its renewals stop, its storage is left

    survivor = await open_shared()
    survivor.service.ctx.clock = lambda: renewed + 1.0
    await wait_for(lambda: hand_to_act(survivor.sink, game_id) is not None,
                   "the survivor shows the next person's hand")
    shown = hand_to_act(survivor.sink, game_id)
    assert shown is not None and (shown.seat, shown.hand) == (expected.seat, expected.hand)
    await confirmed_and_cleared(survivor, database, game_id, "its step confirmed")


async def test_renewing_moves_only_a_mark_the_step_would_clear_and_never_back(
    open_shared: OpenShared, database: Location,
) -> None:
    core = await open_shared()
    game_id, _ = await to_move_after_one_move(core)
    games = core.storage.games
    due = await showing_mark(database, game_id)
    assert isinstance(due, int)
    shown = (await core.stored(game_id)).actions_saved

    assert await games.renew_showing_due({game_id: shown - 1}, at(due + 60)) == 0, \
        "an earlier step's delivery does not hold a later step's mark"
    assert await games.renew_showing_due({game_id: shown}, at(due - 5)) == 0, "never back"
    assert await games.renew_showing_due({}, at(due + 60)) == 0
    assert await showing_mark(database, game_id) == due
    for bad in ({game_id: -1}, {0: shown}, {game_id: True}):
        with pytest.raises(InvalidValue):
            await games.renew_showing_due(bad, at(due + 60))
    assert await showing_mark(database, game_id) == due, "unchanged on refusal"

    assert await games.renew_showing_due({game_id: shown}, at(due + 60)) == 1
    assert await showing_mark(database, game_id) == due + 60
    await deliver(core)
    assert await games.renew_showing_due({game_id: shown}, at(due + 90)) == 0, \
        "a mark cleared stays cleared"


# --- the set of pending steps, without a database ----------------------------------------


class RecordingGames:
    def __init__(self) -> None:
        self.renewals: list[dict[int, int]] = []

    async def renew_showing_due(self, owed: dict[int, int], until: datetime) -> int:
        self.renewals.append(dict(owed))
        return len(owed)


class RecordingStorage:
    def __init__(self) -> None:
        self.games = RecordingGames()


def confirm(game_id: int, shown: int) -> ConfirmShown:
    return ConfirmShown(Place(guild_id=1, channel_id=2), game_id, shown)


async def test_pending_steps_are_renewed_together_and_only_while_unreported() -> None:
    storage = RecordingStorage()
    owed = OwedShowings()

    async def renew(now: float) -> None:
        await owed.renew(cast(Storage, storage), now, at(now + 10))

    await renew(100.0)
    assert storage.games.renewals == [], "nothing pending: no write"
    owed.note([confirm(1, 4), confirm(2, 0)], 100.0)
    await renew(100.0 + RENEW_SECONDS - 1)
    assert storage.games.renewals == [], "no write for steps reported within a renewal"
    owed.note([confirm(1, 6)], 101.0)  # a later step of game 1, still under delivery
    owed.note([confirm(1, 5)], 101.0)  # a late earlier one changes nothing
    owed.shown(1, 5)  # an earlier step's report leaves the later step pending
    await renew(100.0 + RENEW_SECONDS)
    assert storage.games.renewals == [{1: 6, 2: 0}], "one statement for all of them"
    await renew(100.0 + RENEW_SECONDS + 1)
    assert len(storage.games.renewals) == 1, "every few seconds at most"

    owed.shown(1, 6)
    assert owed.pending() == {2: 0}
    await renew(100.0 + MAX_HELD_SECONDS + 1)
    assert owed.pending() == {}, "unreported for too long: left to fall due"
    assert len(storage.games.renewals) == 1
