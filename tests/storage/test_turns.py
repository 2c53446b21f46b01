"""What several processes need (on both backends): a game locked for a move, the
moves appended since a count, and due deadlines claimed by one process each."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.storage import GameNotFound, GameStateConflict, InvalidValue, Storage
from tests.storage.conftest import OpenStorage
from tests.storage.helpers import NOW, first_legal, human, play_until, save_and_apply, start_game
from tests.storage.postgres_server import Location

PLAYERS = [human(1), human(2), human(3)]


async def two_processes(database: Location, open_storage: OpenStorage) -> tuple[Storage, Storage]:
    """Two storages on one database, as two bot processes have."""
    return (
        await open_storage(database, durability="NORMAL"),
        await open_storage(database, durability="NORMAL"),
    )


async def test_a_locked_game_catches_up_and_appends(
    database: Location, open_storage: OpenStorage
) -> None:
    mine, other = await two_processes(database, open_storage)
    game_id, game = await start_game(mine, 1, PLAYERS, seed=3)
    cached = len(game.player_actions())
    for _ in range(4):  # moves another process saved since this one's copy
        await save_and_apply(other, game_id, game, first_legal(game))
    async with mine.lock_game(game_id) as locked:
        assert (locked.status, locked.actions_saved) == ("active", 4)
        assert await locked.actions_since(cached) == list(game.player_actions())
        assert await locked.actions_since(3) == list(game.player_actions()[3:])
        action = first_legal(game)
        await locked.append_action(4, action, deadlines={0: NOW})
        assert locked.actions_saved == 5
        with pytest.raises(GameStateConflict, match="out of order"):
            await locked.append_action(4, action)
    game.apply(action)
    stored = await other.load_game(game_id)
    assert stored.game is not None and stored.game.log == game.log
    assert stored.seats[0].turn_deadline == NOW


async def test_a_failed_move_under_the_lock_saves_nothing(storage: Storage) -> None:
    game_id, game = await start_game(storage, 1, PLAYERS, seed=4)
    with pytest.raises(RuntimeError, match="sending failed"):
        async with storage.lock_game(game_id) as locked:
            await locked.append_action(0, first_legal(game))
            raise RuntimeError("sending failed")
    assert (await storage.load_game(game_id)).actions_saved == 0
    with pytest.raises(GameNotFound):
        async with storage.lock_game(999):
            pass


async def test_a_move_waits_for_the_lock_and_sees_the_move_before_it(
    database: Location, open_storage: OpenStorage
) -> None:
    first, second = await two_processes(database, open_storage)
    game_id, game = await start_game(first, 1, PLAYERS, seed=5)
    inside = asyncio.Event()
    proceed = asyncio.Event()

    async def move(storage: Storage, hold: bool) -> str:
        try:
            async with storage.lock_game(game_id) as locked:
                if hold:
                    inside.set()
                    await proceed.wait()
                await locked.append_action(locked.actions_saved, first_legal(game))
        except GameStateConflict as refused:
            return refused.player_message
        return "landed"

    holder = asyncio.create_task(move(first, hold=True))
    await inside.wait()
    racer = asyncio.create_task(move(second, hold=False))
    await asyncio.sleep(0.05)  # the racer now waits for the lock
    proceed.set()
    outcomes = await asyncio.gather(holder, racer)
    # The racer saw the holder's move once it got the lock, and saved its own after it:
    # both land, in order, never two moves with one number.
    assert list(outcomes) == ["landed", "landed"]
    assert (await first.load_game(game_id)).actions_saved == 2


async def test_the_same_click_twice_lands_once(
    database: Location, open_storage: OpenStorage
) -> None:
    first, second = await two_processes(database, open_storage)
    game_id, game = await start_game(first, 1, PLAYERS, seed=6)
    action = first_legal(game)

    async def click(storage: Storage) -> str:
        try:
            async with storage.lock_game(game_id) as locked:
                await locked.append_action(0, action)  # both think it is move 0
        except GameStateConflict as refused:
            return refused.player_message
        return "landed"

    outcomes = sorted(await asyncio.gather(click(first), click(second)))
    assert outcomes == ["That move is out of date. Nothing changed.", "landed"]
    assert (await second.load_game(game_id)).actions_saved == 1


async def test_moves_since_a_count(storage: Storage) -> None:
    game_id, game = await start_game(storage, 1, PLAYERS, seed=7)
    for _ in range(5):
        await save_and_apply(storage, game_id, game, first_legal(game))
    assert await storage.load_actions_since(game_id, 0) == list(game.player_actions())
    assert await storage.load_actions_since(game_id, 2) == list(game.player_actions()[2:])
    assert await storage.load_actions_since(game_id, 5) == []
    assert await storage.load_actions_since(game_id, 50) == []
    with pytest.raises(GameNotFound):
        await storage.load_actions_since(999, 0)
    with pytest.raises(InvalidValue, match="count"):
        await storage.load_actions_since(game_id, -1)


async def test_due_deadlines_are_claimed_once_until_the_lease_ends(storage: Storage) -> None:
    game_id, game = await start_game(storage, 1, PLAYERS, seed=8)
    other_id, _ = await start_game(storage, 1, [human(4), human(5), human(6)], seed=9)
    ended_id, ended = await start_game(storage, 1, [human(7), human(8), human(9)], seed=10)
    await storage.update_seat(game_id, 0, turn_deadline=NOW - timedelta(seconds=5))
    await storage.update_seat(game_id, 2, turn_deadline=NOW + timedelta(minutes=1))
    await storage.update_seat(other_id, 1, turn_deadline=NOW - timedelta(seconds=9))
    await storage.update_seat(ended_id, 0, turn_deadline=NOW - timedelta(seconds=60))
    await storage.cancel_game(ended_id, now=NOW)
    lease = timedelta(seconds=30)
    claimed = await storage.claim_due_deadlines(NOW, lease=lease)
    assert [(d.game_id, d.seat, d.due) for d in claimed] == [
        (other_id, 1, NOW - timedelta(seconds=9)),
        (game_id, 0, NOW - timedelta(seconds=5)),
    ]
    assert await storage.claim_due_deadlines(NOW + timedelta(seconds=29), lease=lease) == []
    # The claimer died: at the end of the lease both fall due again, oldest first.
    again = await storage.claim_due_deadlines(NOW + lease, limit=1, lease=lease)
    rest = await storage.claim_due_deadlines(NOW + lease, limit=1, lease=lease)
    assert [(d.game_id, d.seat, d.due) for d in again + rest] == [
        (game_id, 0, NOW + lease),
        (other_id, 1, NOW + lease),
    ]
    # A move that sets new deadlines ends the claim.
    await storage.append_action(game_id, 0, first_legal(game), deadlines={0: None})
    later = await storage.claim_due_deadlines(NOW + timedelta(minutes=5), lease=lease)
    assert {(d.game_id, d.seat) for d in later} == {(other_id, 1), (game_id, 2)}
    with pytest.raises(InvalidValue, match="limit"):
        await storage.claim_due_deadlines(NOW, limit=0)
    with pytest.raises(InvalidValue, match="time zone"):
        await storage.claim_due_deadlines(NOW.replace(tzinfo=None))
    play_until(ended, first_legal, lambda _: False)


async def test_processes_claiming_at_once_never_share_a_deadline(
    database: Location, open_storage: OpenStorage
) -> None:
    first, second = await two_processes(database, open_storage)
    due = set()
    for table in range(6):
        game_id, _ = await start_game(
            first, 1, [human(10 * table + i) for i in (1, 2, 3)], seed=table
        )
        for seat in range(3):
            await first.update_seat(game_id, seat, turn_deadline=NOW - timedelta(seconds=seat))
            due.add((game_id, seat))
    claims = await asyncio.gather(
        *(storage.claim_due_deadlines(NOW, limit=3) for storage in (first, second) * 4)
    )
    seen = [(d.game_id, d.seat) for claim in claims for d in claim]
    assert len(seen) == len(set(seen)) == len(due)
    assert set(seen) == due
