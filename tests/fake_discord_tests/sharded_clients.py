"""discord.py clients for the sharding tests: plain ``Client(shard_id=i)`` "processes" and an
``AutoShardedClient``, each remembering the events it got, without discord.py's identify pause.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

import discord

from tests.fake_discord import FakeDiscord, running

# One guild per shard arrives at once, so a short wait before on_ready keeps the tests quick;
# nothing here depends on it (tests wait for the events themselves).
READY_AFTER = 0.05


class SkipIdentifyPause:
    """discord.py sleeps 5 s before every IDENTIFY but a client's first (its stand-in for
    ``max_concurrency``); the fake has no identify rate limit, so the tests skip the pause."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


class ShardClient(SkipIdentifyPause, discord.Client):
    """A bot process running one shard; records what it got."""

    def __init__(self, shard_id: int, shard_count: int) -> None:
        super().__init__(
            intents=discord.Intents.default(),
            shard_id=shard_id,
            shard_count=shard_count,
            guild_ready_timeout=READY_AFTER,
        )
        self.channel_names: list[str] = []  # on_guild_channel_create, in order
        self.dms: list[str] = []  # contents of DM messages seen (on_message)
        self.interactions: list[discord.Interaction] = []
        self._recorded = asyncio.Event()

    async def until(self, predicate: Callable[[], object], timeout: float = 5.0) -> None:
        """Until ``predicate()`` holds, re-checked after each event this client records
        (the fake's own ``wait_for`` only wakes up on changes of the fake)."""
        async with asyncio.timeout(timeout):
            while not predicate():
                self._recorded.clear()
                await self._recorded.wait()

    async def on_guild_channel_create(self, channel: discord.abc.GuildChannel) -> None:
        self.channel_names.append(channel.name)
        self._recorded.set()

    async def on_message(self, message: discord.Message) -> None:
        if message.guild is None:
            self.dms.append(message.content)
            self._recorded.set()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.interactions.append(interaction)
        self._recorded.set()


class AutoShards(SkipIdentifyPause, discord.AutoShardedClient):
    pass


@contextlib.asynccontextmanager
async def shard_processes(fake: FakeDiscord, shard_count: int) -> AsyncIterator[list[ShardClient]]:
    """One running ``ShardClient`` per shard, as separate bot processes would run them."""
    async with contextlib.AsyncExitStack() as stack:
        clients = [ShardClient(k, shard_count) for k in range(shard_count)]
        for client in clients:
            await stack.enter_async_context(running(client, fake, wait_ready=True))
        yield clients
