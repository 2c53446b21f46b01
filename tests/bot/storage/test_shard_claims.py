"""The claims connection of replicas sharing shards (PostgreSQL): a link that stops
answering is found out within a statement's timeout instead of hanging — while the
server would free the shards to other processes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.storage import StorageUnavailable
from bot.storage.postgres.shard_claims import ShardClaims
from tests.bot.storage.postgres_server import PostgresServer
from tests.bot.storage.tcp_proxy import PausingProxy

SAFETY_NET = 30.0
"""Far beyond the claims' own timeout: only a hang reaches it."""


@pytest.fixture
async def proxy(postgres_server: PostgresServer) -> AsyncIterator[PausingProxy]:
    proxy = PausingProxy(postgres_server.session_url)
    yield proxy
    await proxy.close()


async def test_a_half_open_claims_link_fails_instead_of_hanging(
    proxy: PausingProxy,
) -> None:
    claims = ShardClaims(await proxy.start(), shard_count=2)
    await claims.open()
    try:
        assert sorted(await claims.claim_share()) == [0, 1]
        proxy.stop_forwarding()
        async with asyncio.timeout(SAFETY_NET):
            with pytest.raises(StorageUnavailable):
                await claims.extra_shards()
        claims.drop()
        assert not claims.alive and claims.mine == []
    finally:
        await claims.close()


async def test_claims_join_again_after_their_connection_is_cut(
    postgres_server: PostgresServer,
) -> None:
    claims = ShardClaims(postgres_server.session_url, shard_count=1)
    await claims.open()
    try:
        assert await claims.claim_share() == [0]
        claims.drop()  # as after a database restart
        await claims.open()
        async with asyncio.timeout(SAFETY_NET):
            while not await claims.claim_share():  # once the server freed the old locks
                await asyncio.sleep(0.05)
        assert claims.mine == [0]
    finally:
        await claims.close()
