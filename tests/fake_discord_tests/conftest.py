"""The ``world`` fixture: the tiny discord.py bot running against a fresh fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from tests.fake_discord import FakeDiscord
from tests.fake_discord_tests.tiny_bot import World, world_on


@pytest_asyncio.fixture
async def world() -> AsyncIterator[World]:
    async with FakeDiscord() as fake, world_on(fake) as w:
        yield w
        fake.assert_healthy()
