"""The lobby: who may sit, leave, add or remove computers, and start — and that the
table size asked for survives a restart."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.core.actors import Actor
from bot.core.effects import Note, ShowLobby
from bot.core.refusals import Refusal
from bot.core.snapshots import lobby_snapshot
from bot.storage import StorageFull
from tests.bot.core.conftest import CloseCore, OpenCore
from tests.bot.core.helpers import Core, open_lobby, person_id, person_name, wait_for


async def seat_names(core: Core, game_id: int) -> list[str]:
    """The seats as stored (a refusal must leave them as they were)."""
    return [seat.display_name for seat in (await core.stored(game_id)).seats]


async def test_refusals_name_the_reason_and_change_nothing(open_core: OpenCore) -> None:
    core = await open_core()
    lobbies = core.service.lobbies
    session = await open_lobby(core, people=2, computers=0)
    game_id = session.game_id
    other = await open_lobby(core, people=1, first=10)
    stranger = person_id(50)
    before = await seat_names(core, game_id)

    refusals: list[tuple[str, Callable[[], Awaitable[object]]]] = [
        ("already_seated", lambda: lobbies.join(game_id, person_id(1), person_name(1))),
        # The host of the other lobby is seated there: one open game per person.
        ("seated_elsewhere", lambda: lobbies.join(game_id, other.host_id, "Other host")),
        ("not_at_table", lambda: lobbies.leave(game_id, stranger)),
        ("host_cannot_leave", lambda: lobbies.leave(game_id, person_id(0))),
        ("bad_level", lambda: lobbies.add_computer(game_id, person_id(0), "grandmaster")),
        ("join_to_add_computers", lambda: lobbies.add_computer(game_id, stranger, "easy")),
        ("not_at_table", lambda: lobbies.remove_computer(game_id, stranger)),
        ("no_computer_to_remove", lambda: lobbies.remove_computer(game_id, person_id(1))),
        ("only_host_starts", lambda: lobbies.start(game_id, Actor(person_id(1)))),
        # Two seats and no target size: a game needs three.
        ("need_players", lambda: lobbies.start(game_id, Actor(person_id(0)))),
    ]
    for key, attempt in refusals:
        with pytest.raises(Refusal) as refused:
            await attempt()
        assert refused.value.key == key, f"expected {key}"

    assert await seat_names(core, game_id) == before
    assert [seat.name for seat in session.seats] == before
    assert session.status == "lobby"


async def test_seats_come_and_go(open_core: OpenCore) -> None:
    core = await open_core()
    lobbies = core.service.lobbies
    session = await open_lobby(core, people=1)
    game_id = session.game_id

    joined = await lobbies.join(game_id, person_id(1), person_name(1))
    with_computer = await lobbies.add_computer(game_id, person_id(1), "hard")
    assert [seat.user_id for seat in with_computer.seats] == [person_id(0), person_id(1), None]
    assert len(joined.seats) == 2
    assert with_computer.can_start

    left = await lobbies.leave(game_id, person_id(1))
    assert [seat.user_id for seat in left.seats] == [person_id(0), None]
    removed = await lobbies.remove_computer(game_id, person_id(0))
    assert [seat.user_id for seat in removed.seats] == [person_id(0)]
    assert not removed.can_start
    assert await seat_names(core, game_id) == [person_name(0)]


async def test_capacity_is_the_target_size(open_core: OpenCore) -> None:
    core = await open_core()
    lobbies = core.service.lobbies
    session = await open_lobby(core, people=3, target=4)
    game_id = session.game_id
    full = await lobbies.add_computer(game_id, person_id(0), "easy")
    assert full.capacity == 4 and len(full.seats) == 4

    for attempt in (lobbies.join(game_id, person_id(9), person_name(9)),
                    lobbies.add_computer(game_id, person_id(0), "easy")):
        with pytest.raises(Refusal) as refused:
            await attempt
        assert refused.value.key == "table_full"
    assert len(await seat_names(core, game_id)) == 4


async def test_capacity_without_target_is_the_rules_maximum(open_core: OpenCore) -> None:
    core = await open_core()
    session = await open_lobby(core, people=1)
    most = session.rules.max_players()
    for _ in range(most - 1):
        await core.service.lobbies.add_computer(session.game_id, person_id(0), "easy")
    with pytest.raises(Refusal) as refused:
        await core.service.lobbies.join(session.game_id, person_id(1), person_name(1))
    assert refused.value.key == "table_full"
    assert len(session.seats) == most


async def test_a_closed_or_started_lobby_takes_no_one(open_core: OpenCore) -> None:
    core = await open_core()
    lobbies = core.service.lobbies
    closed = await open_lobby(core, people=1)
    snapshot = await lobbies.close(closed.game_id, Actor(closed.host_id))
    assert snapshot.state == "cancelled"
    assert (await core.stored(closed.game_id)).status == "cancelled"

    started = await open_lobby(core, people=1, computers=2, first=1)
    await lobbies.start(started.game_id, Actor(started.host_id))
    for game_id in (closed.game_id, started.game_id):
        with pytest.raises(Refusal) as refused:
            await lobbies.join(game_id, person_id(5), person_name(5))
        assert refused.value.key == "lobby_closed"


async def test_target_size_survives_a_restart(open_core: OpenCore, close_core: CloseCore) -> None:
    before = await open_core()
    session = await open_lobby(before, people=1, target=5)
    game_id = session.game_id
    await close_core(before)

    after = await open_core()
    await after.service.restore()
    restored = after.session(game_id)
    assert restored.status == "lobby"
    assert restored.target_players == 5
    assert lobby_snapshot(restored, "open").capacity == 5

    await after.service.lobbies.start(game_id, Actor(person_id(0)))
    assert restored.game is not None and restored.game.player_count == 5
    stored = await after.stored(game_id)
    assert stored.status == "active"
    assert [seat.user_id for seat in stored.seats] == [person_id(0), None, None, None, None]


async def test_a_lone_host_with_a_target_can_start(open_core: OpenCore) -> None:
    core = await open_core()
    session = await open_lobby(core, people=1, target=4)
    assert lobby_snapshot(session, "open").can_start

    await core.service.lobbies.start(session.game_id, Actor(person_id(0)))
    assert session.status == "active"
    assert session.game is not None and session.game.player_count == 4
    assert len((await core.stored(session.game_id)).seats) == 4


async def test_an_idle_lobby_closes_itself(open_core: OpenCore) -> None:
    core = await open_core(lobby_idle_seconds=0.01)
    session = await open_lobby(core, people=1)
    await wait_for(lambda: core.service.registry.get(session.game_id) is None,
                   "the idle lobby closed")
    assert (await core.stored(session.game_id)).status == "cancelled"
    assert [note.kind for note in core.sink.of_type(Note)] == ["lobby_idle"]
    assert [shown.lobby.state for shown in core.sink.of_type(ShowLobby)] == ["idle"]


async def test_a_lobby_that_cannot_be_saved_whole_leaves_nothing_behind(
    open_core: OpenCore, monkeypatch: pytest.MonkeyPatch,
) -> None:
    core = await open_core()

    async def disk_full(game_id: int, **changes: object) -> None:
        raise StorageFull("database or disk is full (simulated)")

    # The game row is written, then its target size cannot be.
    monkeypatch.setattr(core.storage.games, "update_game_messages", disk_full)
    with pytest.raises(StorageFull):
        await open_lobby(core, people=1, target=5)

    # Nothing left open: the host (and the channel) are free for the next try.
    assert await core.storage.games.open_game_of_user(person_id(0)) is None
    assert len(core.service.registry) == 0
