"""A bot in its own process, pointed at the fake by the launcher."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from tests.fake_discord import FakeDiscord

REPO = Path(__file__).resolve().parents[2]


async def test_bot_in_a_child_process_answers_through_the_fake() -> None:
    async with FakeDiscord() as fake:
        guild = fake.create_guild("Club")
        table = fake.create_channel(guild, "cards")
        asha = fake.create_user("asha")
        fake.add_member(guild, asha)
        env = {**os.environ, "FAKE_DISCORD_TOKEN": fake.token, "PYTHONPATH": str(REPO)}
        child = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.fake_discord.launch",
            fake.base_url,
            "-m",
            "tests.fake_discord_tests.child_bot",
            env=env,
            cwd=REPO,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        exited = asyncio.ensure_future(child.wait())
        try:
            ready = asyncio.ensure_future(
                fake.wait_for(lambda: fake.bot_connected and fake.global_commands(), timeout=30)
            )
            await asyncio.wait({ready, exited}, return_when=asyncio.FIRST_COMPLETED)
            assert not exited.done(), f"the bot process exited with {child.returncode}"
            await ready
            record = await fake.slash(asha, table, "cards deal", {"count": 2})
            await record.wait_response(timeout=10)
            assert record.original is not None and record.original.content == "dealt 2 to asha"
        finally:
            if child.returncode is None:
                child.terminate()
            _, stderr = await child.communicate()
            await exited
        fake.assert_healthy()
        assert b"Traceback" not in stderr
