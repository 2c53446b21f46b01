"""A whole game against a fake Discord that enforces Discord's documented rate limits: the
global 50 requests per second with the bot token, 5 per 5 s per channel for sending, editing
and deleting messages, per-token webhook buckets. The game finishes, nothing it sends is lost,
and the bot never hits the global limit."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import People, Table, assert_answered_fast, bot_running, open_table
from tests.fake_discord.fixtures import healthy_fake_discord
from tests.fake_discord.rate_limits import BOT_TOKEN, INTERACTION, RateLimits


async def test_a_whole_game_within_discords_rate_limits(tmp_path: Path) -> None:
    async with healthy_fake_discord(rate_limits=RateLimits()) as fake:
        table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
        async with bot_running(fake, tmp_path / "k.db") as bot:
            game_id = await open_table(fake, table, {"preset": "short", "max_hand": 2},
                                     joiners=3)
            people = People(fake, bot, table, game_id, random.Random(27))
            await people.play_to_the_end()
            final = await fake.wait_for_message(
                table.channel, lambda m: "Fair-deal proof" in m.content, timeout=60
            )
            stored = await bot.storage.games.load_game(game_id)
            assert stored.status == "finished" and stored.game is not None
            deals = len(stored.game.results())
            scored = [m for m in fake.channel_messages(table.channel)
                      if m.content.startswith("**Deal ") and " scored**" in m.content]
            assert len(scored) == deals, "every deal's score message arrived"
            assert any(a.filename.endswith(".json") for a in final.attachments)
        counters = fake.counters
        assert counters.global_429s == 0, counters.rate_limited
        assert counters.by_class[BOT_TOKEN] > 0 and counters.by_class[INTERACTION] >= people.clicks
        assert counters.bans == 0
    assert_answered_fast(fake)
