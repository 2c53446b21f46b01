"""Rate limits and server errors from Discord neither lose a move nor stall a game."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import People, Table, assert_answered_fast, bot_running, open_table
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.routing import ApiErrorRecord


async def test_429s_and_5xx_on_sends_lose_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=1, computers=2)
        people = People(fake, bot, table, game_id, random.Random(21))
        for _ in range(3):
            await people.play_one()
        messages = "/channels/{channel_id}/messages"
        rules = [
            fake.inject("POST", messages, status=429, count=4, retry_after=0.05,
                        channel_id=table.channel.id),
            fake.inject("POST", messages, status=500, count=2, channel_id=table.channel.id),
            fake.inject("PATCH", messages + "/{message_id}", status=502, count=3),
            fake.inject("POST", messages, status=503, count=1),
            fake.inject("POST", messages, status=429, count=2, retry_after=0.05),
        ]
        await people.play_to_the_end()
        await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                    timeout=30)
        assert all(rule.hits == rule.count for rule in rules), "every fault was met"
        stored = await bot.storage.games.load_game(game_id)
        assert stored.status == "finished" and stored.game is not None
        humans = {stored.game.players.index(name) for name in ("asha", "bikram")}
        human_moves = [a for a in stored.game.player_actions() if a.seat in humans]
        assert len(human_moves) == people.clicks, "every click became a stored move"

    def injected(error: ApiErrorRecord) -> bool:
        return error.status in (429, 500, 502, 503)

    assert_answered_fast(fake)
    fake.faults.rules.clear()
    assert not fake.problems(allow=injected)
