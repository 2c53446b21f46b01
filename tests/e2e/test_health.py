"""The health status the Docker HEALTHCHECK reads reflects the bot's real state."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.health import read_status
from tests.e2e.harness import make_bot
from tests.fake_discord.discordpy import running
from tests.fake_discord.driver import FakeDiscord

SCRIPT = Path(sys.executable).with_name("kachuful")


def health(status: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), "health", "--status-file", str(status)],
                          capture_output=True, text=True, timeout=60)


async def health_now(status: Path) -> subprocess.CompletedProcess[str]:
    """``kachuful health`` in a thread: the bot runs on this event loop, and blocking
    it for the command's start-up would stall the bot's own database checks."""
    return await asyncio.to_thread(health, status)


async def test_status_follows_the_connection_and_the_database(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    status = tmp_path / "status.json"
    database = tmp_path / "k.db"
    assert health(status).returncode == 1, "no status file yet: unhealthy"
    bot = make_bot(database, status_interval=0.05)
    bot.settings = bot.settings.model_copy(update={"status_path": status})
    async with running(bot, fake, wait_ready=True):
        await fake.wait_for(lambda: status.exists() and read_status(status).healthy, poll=0.05)
        result = await health_now(status)
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("healthy")
        # Another program holds the database's write lock: the bot reports it. The
        # bot takes that lock itself for a moment at every check, so the other
        # program waits for it in a thread while the bot's loop runs on.
        blocker = sqlite3.connect(database, timeout=20, check_same_thread=False)
        await asyncio.to_thread(blocker.execute, "BEGIN IMMEDIATE")
        try:
            await fake.wait_for(lambda: not read_status(status).database_writable,
                                timeout=20, poll=0.1)
            result = await health_now(status)
            assert result.returncode == 1 and "database" in result.stderr
        finally:
            blocker.rollback()
            blocker.close()
        await fake.wait_for(lambda: read_status(status).healthy, timeout=20, poll=0.1)
    # Stopped: the file goes stale, which counts as unhealthy.
    result = subprocess.run([str(SCRIPT), "health", "--status-file", str(status),
                             "--max-age", "0"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "old" in result.stderr
