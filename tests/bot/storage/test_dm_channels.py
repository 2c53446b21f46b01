"""A person's DM channel is found in the seat of their latest game that stored one."""

from __future__ import annotations

from bot.storage import Storage
from tests.bot.storage.helpers import computer, human, start_game


async def test_the_latest_stored_dm_channel_of_a_person_is_found(storage: Storage) -> None:
    players = [human(1), human(2), computer("C")]
    first, _ = await start_game(storage, 1, players, seed=5)
    assert await storage.games.dm_channel_of(1) is None, "never opened"
    await storage.games.update_seat(first, 0, dm_channel_id=77)
    await storage.games.cancel_game(first, running=True)
    second, _ = await start_game(storage, 1, players, seed=6)
    assert await storage.games.dm_channel_of(1) == 77, "from the earlier game's seat"
    await storage.games.update_seat(second, 0, dm_channel_id=78)
    assert await storage.games.dm_channel_of(1) == 78, "the latest one"
    assert await storage.games.dm_channel_of(2) is None
