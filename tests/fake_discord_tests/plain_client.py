"""A plain discord.py client (no commands, no views) connected to a fake with one guild.

Refusal tests call discord.py's own channel and message methods through it, to see each refusal
surface exactly as Discord's would: ``discord.Forbidden`` / ``discord.NotFound`` with the code.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass
from typing import Any

import discord

from tests.fake_discord import Channel, FakeDiscord, Guild, User, point_discord_py_at, running

# Time discord.py waits after the last GUILD_CREATE before on_ready (2 s by default): one guild
# arrives at once, so a short wait keeps these tests quick without making them timing-dependent
# (waiting for on_ready only needs the guild to be cached, which it is before the timer starts).
READY_AFTER = 0.05


@dataclass
class Room:
    fake: FakeDiscord
    guild: Guild
    table: Channel
    asha: User
    client: discord.Client

    def text_channel(self, channel: Channel) -> discord.TextChannel:
        """discord.py's cached object for ``channel``."""
        live = self.client.get_channel(channel.id)
        assert isinstance(live, discord.TextChannel), live
        return live

    def event(self, name: str, **kwargs: Any) -> Awaitable[Any]:
        """A future for discord.py's next ``name`` event: create it *before* causing the event."""
        return asyncio.ensure_future(self.client.wait_for(name, timeout=5, **kwargs))


@contextlib.asynccontextmanager
async def room_on(fake: FakeDiscord) -> AsyncIterator[Room]:
    guild = fake.create_guild("Card Club")
    table = fake.create_channel(guild, "cards")
    asha = fake.create_user("asha")
    fake.add_member(guild, asha)
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=READY_AFTER)
    with point_discord_py_at(fake):
        async with running(client, fake, wait_ready=True):
            yield Room(fake, guild, table, asha, client)
