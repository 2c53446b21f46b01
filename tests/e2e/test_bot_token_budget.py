"""The bot token's budget, measured by a fake Discord that enforces Discord's limits: a
game at the bot's own table pace finishes with no global 429 and well under one bot-token
request per move, and a person's DM channel is opened once, not once a game (a restart
reads it back from the stored seats)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.app import KachufulBot
from bot.settings import Settings
from tests.e2e.deal_sheets import deal_sheets
from tests.e2e.harness import People, Table, open_table
from tests.fake_discord.discordpy import running
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.fixtures import healthy_fake_discord
from tests.fake_discord.rate_limits import BOT_TOKEN, RateLimits

OPEN_DM = "POST /users/@me/channels"
TARGET_PER_MOVE = 0.75
"""Issue 27's target at people's pace; a game with no think time coalesces even more."""


@asynccontextmanager
async def paced_bot(fake: FakeDiscord, database: Path) -> AsyncIterator[KachufulBot]:
    """The bot as deployed: the table's default pace (``TABLE_PACE_SECONDS``)."""
    settings = Settings(discord_token="fake-bot-token.not-a-real-secret",  # type: ignore[call-arg]
                        database_path=database, _env_file=None)
    bot = KachufulBot(settings, guild_ready_timeout=0.1)
    async with running(bot, fake, wait_ready=True):
        yield bot


async def play_a_game(fake: FakeDiscord, bot: KachufulBot, table: Table, seed: int,
                      options: dict[str, object]) -> int:
    """One whole game; returns the moves made."""
    game_id = await open_table(fake, table, options, joiners=3)
    people = People(fake, bot, table, game_id, random.Random(seed))
    await people.play_to_the_end()
    await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                timeout=30)
    stored = await bot.storage.games.load_game(game_id)
    assert stored.status == "finished" and stored.game is not None
    assert len(deal_sheets(fake, table.channel)) >= len(stored.game.results())
    return people.clicks


async def test_a_game_spends_under_the_target_of_bot_token_requests_per_move(
    tmp_path: Path,
) -> None:
    async with healthy_fake_discord(rate_limits=RateLimits()) as fake:
        table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
        async with paced_bot(fake, tmp_path / "k.db") as bot:
            moves = await play_a_game(fake, bot, table, 27, {"preset": "short"})
        counters = fake.counters
        assert counters.global_429s == 0, counters.rate_limited
        per_move = counters.by_class[BOT_TOKEN] / moves
        assert per_move <= TARGET_PER_MOVE, (per_move, counters.by_route[BOT_TOKEN])


async def test_a_persons_dm_channel_is_opened_once_across_games_and_restarts(
    tmp_path: Path,
) -> None:
    async with healthy_fake_discord(rate_limits=RateLimits()) as fake:
        table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
        database = tmp_path / "k.db"
        short = {"preset": "short", "max_hand": 1}
        async with paced_bot(fake, database) as bot:
            await play_a_game(fake, bot, table, 1, short)
            assert fake.counters.by_route[BOT_TOKEN][OPEN_DM] == 4, "one per person"
            await play_a_game(fake, bot, table, 2, short)
        async with paced_bot(fake, database) as bot:  # a restart: nothing in memory
            await play_a_game(fake, bot, table, 3, short)
        assert fake.counters.by_route[BOT_TOKEN][OPEN_DM] == 4, fake.counters.by_route
