"""The test's tiny bot as a program (for the child-process launcher test)."""

from __future__ import annotations

import asyncio
import os

from tests.fake_discord_tests.tiny_bot import TinyBot


async def main() -> None:
    async with TinyBot() as client:
        await client.start(os.environ["FAKE_DISCORD_TOKEN"])


if __name__ == "__main__":
    asyncio.run(main())
