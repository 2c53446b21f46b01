"""DM clicks routed through PostgreSQL to the process that runs the game's server's
shard (``click_listener``): the owner is found from the shard claims, each click is
taken once, one nobody takes falls back to the process that routed it, and one whose
claimer died before making it is taken again, once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import asyncpg
import pytest

from bot.storage import Storage
from bot.storage.postgres.click_listener import ClickRoutes
from bot.storage.postgres.shard_claims import ShardClaims

SHARDS = 2
SAFETY_NET = 30.0


@pytest.fixture
def url(database_url: str) -> str:
    return database_url


@dataclass
class Replica:
    """What a bot process sharing the shards holds: its claims and its routes."""

    claims: ShardClaims
    routes: ClickRoutes

    @property
    def member(self) -> int:
        assert self.claims.member is not None
        return self.claims.member


@pytest.fixture
async def replicas(url: str) -> AsyncIterator[list[Replica]]:
    storage = await Storage.connect(url)  # migrated
    await storage.close()
    made = [Replica(ShardClaims(url, SHARDS), ClickRoutes(url)) for _ in range(2)]
    for replica in made:
        await replica.claims.open()
    for replica in made:  # both count each other: one shard each, 0 for the first
        await replica.claims.claim_share()
        await replica.routes.open()
    assert [r.claims.mine for r in made] == [[0], [1]]
    yield made
    for replica in made:
        await replica.routes.close()
        await replica.claims.close()


async def game_on_shard(url: str, shard: int) -> int:
    """A lobby in a server of ``shard`` (Discord's: the id's top bits modulo shards)."""
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval(
            "INSERT INTO games (guild_id, channel_id, seed, created_at, turn_timeout) "
            "VALUES ($1, nextval('games_id_seq'), repeat('a', 64), 0, 60) RETURNING id",
            (7 * SHARDS + shard) << 22))
    finally:
        await conn.close()


async def age_lease(url: str, click_id: int, seconds: float) -> None:
    """The click's lease taken ``seconds`` back in time (as if that long had passed)."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("UPDATE routed_clicks SET claimed_at = claimed_at - $2 "
                           "WHERE id = $1", click_id, seconds)
    finally:
        await conn.close()


async def test_a_click_goes_to_the_owner_of_its_games_shard_once(
    url: str, replicas: list[Replica]
) -> None:
    dms, owner = replicas
    game_id = await game_on_shard(url, 1)
    await owner.routes.claim(owner.member, 60, 60, 60)  # now listening as its member
    assert await dms.routes.route(game_id, '{"id": "1"}', dms.member, SHARDS)
    async with asyncio.timeout(SAFETY_NET):
        await owner.routes.arrived.wait()  # notified, not only found by looking
    # The owner and, at the same moment, a second claimer for the same member: one
    # gets the click; the routing process does not take it back.
    second = ClickRoutes(url)
    await second.open()
    try:
        taken = await asyncio.gather(owner.routes.claim(owner.member, 60, 60, 60),
                                     second.claim(owner.member, 60, 60, 60))
    finally:
        await second.close()
    assert sorted(len(clicks) for clicks in taken) == [0, 1]
    (click,) = taken[0] + taken[1]
    assert (click.game_id, click.owner, click.payload) == (game_id, owner.member, '{"id": "1"}')
    assert await dms.routes.claim(dms.member, 0, 0, 60) == []


async def test_a_click_of_its_own_shard_or_nobodys_is_not_routed(
    url: str, replicas: list[Replica]
) -> None:
    dms, owner = replicas
    own = await game_on_shard(url, 0)
    assert not await dms.routes.route(own, "{}", dms.member, SHARDS)
    assert not await dms.routes.route(own + 1000, "{}", dms.member, SHARDS)  # no such game
    theirs = await game_on_shard(url, 1)
    await owner.claims.close()  # the owner's process is gone: its locks with it
    assert not await dms.routes.route(theirs, "{}", dms.member, SHARDS)


async def test_a_click_nobody_takes_falls_back_to_the_process_that_routed_it(
    url: str, replicas: list[Replica]
) -> None:
    dms, owner = replicas
    game_id = await game_on_shard(url, 1)
    assert await dms.routes.route(game_id, '{"id": "2"}', dms.member, SHARDS)
    assert await dms.routes.claim(dms.member, 60, 60, 60) == []  # still the owner's to take
    (back,) = await dms.routes.claim(dms.member, 0, 60, 60)  # its second is over (here: 0 s)
    assert (back.game_id, back.owner) == (game_id, owner.member)
    assert await owner.routes.claim(owner.member, 60, 60, 60) == []


async def test_a_click_whose_router_died_too_is_taken_by_anyone(
    url: str, replicas: list[Replica]
) -> None:
    dms = replicas[0]
    game_id = await game_on_shard(url, 1)
    assert await dms.routes.route(game_id, "{}", dms.member, SHARDS)
    third = ClickRoutes(url)
    await third.open()
    try:
        assert await third.claim(99, 60, 60, 60) == []
        (taken,) = await third.claim(99, 60, 0, 60)
    finally:
        await third.close()
    assert taken.game_id == game_id


async def test_a_click_whose_claimer_died_is_made_by_another_once(
    url: str, replicas: list[Replica]
) -> None:
    dms, owner = replicas
    game_id = await game_on_shard(url, 1)
    assert await dms.routes.route(game_id, '{"id": "3"}', dms.member, SHARDS)
    (claimed,) = await owner.routes.claim(owner.member, 60, 60, 60)
    assert not claimed.again
    await owner.routes.close()  # it dies holding the click: never made, never done
    assert await dms.routes.claim(dms.member, 0, 0, 60) == [], "its lease still runs"
    await age_lease(url, claimed.id, 120)
    # Its lease is over: two processes look at once, one takes it again.
    third = ClickRoutes(url)
    await third.open()
    try:
        taken = await asyncio.gather(dms.routes.claim(dms.member, 0, 0, 60),
                                     third.claim(99, 0, 0, 60))
        (again,) = taken[0] + taken[1]
        assert (again.id, again.game_id, again.payload, again.again) == (
            claimed.id, game_id, '{"id": "3"}', True)
        maker = dms.routes if taken[0] else third
        await maker.done(again.id)  # made: nobody takes it a third time
        await age_lease(url, claimed.id, 120)
        assert await dms.routes.claim(dms.member, 0, 0, 60) == []
        assert await third.claim(99, 0, 0, 60) == []
    finally:
        await third.close()
