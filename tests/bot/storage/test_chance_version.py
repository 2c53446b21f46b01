"""Each stored game keeps the chance version that dealt it, and loading hands it to
the engine: a game dealt by a version this engine lacks is reported, not re-dealt."""

from __future__ import annotations

import pytest

from bot.storage import GameStateConflict, InvalidValue, Storage
from engine import CHANCE_VERSION, preset_rules
from engine.shuffle import KNOWN_CHANCE_VERSIONS
from tests.bot.storage.conftest import OpenStorage
from tests.bot.storage.helpers import (
    NOW,
    first_legal,
    human,
    play_until,
    save_and_apply,
    seeded_policy,
    start_game,
)
from tests.bot.storage.postgres_server import Location, raw_execute

UNKNOWN = max(KNOWN_CHANCE_VERSIONS) + 1


async def set_chance_version(database: Location, game_id: int, version: int) -> None:
    """What a newer bot, dealing by a newer algorithm, would have written."""
    await raw_execute(
        database, "UPDATE games SET chance_version = ? WHERE id = ?", (version, game_id)
    )


async def stored_versions(database: Location) -> dict[int, int]:
    rows = await raw_execute(database, "SELECT id, chance_version FROM games")
    return {int(game_id): int(version) for game_id, version in rows}


async def test_a_new_game_is_stored_and_loaded_with_the_current_version(
    storage: Storage, database: Location
) -> None:
    game_id, game = await start_game(storage, 1, [human(1), human(2), human(3)], seed=4)
    await save_and_apply(storage, game_id, game, first_legal(game))
    assert await stored_versions(database) == {game_id: CHANCE_VERSION}
    stored = await storage.games.load_game(game_id)
    assert stored.chance_version == CHANCE_VERSION
    assert stored.game is not None and stored.game.chance_version == CHANCE_VERSION
    assert stored.game.log == game.log


@pytest.mark.parametrize(
    ("version", "message"), [(UNKNOWN, f"chance version {UNKNOWN}"), (True, "whole number")]
)
async def test_create_game_refuses_a_version_it_can_not_deal(
    storage: Storage, version: int, message: str
) -> None:
    with pytest.raises(InvalidValue, match=message):
        await storage.games.create_game(
            guild_id=1,
            channel_id=5,
            rules=preset_rules("short"),
            seed=1,
            turn_timeout=60,
            chance_version=version,
        )
    assert await storage.games.open_game_in_channel(5) is None


async def test_a_game_of_an_unknown_version_is_reported_not_replayed(
    database: Location, open_storage: OpenStorage
) -> None:
    storage = await open_storage(database, durability="NORMAL")
    game_id, game = await start_game(storage, 1, [human(1), human(2), human(3)], seed=5)
    policy = seeded_policy(5)
    while game.deal_number < 2:
        await save_and_apply(storage, game_id, game, policy(game))
    other_id, other = await start_game(storage, 1, [human(4), human(5), human(6)], seed=6)
    lobby_id = await storage.games.create_game(
        guild_id=1, channel_id=77, rules=preset_rules("short"), seed=7, turn_timeout=60
    )
    await storage.close()
    await set_chance_version(database, game_id, UNKNOWN)
    await set_chance_version(database, lobby_id, UNKNOWN)

    storage = await open_storage(database, durability="NORMAL")
    loaded = {stored.game_id: stored for stored in await storage.games.load_unfinished_games()}
    for broken_id in (game_id, lobby_id):
        broken = loaded[broken_id]
        assert broken.game is None and broken.chance_version == UNKNOWN
        assert broken.replay_error is not None
        assert f"game {broken_id} can't be rebuilt" in broken.replay_error
        assert f"dealt with chance version {UNKNOWN}" in broken.replay_error
        assert "does not know" in broken.replay_error
    # Its rows are left as they were, and its neighbour loads as usual.
    assert loaded[game_id].actions_saved == len(game.player_actions()) > 0
    neighbour = loaded[other_id].game
    assert loaded[other_id].replay_error is None and neighbour is not None
    assert neighbour.log == other.log


async def test_finishing_checks_the_game_was_dealt_by_the_stored_version(
    database: Location, open_storage: OpenStorage
) -> None:
    storage = await open_storage(database, durability="NORMAL")
    game_id, game = await start_game(storage, 1, [human(1), human(2), human(3)], seed=8)
    play_until(game, seeded_policy(8), lambda _: False)
    await storage.close()
    await set_chance_version(database, game_id, UNKNOWN)
    storage = await open_storage(database, durability="NORMAL")
    with pytest.raises(GameStateConflict, match="chance version"):
        await storage.games.finish_game(game_id, game, now=NOW)
    assert (await storage.games.load_game(game_id)).status == "active"
