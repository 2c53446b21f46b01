"""What several processes need (on both backends): a move saved by two at once lands
once, and due deadlines are claimed by one process each."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.storage import GameStateConflict, InvalidValue, Storage
from tests.bot.storage.conftest import OpenStorage
from tests.bot.storage.helpers import NOW, first_legal, human, play_until, start_game
from tests.bot.storage.postgres_server import Location

PLAYERS = [human(1), human(2), human(3)]

async def two_processes(database: Location, open_storage: OpenStorage) -> tuple[Storage, Storage]:
    """Two storages on one database, as two bot processes have."""
    return (
        await open_storage(database, durability="NORMAL"),
        await open_storage(database, durability="NORMAL"),
    )


async def test_the_same_move_saved_by_two_processes_lands_once(
    database: Location, open_storage: OpenStorage
) -> None:
    first, second = await two_processes(database, open_storage)
    game_id, game = await start_game(first, 1, PLAYERS, seed=6)
    action = first_legal(game)

    async def click(storage: Storage) -> str:
        try:
            await storage.games.append_action(game_id, 0, action)  # both think it is move 0
        except GameStateConflict as refused:
            return refused.code
        return "landed"

    outcomes = sorted(await asyncio.gather(click(first), click(second)))
    assert outcomes == ["landed", "move_out_of_date"]
    assert (await second.games.load_game(game_id)).actions_saved == 1


async def test_due_deadlines_are_claimed_once_until_the_lease_ends(storage: Storage) -> None:
    game_id, game = await start_game(storage, 1, PLAYERS, seed=8)
    other_id, _ = await start_game(storage, 1, [human(4), human(5), human(6)], seed=9)
    ended_id, ended = await start_game(storage, 1, [human(7), human(8), human(9)], seed=10)
    await storage.games.update_seat(game_id, 0, turn_deadline=NOW - timedelta(seconds=5))
    await storage.games.update_seat(game_id, 2, turn_deadline=NOW + timedelta(minutes=1))
    await storage.games.update_seat(other_id, 1, turn_deadline=NOW - timedelta(seconds=9))
    await storage.games.update_seat(ended_id, 0, turn_deadline=NOW - timedelta(seconds=60))
    await storage.games.cancel_game(ended_id, running=True, now=NOW)
    lease = timedelta(seconds=30)
    claimed = await storage.games.claim_due_deadlines(NOW, lease=lease)
    assert [(d.game_id, d.seat, d.due) for d in claimed] == [
        (other_id, 1, NOW - timedelta(seconds=9)),
        (game_id, 0, NOW - timedelta(seconds=5)),
    ]
    assert await storage.games.claim_due_deadlines(NOW + timedelta(seconds=29), lease=lease) == []
    # The claimer died: at the end of the lease both fall due again, oldest first.
    again = await storage.games.claim_due_deadlines(NOW + lease, limit=1, lease=lease)
    rest = await storage.games.claim_due_deadlines(NOW + lease, limit=1, lease=lease)
    assert [(d.game_id, d.seat, d.due) for d in again + rest] == [
        (game_id, 0, NOW + lease),
        (other_id, 1, NOW + lease),
    ]
    # A move that sets new deadlines ends the claim.
    await storage.games.append_action(game_id, 0, first_legal(game), deadlines={0: None})
    later = await storage.games.claim_due_deadlines(NOW + timedelta(minutes=5), lease=lease)
    assert {(d.game_id, d.seat) for d in later} == {(other_id, 1), (game_id, 2)}
    with pytest.raises(InvalidValue, match="limit"):
        await storage.games.claim_due_deadlines(NOW, limit=0)
    with pytest.raises(InvalidValue, match="time zone"):
        await storage.games.claim_due_deadlines(NOW.replace(tzinfo=None))
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
            await first.games.update_seat(game_id, seat,
                                          turn_deadline=NOW - timedelta(seconds=seat))
            due.add((game_id, seat))
    claims = await asyncio.gather(
        *(storage.games.claim_due_deadlines(NOW, limit=3) for storage in (first, second) * 4)
    )
    seen = [(d.game_id, d.seat) for claim in claims for d in claim]
    assert len(seen) == len(set(seen)) == len(due)
    assert set(seen) == due
