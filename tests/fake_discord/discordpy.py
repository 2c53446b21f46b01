"""Point an unmodified discord.py 2.x at the fake, and run a client against it.

discord.py reads three class attributes that name Discord's hosts. For a plain ``Client`` /
``commands.Bot`` (not auto-sharded) the gateway URL is ``DiscordWebSocket.DEFAULT_GATEWAY``;
``GET /gateway/bot`` is only asked by an ``AutoShardedClient`` without ``shard_count`` (the fake
answers its ``recommended_shards``; with ``shard_count`` it uses ``DEFAULT_GATEWAY`` too).
discord.py appends ``?v=10&encoding=json&compress=zlib-stream`` itself (``zstd-stream`` if a zstd
module is importable; the fake speaks both). Nothing else in the bot changes.

This module is the only part of the fake that imports discord.py.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator

import discord
import discord.asset
import discord.gateway
import discord.http
import yarl

from .driver import FakeDiscord


@contextlib.contextmanager
def point_discord_py_at(fake: FakeDiscord) -> Iterator[None]:
    """Set discord.py's REST base, gateway URL and CDN base to the fake; restore on exit.

    Equivalent by hand, before ``client.start(fake.token)``::

        discord.http.Route.BASE = fake.api_base              # http://127.0.0.1:PORT/api/v10
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
        discord.asset.Asset.BASE = fake.cdn_base             # optional: keeps avatar reads local
    """
    saved = (
        discord.http.Route.BASE,
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        discord.asset.Asset.BASE,
    )
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    discord.asset.Asset.BASE = fake.cdn_base
    try:
        yield
    finally:
        (
            discord.http.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
            discord.asset.Asset.BASE,
        ) = saved


def _shards_of(client: discord.Client, fake: FakeDiscord) -> set[tuple[int, int]]:
    """The ``(shard_id, shard_count)`` sessions ``client`` will identify."""
    if isinstance(client, discord.AutoShardedClient):
        count = client.shard_count or fake.recommended_shards
        return {(shard_id, count) for shard_id in client.shard_ids or range(count)}
    if client.shard_id is not None and client.shard_count is not None:
        return {(client.shard_id, client.shard_count)}
    return {(0, 1)}  # unsharded: Discord treats it as shard [0, 1]


class ClientCrashed(AssertionError):
    """The discord.py client stopped with an exception while a test was using it."""


@contextlib.asynccontextmanager
async def running(
    client: discord.Client,
    fake: FakeDiscord,
    *,
    timeout: float = 10.0,
    wait_ready: bool = False,
) -> AsyncIterator[discord.Client]:
    """Run ``client.start(fake.token)`` in a task for the duration of the block.

    Entering waits until the client's gateway sessions have identified — one per shard it
    runs: ``shard_ids`` of an ``AutoShardedClient`` (all of ``shard_count``, or of the fake's
    recommended shards), the ``shard_id`` of a sharded ``Client`` — (and, with
    ``wait_ready``, until discord.py fires ``on_ready``, which it does ``guild_ready_timeout``
    — 2 s by default — after the last GUILD_CREATE). A client that crashes (bad token,
    disallowed intents...) fails the block at once instead of hanging. Leaving closes the client
    and re-raises anything it died of."""
    expected = _shards_of(client, fake)
    known = {session.session_id for session in fake.sessions()}
    task = asyncio.create_task(client.start(fake.token), name="discord-client-under-test")

    def identified() -> bool:
        # New sessions only: another client (or an old one not yet gone) may hold these shards.
        new = {
            (s.shard_id, s.shard_count)
            for s in fake.sessions()
            if s.connected and s.session_id not in known
        }
        return expected <= new

    connected = asyncio.create_task(
        fake.wait_for(identified, timeout, what=f"the client's shards {sorted(expected)}")
    )
    done, _ = await asyncio.wait({task, connected}, return_when=asyncio.FIRST_COMPLETED)
    if task in done:
        connected.cancel()
        await client.close()
        exc = task.exception()
        raise ClientCrashed(f"the client stopped before connecting: {exc!r}") from exc
    try:
        connected.result()
        if wait_ready:
            await asyncio.wait_for(client.wait_until_ready(), timeout)
        yield client
    finally:
        await client.close()
        # Re-raises what the client died of, if it died.
        await asyncio.wait_for(task, timeout)
