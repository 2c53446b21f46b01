"""``kachuful-bot``: run the bot until Discord disconnects for good or it is stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import aiohttp
import discord

from bot.adapter.client import KachufulBot
from bot.adapter.shards import make_bot
from bot.memory import limit_malloc_arenas
from bot.settings import Settings, SettingsError, configure_logging, load_settings
from bot.storage import StorageError, fail_point
from render.fonts import ShapingUnavailable, require_shaping

log = logging.getLogger(__name__)

__all__ = ["KachufulBot", "main", "run_until_stopped"]


def main(argv: list[str] | None = None) -> int:
    """``kachuful-bot`` / ``python -m bot``."""
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    try:
        fail_point.arm_from_environment()
        require_shaping()
    except (ValueError, ShapingUnavailable) as exc:  # a bad fail point, or no shaping
        print(f"error: {exc}", file=sys.stderr)
        return 2
    limit_malloc_arenas()  # before the first thread starts
    try:
        asyncio.run(run_until_stopped(settings))
    except discord.LoginFailure:
        print("error: Discord refused DISCORD_TOKEN: check the token in .env", file=sys.stderr)
        return 2
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as exc:
        print(f"error: cannot reach Discord ({exc}); check the network and try again",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


async def run_until_stopped(settings: Settings) -> None:
    """Run the bot until Discord disconnects for good or SIGTERM/SIGINT arrives; then
    shut down gracefully: moves being applied finish and are saved, timers stop, the
    database is closed and the gateway says goodbye."""
    bot = make_bot(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # not on every platform
            loop.add_signal_handler(signal_number, stop.set)
    async with bot:
        runner = asyncio.create_task(bot.start(settings.discord_token.get_secret_value()))
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("stopping: finishing the moves in progress")
            await bot.close()
        else:
            stopper.cancel()
        await runner
