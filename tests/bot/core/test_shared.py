"""Two game cores over one database, as two bot processes (both backends).

Each core loads a game when first touched, catches up with what the other saved before
every step, and takes over the other's deadlines and owed progress — so a click can
go to either process and a dead one loses nothing.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.core.actors import Actor
from bot.core.effects import ShowHand
from bot.core.refusals import Refusal
from bot.core.scorepad import ScorePads
from bot.core.tables import TableRef
from bot.storage import Storage
from engine import Bid, Game, Play, preset_rules
from tests.bot.core.conftest import OpenShared
from tests.bot.core.helpers import (
    Core,
    RecordingSink,
    first_choice,
    open_lobby,
    person_id,
    wait_for,
)
from tests.bot.storage.postgres_server import Location
from tests.conftest import OpenStorage


async def person_to_move(core: Core, game_id: int, people: int) -> tuple[int, int, ShowHand]:
    """(user id, seat, hand) of a person the game waits for, as ``core`` sees it now."""
    for index in range(people):
        user = person_id(index)
        seat, hand = await core.service.hand_of(game_id, user)
        if hand.yours:
            return user, seat, ShowHand(None, game_id, seat, user, hand, False)  # type: ignore[arg-type]
    raise AssertionError("nobody to move")


async def move_through(core: Core, game_id: int, people: int) -> None:
    user, seat, shown = await person_to_move(core, game_id, people)
    await core.service.move(game_id, user, seat, shown.hand.counter, first_choice(shown.hand))


async def stored_game(storage: Storage, game_id: int) -> Game:
    stored = await storage.games.load_game(game_id)
    assert stored.game is not None
    return stored.game


async def test_moves_through_either_process_make_one_game(open_shared: OpenShared) -> None:
    first, second = await open_shared(), await open_shared()
    lobby = await open_lobby(first, people=3)
    await first.service.lobbies.start(lobby.game_id, Actor(lobby.host_id))
    game_id = lobby.game_id
    assert second.service.registry.get(game_id) is None, "not loaded before it is touched"
    for turn in range(12):
        await move_through(first if turn % 3 else second, game_id, 3)
    stored = await stored_game(first.storage, game_id)
    for core in (first, second):
        session = core.service.registry.get(game_id)
        assert session is not None and session.game is not None
        await core.service.hand_of(game_id, person_id(0))  # catches up
        assert session.game.log == stored.log
    assert stored.player_action_count == 12
    # The process that saw another's moves was told to reread the messages' ids.
    table = TableRef.game(game_id)
    assert table in first.sink.reloads and table in second.sink.reloads


async def test_the_same_click_in_two_processes_lands_once(open_shared: OpenShared) -> None:
    first, second = await open_shared(), await open_shared()
    lobby = await open_lobby(first, people=3)
    await first.service.lobbies.start(lobby.game_id, Actor(lobby.host_id))
    game_id = lobby.game_id
    user, seat, shown = await person_to_move(first, game_id, 3)
    await second.service.hand_of(game_id, user)  # both processes hold the game
    choice = first_choice(shown.hand)
    outcomes = await asyncio.gather(
        first.service.move(game_id, user, seat, shown.hand.counter, choice),
        second.service.move(game_id, user, seat, shown.hand.counter, choice),
        return_exceptions=True,
    )
    refused = [o for o in outcomes if isinstance(o, Refusal)]
    assert len(refused) == 1, outcomes
    assert refused[0].key in ("move_already_made", "stale_controls")
    assert (await stored_game(first.storage, game_id)).player_action_count == 1


async def test_a_deadline_fires_in_one_process_only(open_shared: OpenShared) -> None:
    first, second = await open_shared(time_scale=0.01), await open_shared(time_scale=0.01)
    lobby = await open_lobby(first, people=3)
    await first.service.lobbies.start(lobby.game_id, Actor(lobby.host_id))
    game_id = lobby.game_id
    before = (await stored_game(first.storage, game_id)).player_action_count
    # Nobody moves: the stored deadline falls due and exactly one process times it out.
    await wait_for(lambda: any(n.kind == "timed_out" for core in (first, second)
                               for n in core.sink.effects if hasattr(n, "kind")),
                   "a timeout")
    await asyncio.sleep(0.3)
    timeouts = [core for core in (first, second)
                for n in core.sink.effects if getattr(n, "kind", None) == "timed_out"]
    game = await stored_game(first.storage, game_id)
    assert game.player_action_count >= before + 1
    stored = await first.storage.games.load_game(game_id)
    missed = sum(seat.missed_turns for seat in stored.seats)
    assert missed == len(timeouts), "each timeout saved once, by the process that made it"


async def test_progress_a_dead_process_owed_is_carried_on(
    open_shared: OpenShared,
) -> None:
    first = await open_shared(time_scale=0.01)
    lobby = await open_lobby(first, people=1, computers=2)
    await first.service.lobbies.start(lobby.game_id, Actor(lobby.host_id))
    game_id = lobby.game_id
    await first.service.close(5.0)  # "killed": no timers, no claims any more
    game = await stored_game(first.storage, game_id)
    (seat,) = game.awaiting()
    action = first_legal(game, seat)
    # What the dead process saved just before dying: the person's move, progress owed.
    past = datetime.now(UTC) - timedelta(seconds=1)
    await first.storage.games.append_action(game_id, game.player_action_count, action,
                                      progress_due=past)
    survivor = await open_shared(time_scale=0.01)

    async def computers_moved() -> bool:
        now = await stored_game(survivor.storage, game_id)
        return now.is_over or now.awaiting() == (seat,)

    async with asyncio.timeout(30):
        while not await computers_moved():
            await asyncio.sleep(0.05)
    stored = await survivor.storage.games.load_game(game_id)
    assert stored.game is not None
    if not stored.game.is_over:
        assert stored.seats[seat].turn_deadline is not None, "the person's turn is timed again"


def first_legal(game: Game, seat: int) -> Bid | Play:
    view = game.view(seat)
    if view.legal_bids:
        return Bid(seat, view.legal_bids[0])
    return Play(seat, view.legal_cards[0])


async def pads_in_two_processes(
    database: Location, open_storage: OpenStorage
) -> list[ScorePads]:
    """The score pads of two bot processes sharing one database."""
    return [ScorePads(await open_storage(database, durability="NORMAL"), RecordingSink(),
                      shared=True) for _ in range(2)]


async def test_score_pads_catch_up_with_entries_made_elsewhere(
    database: Location, open_storage: OpenStorage
) -> None:
    first, second = pads = await pads_in_two_processes(database, open_storage)
    opened = await first.open(guild_id=7, channel_id=4242, keeper_id=person_id(0),
                              keeper_name="Keeper", rules=preset_rules("short"))
    with pytest.raises(Refusal):
        second.get(opened.pad_id)  # not loaded yet
    await second.catch_up(opened.pad_id)
    await second.enter(opened.pad_id, person_id(1), {"do": "join", "name": "Guest"})
    assert len(second.get(opened.pad_id).state.seats) == 2
    assert len(first.get(opened.pad_id).state.seats) == 1, "a stale copy until it catches up"
    await first.catch_up(opened.pad_id)
    assert len(first.get(opened.pad_id).state.seats) == 2
    for pad in pads:
        await pad.close()


async def test_a_pad_entry_starts_from_what_other_processes_saved(
    database: Location, open_storage: OpenStorage
) -> None:
    """Every pad step runs on the workbench, as a game's does: under the database's lock
    it first takes the entries saved elsewhere, so a stale copy neither loses an entry
    nor is refused for one it has not seen."""
    first, second = pads = await pads_in_two_processes(database, open_storage)
    storage = await open_storage(database, durability="NORMAL")
    opened = await first.open(guild_id=7, channel_id=4343, keeper_id=person_id(0),
                              keeper_name="Keeper", rules=preset_rules("short"))
    await second.catch_up(opened.pad_id)
    await second.enter(opened.pad_id, person_id(1), {"do": "join", "name": "Guest"})
    # ``first`` never caught up by hand: its step does it.
    after = await first.enter(opened.pad_id, person_id(2), {"do": "join", "name": "Third"})
    assert [seat.name for seat in after.seats] == ["Keeper", "Guest", "Third"]
    stored = await storage.pads.load_pad(opened.pad_id)
    assert len(stored.entries) == 3
    # Cancelled in the second process: the first one's next step finds it closed.
    await second.enter(opened.pad_id, person_id(0), {"do": "cancel"})
    with pytest.raises(Refusal) as closed:
        await first.enter(opened.pad_id, person_id(1), {"do": "leave", "seat": 1})
    assert closed.value.key == "pad_closed"
    for pad in pads:
        await pad.close()
