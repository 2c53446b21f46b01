"""pytest fixtures for the fake Discord; import them into a conftest::

    from tests.fake_discord.fixtures import fake_discord  # noqa: F401

``fake_discord`` starts a fresh fake on a free port, points discord.py at it for the test, and
at teardown stops it and fails the test if the fake saw problems (unknown routes, malformed
requests, interactions not acknowledged within 3 s or twice, its own internal errors).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .discordpy import point_discord_py_at
from .driver import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    try:
        with point_discord_py_at(fake):
            yield fake
    finally:
        await fake.stop()
    fake.assert_healthy()
