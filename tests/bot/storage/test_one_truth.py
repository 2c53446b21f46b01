"""What storage decides for every process at once (both backends): a lobby's cancel
never ends a running game, a person holds one open seat however many lobbies they join
at once, and a lobby seat is left by the person, not by a seat number."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.storage import GameStateConflict, NewSeat, Storage
from engine import preset_rules
from tests.bot.storage.helpers import NOW, human, start_game
from tests.bot.storage.postgres_server import Location
from tests.conftest import OpenStorage

_channels = iter(range(70_000, 1_000_000))


async def open_lobby(storage: Storage, host: int) -> int:
    return await storage.games.create_game(
        guild_id=5, channel_id=next(_channels), rules=preset_rules("short"), seed=host,
        turn_timeout=60, host_user_id=host, seats=[NewSeat.human(host, f"Host{host}")],
        now=NOW)


async def status(storage: Storage, game_id: int) -> str:
    return (await storage.games.load_game(game_id)).status


async def test_a_lobby_cancel_refuses_a_running_game(storage: Storage) -> None:
    game_id, _ = await start_game(storage, 5, [human(1), human(2), human(3)], seed=1)
    with pytest.raises(GameStateConflict) as refused:
        await storage.games.cancel_game(game_id, now=NOW)
    assert refused.value.code == "game_started"
    assert await status(storage, game_id) == "active"
    await storage.games.cancel_game(game_id, running=True, now=NOW)
    assert await status(storage, game_id) == "cancelled"


async def test_a_lobby_cancel_still_cancels_a_lobby(storage: Storage) -> None:
    lobby = await open_lobby(storage, 9)
    await storage.games.cancel_game(lobby, now=NOW)
    assert await status(storage, lobby) == "cancelled"


async def test_one_open_seat_per_person_across_lobbies_joined_at_once(
    database: Location, open_storage: OpenStorage
) -> None:
    # Two processes, each seating the same people in its own lobby at the same moment.
    first = await open_storage(database, durability="NORMAL")
    second = await open_storage(database, durability="NORMAL")
    lobbies = [await open_lobby(first, 100), await open_lobby(second, 200)]
    people = range(1, 7)  # with the host, six seats of the seven a lobby has

    async def join(storage: Storage, lobby: int, user: int) -> bool:
        try:
            await storage.games.add_seat(lobby, NewSeat.human(user, f"P{user}"))
        except GameStateConflict as exc:
            assert exc.code == "seated_elsewhere", exc
            return False
        return True

    outcomes = await asyncio.gather(*(
        join(storage, lobby, user)
        for user in people for storage, lobby in ((first, lobbies[0]), (second, lobbies[1]))
    ))
    assert sum(outcomes) == len(people), "each person got exactly one of the two seats"
    seated = [[seat.user_id for seat in (await first.games.load_game(lobby)).seats]
              for lobby in lobbies]
    for user in people:
        places = sum(user in users for users in seated)
        assert places <= 1, f"user {user} holds seats in {places} open games"


async def test_leaving_a_lobby_names_the_person_not_a_seat(storage: Storage) -> None:
    lobby = await open_lobby(storage, 1)
    for user in (2, 3):
        await storage.games.add_seat(lobby, NewSeat.human(user, f"P{user}"))
    await storage.games.add_seat(lobby, NewSeat.computer("easy", "Bot"))
    assert await storage.games.remove_player(lobby, 2) == 1
    assert await storage.games.remove_player(lobby, 2) is None, "gone already: nothing"
    assert await storage.games.remove_last_computer(lobby) == 2
    assert await storage.games.remove_last_computer(lobby) is None
    seats = (await storage.games.load_game(lobby)).seats
    assert [(seat.seat, seat.user_id) for seat in seats] == [(0, 1), (1, 3)]


async def test_an_idle_lobby_is_claimed_once_and_closed_unless_used_since(
    storage: Storage,
) -> None:
    lobby = await storage.games.create_game(
        guild_id=5, channel_id=next(_channels), rules=preset_rules("short"), seed=3,
        turn_timeout=60, host_user_id=1, seats=[NewSeat.human(1, "Host")], now=NOW,
        idle_due=NOW)
    lease = timedelta(seconds=30)
    assert await storage.games.claim_idle_lobbies(NOW - timedelta(seconds=1)) == []
    ((claimed, until),) = await storage.games.claim_idle_lobbies(NOW, lease=lease)
    assert (claimed, until) == (lobby, NOW + lease)
    assert await storage.games.claim_idle_lobbies(NOW) == [], "claimed once"
    # Someone joins: the lobby is used, and its idle moment moves on with the join.
    await storage.games.add_seat(lobby, NewSeat.human(2, "Guest"),
                                 idle_due=NOW + timedelta(minutes=15))
    assert not await storage.games.close_idle_lobby(lobby, until)
    assert await status(storage, lobby) == "lobby"
    later = NOW + timedelta(minutes=15)
    ((_, until),) = await storage.games.claim_idle_lobbies(later, lease=lease)
    assert await storage.games.close_idle_lobby(lobby, until, now=later)
    assert await status(storage, lobby) == "cancelled"
    assert await storage.games.open_game_of_user(2) is None
