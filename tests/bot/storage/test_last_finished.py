"""Finding the last finished game of a channel or a person in storage (both backends):
``/kachuful record`` and ``/kachuful review`` work for games another process, or the
bot before a restart, finished."""

from __future__ import annotations

from datetime import timedelta

from bot.storage import Storage
from tests.bot.storage.helpers import NOW, human, play_finished_game, start_game


async def finish(storage: Storage, guild: int, people: list[int], seed: int, at: int) -> int:
    game_id, _ = await play_finished_game(storage, guild, [human(p) for p in people], seed=seed,
                                          finished=NOW + timedelta(minutes=at))
    return game_id


async def test_the_last_finished_game_is_found_by_channel_and_by_person(
    storage: Storage,
) -> None:
    assert await storage.games.last_finished_of_user(1) is None
    older = await finish(storage, 1, [1, 2, 3], seed=1, at=1)
    newer = await finish(storage, 1, [1, 4, 5], seed=2, at=2)
    assert await storage.games.last_finished_of_user(1) == newer
    assert await storage.games.last_finished_of_user(2) == older
    assert await storage.games.last_finished_of_user(9) is None
    stored = await storage.games.load_game(older)
    assert await storage.games.last_finished_in_channel(stored.channel_id) == older
    open_id, _ = await start_game(storage, 1, [human(7), human(8), human(6)], seed=3)
    assert await storage.games.last_finished_of_user(7) is None, "an open game is not finished"
    channel = (await storage.games.load_game(open_id)).channel_id
    assert await storage.games.last_finished_in_channel(channel) is None
