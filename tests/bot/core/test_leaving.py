"""Games that end early or lose a player: cancel, leave, the channel gone — and that
nothing re-opens a game once it is over."""

from __future__ import annotations

import pytest

from bot.core.actors import Actor
from bot.core.effects import CloseHand, CloseTable, Note, ShowFinal, TellPlayers
from bot.core.refusals import Refusal
from bot.storage import StorageFull
from engine import Game
from tests.bot.core.conftest import OpenCore
from tests.bot.core.helpers import (
    GUILD_ID,
    Core,
    first_choice,
    hand_to_act,
    is_running,
    move_person,
    of_type,
    person_id,
    person_name,
    play_to_end,
    start_game,
)


async def test_cancel_closes_every_hand_and_the_table(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=2, computers=1)
    await move_person(core, session.game_id)
    waiting = hand_to_act(core.sink, session.game_id)
    assert waiting is not None
    mark = core.mark()

    await core.service.cancel(session.game_id, Actor(person_id(0), name=person_name(0)))

    shown = core.since(mark)
    closed = of_type(shown, CloseHand)
    assert sorted(c.user_id for c in closed) == [person_id(0), person_id(1)]
    assert {c.why for c in closed} == {"cancelled"}
    [table] = of_type(shown, CloseTable)
    assert table.result is None
    assert [(n.kind, n.name) for n in of_type(shown, Note)] == [("cancelled", person_name(0))]
    assert (await core.stored(session.game_id)).status == "cancelled"
    assert not is_running(core, session.game_id)
    # The buttons of a hand message delivered late, or pressed before it was closed.
    with pytest.raises(Refusal) as refused:
        await core.service.move(session.game_id, waiting.user_id, waiting.seat,
                                waiting.hand.counter, first_choice(waiting.hand))
    assert refused.value.key == "game_not_running"


async def test_the_last_person_leaving_abandons_the_game(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=1, computers=2)
    mark = core.mark()

    await core.service.leave_game(session.game_id, person_id(0))

    shown = core.since(mark)
    assert [(c.user_id, c.why) for c in of_type(shown, CloseHand)] == [(person_id(0), "left")]
    assert [n.kind for n in of_type(shown, Note)] == ["abandoned"]
    assert [t.result for t in of_type(shown, CloseTable)] == [None]
    assert (await core.stored(session.game_id)).status == "abandoned"
    assert not is_running(core, session.game_id)


async def test_one_of_two_leaving_hands_their_seat_to_the_computer(
    open_core: OpenCore,
) -> None:
    core = await open_core()
    session = await start_game(core, people=2, computers=1)
    game = session.game
    assert game is not None
    leaver = session.seat_of(person_id(0))
    assert leaver is not None
    mark = core.mark()

    await core.service.leave_game(session.game_id, person_id(0))

    shown = core.since(mark)
    assert [(c.seat, c.why) for c in of_type(shown, CloseHand)] == [(leaver, "left")]
    assert ("left", person_name(0)) in [(n.kind, n.name) for n in of_type(shown, Note)]
    assert session.seats[leaver].plays_itself
    stored = (await core.stored(session.game_id)).seats[leaver]
    assert stored.left_game and stored.computer_level is not None
    # Free to sit at another table straight away.
    assert core.service.registry.of_user(person_id(0)) is None

    left_at = game.player_action_count
    await play_to_end(core, session.game_id)
    assert (await core.stored(session.game_id)).status == "finished"
    assert any(action.seat == leaver for action in game.player_actions()[left_at:])
    assert all(c.seat != leaver for c in core.since(mark)[1:] if isinstance(c, CloseHand))
    # A seat played out by the computer still counts for the person who left it.
    assert (await core.storage.stats.player_stats(GUILD_ID, person_id(0))).games == 1


async def end_unrecorded(core: Core, monkeypatch: pytest.MonkeyPatch) -> int:
    """A game of three people played to its end while its record cannot be written
    (the disk is full): over, but still open. Person 0 is away by then."""

    async def disk_full(game_id: int, game: Game, **options: object) -> object:
        raise StorageFull("database or disk is full (simulated)")

    monkeypatch.setattr(core.storage.games, "finish_game", disk_full)
    session = await start_game(core, people=3, turn_timeout=3600)
    away = session.seat_of(person_id(0))
    assert away is not None
    await core.storage.games.update_seat(session.game_id, away, autoplay=True)
    session.seats[away].autoplay = True
    game = session.game
    assert game is not None
    while not game.is_over:
        await move_person(core, session.game_id)
    assert session.finish_pending
    return session.game_id


@pytest.mark.parametrize("step", ["back", "leave_game", "cancel"])
async def test_a_game_over_but_unrecorded_is_not_reopened(
    open_core: OpenCore, monkeypatch: pytest.MonkeyPatch, step: str,
) -> None:
    core = await open_core()
    game_id = await end_unrecorded(core, monkeypatch)
    mark = core.mark()

    with pytest.raises(Refusal) as refused:
        if step == "back":
            await core.service.back(game_id, person_id(0))
        elif step == "leave_game":
            await core.service.leave_game(game_id, person_id(1))
        else:
            await core.service.cancel(game_id, Actor(person_id(0), name=person_name(0)))

    assert refused.value.key == "game_over"
    assert core.since(mark) == []  # no "welcome back", no one leaving a finished table
    stored = await core.stored(game_id)
    assert stored.status == "active"  # the record is still owed, not cancelled
    assert not stored.seats[1].left_game
    assert not any(isinstance(effect, ShowFinal) for effect in core.sink.effects)


async def test_a_deleted_channel_cancels_the_game(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=2, computers=1)
    mark = core.mark()

    await core.service.channel_lost(session.game_id, "deleted")

    shown = core.since(mark)
    [told] = of_type(shown, TellPlayers)
    assert told.kind == "cancelled_channel_lost"
    assert sorted(told.user_ids) == [person_id(0), person_id(1)]
    assert [n.kind for n in of_type(shown, Note)] == ["channel_lost"]
    assert (await core.stored(session.game_id)).status == "cancelled"
    assert not is_running(core, session.game_id)


async def test_an_unwritable_channel_lets_the_game_go_on(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=2, computers=1)
    mark = core.mark()

    await core.service.channel_lost(session.game_id, "unwritable")

    shown = core.since(mark)
    assert [(type(e), getattr(e, "kind", None)) for e in shown] == [
        (TellPlayers, "channel_unwritable")]
    assert is_running(core, session.game_id)
    await play_to_end(core, session.game_id)
    assert (await core.stored(session.game_id)).status == "finished"
