"""Forget-me, a leaderboard reset, server settings and game records are core
operations: who may ask is decided from the Actor, and a refusal changes nothing."""

from __future__ import annotations

import pytest

from ai.review import PlayerHistory
from bot.core.actors import Actor
from bot.core.game_records import GameRecords
from bot.core.people import People
from bot.core.refusals import Refusal
from bot.core.scorepad import ScorePads
from bot.core.server_settings import ServerSettings
from bot.core.standings import BoardQuery, board_query
from tests.bot.core.conftest import OpenCore
from tests.bot.core.helpers import Core, person_id, person_name, play_to_end, start_game


async def finished_game(core: Core) -> int:
    session = await start_game(core, people=2, computers=1)
    await play_to_end(core, session.game_id)
    return session.game_id


async def test_only_the_person_forgets_themselves(open_core: OpenCore) -> None:
    core = await open_core()
    game_id = await finished_game(core)
    guild_id = (await core.stored(game_id)).guild_id
    people = People(core.storage, ScorePads(core.storage, core.sink))
    with pytest.raises(Refusal) as refused:
        await people.forget_person(Actor(person_id(1), is_manager=True), person_id(0))
    assert refused.value.key == "only_the_asker"
    assert (await core.storage.stats.player_stats(guild_id, person_id(0))).games == 1
    assert await people.forget_person(Actor(person_id(0)), person_id(0)) == 1
    assert (await core.storage.stats.player_stats(guild_id, person_id(0))).games == 0
    assert (await core.storage.stats.player_stats(guild_id, person_id(1))).games == 1


async def test_only_a_manager_of_that_server_resets_its_leaderboard(
    open_core: OpenCore,
) -> None:
    core = await open_core()
    game_id = await finished_game(core)
    guild_id = (await core.stored(game_id)).guild_id
    people = People(core.storage, ScorePads(core.storage, core.sink))
    for actor, asked_in in ((Actor(person_id(0)), guild_id),
                            (Actor(person_id(0), is_manager=True), guild_id + 1)):
        with pytest.raises(Refusal) as refused:
            await people.reset_leaderboard(actor, guild_id, asked_in)
        assert refused.value.key == "only_managers_reset"
    assert (await core.storage.stats.player_stats(guild_id, person_id(0))).games == 1
    manager = Actor(person_id(0), is_manager=True)
    assert await people.reset_leaderboard(manager, guild_id, guild_id) == 2
    assert (await core.storage.stats.player_stats(guild_id, person_id(0))).games == 0


async def test_only_a_manager_changes_the_settings_and_the_rest_is_kept(
    open_core: OpenCore,
) -> None:
    core = await open_core()
    settings = ServerSettings(core.storage, default_turn_timeout=120)
    assert (await settings.of(77)).turn_timeout == 120
    with pytest.raises(Refusal) as refused:
        await settings.change(Actor(person_id(0)), 77, thread_mode=True)
    assert refused.value.key == "only_managers_change_settings"
    assert not await settings.thread_mode(77)
    manager = Actor(person_id(0), is_manager=True)
    await settings.change(manager, 77, preset="short", turn_timeout=60)
    changed = await settings.change(manager, 77, thread_mode=True)
    assert (changed.default_preset, changed.turn_timeout, changed.thread_mode) == (
        "short", 60, True)
    assert await settings.thread_mode(77)


async def test_a_record_only_of_a_finished_game_in_its_own_server(
    open_core: OpenCore,
) -> None:
    core = await open_core()
    records = GameRecords(core.storage, core.service)
    running = await start_game(core, people=3)
    with pytest.raises(Refusal) as unfinished:
        await records.record(running.game_id, running.guild_id)
    assert unfinished.value.key == "record_not_finished"
    await play_to_end(core, running.game_id)
    with pytest.raises(Refusal) as elsewhere:
        await records.record(running.game_id, running.guild_id + 1)
    assert elsewhere.value.key == "record_elsewhere"
    found = await records.record(running.game_id, running.guild_id)
    assert not found.table_game and found.record["players"][0] == person_name(0)
    assert "seed" in found.record
    played = await records.played_by(running.game_id, person_id(2))
    assert played is not None and played[1] == 2
    assert await records.played_by(running.game_id, person_id(9)) is None
    # A review of it reads each person with their record in the server: none yet.
    table = await records.review_table(running.game_id, person_id(2))
    assert table is not None and table[1] == 2
    assert table[2] is not None
    assert [seat.history for seat in table[2]] == [PlayerHistory(0, 0)] * 3
    assert await records.review_table(running.game_id, person_id(9)) is None


def test_a_leaderboard_page_is_read_back_only_with_choices_the_bot_offers() -> None:
    assert board_query(5, "win_rate", "7d", 0, "table", "callbreak") == BoardQuery(
        5, "win_rate", "7d", 1, "table", "callbreak")
    for forged in (("loudest", "7d", "all", "kachuful"), ("wins", "1y", "all", "kachuful"),
                   ("wins", "7d", "some", "kachuful"), ("wins", "7d", "all", "poker")):
        sort, period, kinds, game = forged
        assert board_query(5, sort, period, 1, kinds, game) is None
