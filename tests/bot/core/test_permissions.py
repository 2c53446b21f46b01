"""Who may close, start, cancel or rematch is decided by the core, from the Actor."""

from __future__ import annotations

import pytest

from bot.core.actors import Actor
from bot.core.refusals import Refusal
from tests.bot.core.conftest import OpenCore
from tests.bot.core.helpers import (
    open_lobby,
    person_id,
    person_name,
    play_to_end,
    start_game,
)


async def test_only_the_host_or_a_manager_closes_a_lobby(open_core: OpenCore) -> None:
    core = await open_core()
    session = await open_lobby(core, people=2)
    with pytest.raises(Refusal) as refused:
        await core.service.lobbies.close(session.game_id, Actor(person_id(1)))
    assert refused.value.key == "only_host_closes_lobby"
    assert session.status == "lobby"
    closed = await core.service.lobbies.close(session.game_id,
                                              Actor(person_id(40), is_manager=True))
    assert closed.state == "cancelled" and session.status == "cancelled"


async def test_only_the_host_or_a_manager_cancels_a_game(open_core: OpenCore) -> None:
    core = await open_core()
    session = await start_game(core, people=3)
    player = Actor(person_id(1), name=person_name(1))
    for attempt in (core.service.check_cancel, core.service.cancel):
        with pytest.raises(Refusal) as refused:
            await attempt(session.game_id, player)
        assert refused.value.key == "only_host_or_manager"
    assert session.is_active
    await core.service.cancel(session.game_id, Actor(person_id(0), name=person_name(0)))
    assert session.status == "cancelled"
    assert (await core.stored(session.game_id)).status == "cancelled"


async def test_a_rematch_seats_the_free_players_and_the_computers_again(
    open_core: OpenCore,
) -> None:
    core = await open_core()
    session = await start_game(core, people=2, computers=1)
    await play_to_end(core, session.game_id)
    asker = Actor(person_id(1), name=person_name(1))
    with pytest.raises(Refusal) as stranger:
        await core.service.lobbies.rematch(session.game_id, Actor(person_id(60), name="X"),
                                           guild_id=session.guild_id, channel_id=1234)
    assert stranger.value.key == "only_players_rematch"
    lobby = await core.service.lobbies.rematch(
        session.game_id, asker, guild_id=session.guild_id, channel_id=session.channel_id)
    rematch = core.session(lobby.game_id)
    assert rematch.host_id == person_id(1) and rematch.rematch_of == session.game_id
    assert [seat.user_id for seat in rematch.seats] == [person_id(1), person_id(0), None]
    with pytest.raises(Refusal) as again:
        await core.service.lobbies.rematch(
            session.game_id, Actor(person_id(0), name=person_name(0)),
            guild_id=session.guild_id, channel_id=session.channel_id)
    assert again.value.key == "channel_has_game"
