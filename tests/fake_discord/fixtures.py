"""pytest fixtures for the fake Discord; import them into a conftest::

    from tests.fake_discord.fixtures import fake_discord  # noqa: F401

``fake_discord`` starts a fresh fake on a free port, points discord.py at it for the test, and
at teardown stops it and fails the test if the fake saw problems (unknown routes, malformed
requests, interactions not acknowledged within 3 s or twice, its own internal errors).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest_asyncio

from .discordpy import point_discord_py_at
from .driver import FakeDiscord
from .health import Allow


@asynccontextmanager
async def running_fake_discord(**options: Any) -> AsyncIterator[FakeDiscord]:
    """A fake ``FakeDiscord(**options)`` started, with discord.py pointed at it, and stopped
    after; its health is the caller's to judge."""
    fake = FakeDiscord(**options)
    await fake.start()
    try:
        with point_discord_py_at(fake):
            yield fake
    finally:
        await fake.stop()


@asynccontextmanager
async def healthy_fake_discord(allow: Allow | None = None,
                               **options: Any) -> AsyncIterator[FakeDiscord]:
    """What the fixture does, for a fake with ``FakeDiscord(**options)`` (e.g.
    ``rate_limits=RateLimits()``); ``allow`` excuses the refusals a test expects."""
    async with running_fake_discord(**options) as fake:
        yield fake
    if allow is None:
        fake.assert_healthy()
    else:
        fake.assert_healthy(allow=allow)


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with healthy_fake_discord() as fake:
        yield fake
