"""The load bench's start: wait for the bot to connect and its shard claims to settle,
then play one short warm-up game per shard, so that every process has played before the
baseline is read."""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

from bench.load_games import (
    SETTLE_SECONDS,
    WARMUP_MAX_HAND,
    BotDied,
    Progress,
    Table,
    _guarded,
    _with_log,
    game_plan,
    play_game,
)
from bench.load_processes import Fleet, connected
from bench.load_support import ProcessSample
from tests.fake_discord import FakeDiscord, WaitTimeout


async def connect_and_warm_up(
    fake: FakeDiscord, bot: Fleet, warmups: list[Table], args: argparse.Namespace
) -> tuple[ProcessSample, ProcessSample]:
    """The bot's readings when connected (cold) and after the warm-up (the baseline)."""
    launched = time.monotonic()
    try:
        await fake.wait_for(
            lambda: (bool(fake.global_commands()) and connected(fake, bot.shard_count))
            or not bot.running,
            timeout=120, poll=0.5, what="the bot to register its commands and connect",
        )
    except WaitTimeout:
        raise BotDied(f"the bot did not connect within 120 s; log: {bot.log_path}") from None
    if not bot.running:
        raise BotDied(_with_log("the bot stopped at start-up", bot))
    settle_by = time.monotonic() + 60
    while not await bot.shards_settled() and time.monotonic() < settle_by:
        await asyncio.sleep(0.5)
    await fake.wait_for(lambda: connected(fake, bot.shard_count), timeout=60, poll=0.5,
                        what="every shard connected after the claims settled")
    await asyncio.sleep(SETTLE_SECONDS)
    cold = bot.read()
    print(f"  bot up in {time.monotonic() - launched:.1f}s; idle RSS {cold.rss_kb} KiB (cold)",
          flush=True)

    warm_plan = game_plan(WARMUP_MAX_HAND)
    warm = Progress()
    await asyncio.gather(*(
        _guarded(warmup, warm, play_game(fake, warmup, warm_plan, args.seed, warm, args.timeout))
        for warmup in warmups
    ))
    if warm.failures:
        kept = bot.keep_logs(Path(args.profile_dir) / "kachuful-load-bot-warm-up.log")
        raise BotDied(f"the warm-up game failed: {warm.failures[0]} (bot log: {kept})")
    await asyncio.sleep(SETTLE_SECONDS)
    baseline = bot.read()
    print(f"  warm-up game done; idle RSS {baseline.rss_kb} KiB (baseline)", flush=True)
    return cold, baseline

