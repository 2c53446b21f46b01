"""Sharing a database between bot processes (both backends): a cached game catches up
with one read, deadlines and owed progress are set together and claimed once, and a
game's lock keeps a second process out for the length of a step."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.storage import GameNotFound, InvalidValue, Storage
from tests.bot.storage.conftest import OpenStorage
from tests.bot.storage.helpers import NOW, first_legal, human, save_and_apply, start_game
from tests.bot.storage.postgres_server import Location

PLAYERS = [human(1), human(2), human(3)]


async def test_changes_bring_a_cached_copy_up_to_date(
    database: Location, open_storage: OpenStorage
) -> None:
    mine = await open_storage(database, durability="NORMAL")
    other = await open_storage(database, durability="NORMAL")
    game_id, game = await start_game(mine, 1, PLAYERS, seed=5)
    for _ in range(3):
        await save_and_apply(other, game_id, game, first_legal(game))
    await other.games.update_seat(game_id, 2, autoplay=True, missed_turns=3, dm_message_id=77)
    await other.games.update_game_messages(game_id, table_message_id=55)
    changes = await mine.games.load_game_changes(game_id, 1)
    assert changes.status == "active"
    assert changes.actions == tuple(game.player_actions()[1:])
    assert changes.actions_saved == 3
    assert changes.table_message_id == 55
    seat = changes.seats[2]
    assert (seat.autoplay, seat.missed_turns, seat.dm_message_id) == (True, 3, 77)
    assert [s.seat for s in changes.seats] == [0, 1, 2]
    assert (await mine.games.load_game_changes(game_id, 3)).actions == ()
    with pytest.raises(GameNotFound):
        await mine.games.load_game_changes(999, 0)
    with pytest.raises(InvalidValue, match="since"):
        await mine.games.load_game_changes(game_id, -1)


async def test_owed_progress_is_claimed_like_a_deadline_and_cleared_with_new_ones(
    storage: Storage,
) -> None:
    game_id, game = await start_game(storage, 1, PLAYERS, seed=6)
    owed = NOW - timedelta(seconds=2)
    await storage.games.append_action(game_id, 0, first_legal(game), progress_due=owed)
    claimed = await storage.games.claim_due_deadlines(NOW, lease=timedelta(seconds=8))
    assert [(d.game_id, d.seat, d.due) for d in claimed] == [(game_id, None, owed)]
    assert await storage.games.claim_due_deadlines(NOW + timedelta(seconds=7)) == []
    # The claimer carried the game on: new turn deadlines, nothing owed any more.
    turn_end = NOW + timedelta(seconds=60)
    await storage.games.set_turn_deadlines(game_id, {0: None, 1: turn_end, 2: None})
    assert await storage.games.claim_due_deadlines(NOW + timedelta(seconds=59)) == []
    due = await storage.games.claim_due_deadlines(NOW + timedelta(seconds=60))
    assert [(d.game_id, d.seat, d.due) for d in due] == [(game_id, 1, turn_end)]
    with pytest.raises(GameNotFound):
        await storage.games.set_turn_deadlines(999, {}, progress_due=None)


async def test_a_cancelled_game_owes_nothing(storage: Storage) -> None:
    game_id, _ = await start_game(storage, 1, PLAYERS, seed=7)
    await storage.games.set_turn_deadlines(game_id, {}, progress_due=NOW - timedelta(seconds=1))
    await storage.games.cancel_game(game_id, running=True, now=NOW)
    assert await storage.games.claim_due_deadlines(NOW) == []


async def test_a_game_lock_keeps_another_process_out_for_the_whole_step(
    database: Location, open_storage: OpenStorage
) -> None:
    first = await open_storage(database, durability="NORMAL")
    second = await open_storage(database, durability="NORMAL")
    game_id, game = await start_game(first, 1, PLAYERS, seed=8)
    order: list[str] = []
    inside = asyncio.Event()

    async def step(storage: Storage, name: str, wait: asyncio.Event | None) -> None:
        async with storage.games.game_lock(game_id):
            order.append(f"{name} in")
            if wait is None:
                inside.set()
                # Statements of the holder run on the lock's connection meanwhile.
                await storage.games.append_action(game_id, 0, first_legal(game))
                await asyncio.sleep(0.2)
            else:
                changes = await storage.games.load_game_changes(game_id, 0)
                order.append(f"{name} sees {changes.actions_saved}")
            order.append(f"{name} out")

    holder = asyncio.create_task(step(first, "first", None))
    await inside.wait()
    await step(second, "second", inside)
    await holder
    if first.backend == "postgres":
        assert order == ["first in", "first out", "second in", "second sees 1", "second out"]
    else:
        # SQLite has no lock across processes (the numbered append decides a race): the
        # second step runs at once, whatever the first holds.
        assert order.index("second in") < order.index("first out")
