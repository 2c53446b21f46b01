"""Gateway sharding, as Discord does it: each session gets only the events and interactions of
its shard's guilds ((guild_id >> 22) % shard_count), DMs go to shard 0, interactions are answered
from any process, RESUME keeps the shard, an invalid shard is closed with 4010.

Negative checks use the per-connection order of dispatches instead of waiting: when a client has
seen a later event of its own shard, it would already have seen an earlier one meant for it.
"""

from __future__ import annotations

import aiohttp
import discord
import pytest

from tests.fake_discord import (
    ClientCrashed,
    DriverError,
    FakeDiscord,
    point_discord_py_at,
    running,
)
from tests.fake_discord.sharding import shard_for_guild
from tests.fake_discord_tests.raw_client import RawRest, raw_gateway
from tests.fake_discord_tests.sharded_clients import (
    READY_AFTER,
    AutoShards,
    ShardClient,
    shard_processes,
)

PING = {"name": "ping", "description": "answers pong", "type": 1}


async def test_gateway_bot_answers_the_configured_shards() -> None:
    async with (
        FakeDiscord(shards=3, max_concurrency=2) as fake,
        aiohttp.ClientSession() as http,
    ):
        status, body, _ = await RawRest(fake, http).call("GET", "/gateway/bot")
        assert status == 200 and body["shards"] == 3 and body["url"] == fake.gateway_url
        assert body["session_start_limit"]["max_concurrency"] == 2
        fake.recommended_shards = 5
        _, body, _ = await RawRest(fake, http).call("GET", "/gateway/bot")
        assert body["shards"] == 5
        with pytest.raises(DriverError):
            fake.recommended_shards = 0


async def test_guilds_can_be_created_on_a_chosen_shard() -> None:
    async with FakeDiscord(shards=4) as fake:
        ids = []
        for shard_count in (1, 2, 3, 16):
            for shard in range(shard_count):
                guild = fake.create_guild(f"g{shard}", shard=shard, shard_count=shard_count)
                assert shard_for_guild(guild.id, shard_count) == shard
                assert fake.shard_of(guild, shard_count) == shard
                ids.append(guild.id)
        assert ids == sorted(set(ids))  # still unique, increasing snowflakes
        on_three = fake.create_guild("default count", shard=3)
        assert fake.shard_of(on_three) == 3  # the recommended count, with no session connected
        with pytest.raises(DriverError):
            fake.create_guild("nowhere", shard=4)


@pytest.mark.parametrize("shard", [[2, 2], [0, 0], [-1, 2], [0], [0, 1, 2], "0,1", [True, 2]])
async def test_an_invalid_shard_is_closed_with_4010(shard: object) -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        async with raw_gateway(fake, http) as gw:
            await gw.receive()
            await gw.send(2, {"token": fake.token, "intents": 1, "properties": {}, "shard": shard})
            with pytest.raises(ConnectionError):
                await gw.receive()
            assert gw.ws.close_code == 4010
        assert fake.gateway_close_codes == [4010] and fake.sessions() == []


async def test_a_discord_py_client_with_an_invalid_shard_stops() -> None:
    async with FakeDiscord() as fake:
        client = discord.Client(intents=discord.Intents.default(), shard_id=2, shard_count=2)
        with point_discord_py_at(fake), pytest.raises(ClientCrashed, match="4010"):
            async with running(client, fake):
                pass


async def test_ready_and_guild_create_carry_only_the_shards_guilds() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        guilds = [fake.create_guild(f"g{k}", shard=k, shard_count=2) for k in (0, 1)]
        for shard in (0, 1):
            async with raw_gateway(fake, http) as gw:
                await gw.receive()
                await gw.send(
                    2, {"token": fake.token, "intents": 1, "properties": {}, "shard": [shard, 2]}
                )
                ready = await gw.receive_event("READY")
                created = await gw.receive_event("GUILD_CREATE")
            assert ready["shard"] == [shard, 2]
            assert ready["guilds"] == [{"id": str(guilds[shard].id), "unavailable": True}]
            assert created["id"] == str(guilds[shard].id)
            assert gw.seq == 2  # every session numbers its own dispatches


async def test_an_auto_sharded_client_gets_the_guilds_of_its_shard_ids() -> None:
    async with FakeDiscord() as fake:
        guilds = [fake.create_guild(f"g{k}", shard=k, shard_count=3) for k in range(3)]
        client = AutoShards(
            intents=discord.Intents.default(),
            shard_ids=[0, 2],
            shard_count=3,
            guild_ready_timeout=READY_AFTER,
        )
        with point_discord_py_at(fake):
            async with running(client, fake, wait_ready=True):
                assert {g.id for g in client.guilds} == {guilds[0].id, guilds[2].id}
                assert {g.shard_id for g in client.guilds} == {0, 2}
                sessions = fake.sessions()
                assert sorted((s.shard_id, s.shard_count) for s in sessions) == [(0, 3), (2, 3)]
                assert all(s.connected and s.sharded for s in sessions)
                # An event of a guild of shard 1 reaches nobody: no session runs shard 1.
                fake.create_channel(guilds[1], "lost")
                fake.create_channel(guilds[2], "seen")
                seen = await client.wait_for("guild_channel_create", timeout=5)
                assert seen.name == "seen"
                assert guilds[1].id not in {g.id for g in client.guilds}


async def test_an_auto_sharded_client_launches_the_recommended_shards() -> None:
    async with FakeDiscord(shards=2) as fake:
        guilds = [fake.create_guild(f"g{k}", shard=k) for k in range(2)]
        client = AutoShards(intents=discord.Intents.default(), guild_ready_timeout=READY_AFTER)
        with point_discord_py_at(fake):
            async with running(client, fake, wait_ready=True):
                assert client.shard_count == 2
                assert {g.id for g in client.guilds} == {g.id for g in guilds}
                assert [s.shard_id for s in await fake.wait_shards_connected(2)] == [0, 1]


async def test_each_process_gets_only_its_shards_events_and_dms_go_to_shard_0() -> None:
    async with FakeDiscord() as fake:
        guilds = [fake.create_guild(f"g{k}", shard=k, shard_count=2) for k in (0, 1)]
        asha = fake.create_user("asha")
        for guild in guilds:
            fake.add_member(guild, asha)
        with point_discord_py_at(fake):
            async with shard_processes(fake, 2) as (zero, one):
                assert [g.id for g in zero.guilds] == [guilds[0].id]
                assert [g.id for g in one.guilds] == [guilds[1].id]

                fake.create_channel(guilds[1], "for-one")
                fake.create_channel(guilds[0], "for-zero")
                await zero.until(lambda: zero.channel_names)
                await one.until(lambda: one.channel_names)
                assert zero.channel_names == ["for-zero"]
                assert one.channel_names == ["for-one"]

                # The process of shard 1 sends a DM: its MESSAGE_CREATE goes to shard 0 only.
                user = await one.fetch_user(asha.id)
                await user.send("hello from shard 1")
                await zero.until(lambda: zero.dms)
                fake.create_channel(guilds[1], "after-the-dm")
                await one.until(lambda: len(one.channel_names) == 2)
                assert zero.dms == ["hello from shard 1"] and one.dms == []


async def test_an_interaction_reaches_only_its_shard_and_another_process_answers_it() -> None:
    async with FakeDiscord() as fake:
        guilds = [fake.create_guild(f"g{k}", shard=k, shard_count=2) for k in (0, 1)]
        table = fake.create_channel(guilds[1], "cards")
        asha = fake.create_user("asha")
        fake.add_member(guilds[1], asha)
        with point_discord_py_at(fake):
            async with shard_processes(fake, 2) as (zero, one):
                await zero.http.upsert_global_command(fake.application_id, PING)
                record = await fake.slash(asha, table, "ping")
                assert [(s.shard_id, s.shard_count) for s in record.delivered_to] == [(1, 2)]
                received = await one.wait_for("interaction", timeout=5)
                assert received.id == record.id and zero.interactions == []

                # The receiving process dies; another answers with only the payload's token.
                await one.close()
                answer = discord.Interaction(data=record.payload, state=zero._connection)  # type: ignore[arg-type]
                await answer.response.send_message("pong from shard 0")
                await answer.edit_original_response(content="pong, edited")
                await answer.followup.send("and a followup")
                callback = await record.wait_response()
                assert callback.type == 4
                assert record.original is not None and record.original.content == "pong, edited"
                assert [m.content for m in record.followups] == ["and a followup"]
        fake.assert_healthy()


async def test_a_dm_interaction_goes_to_shard_0() -> None:
    async with FakeDiscord() as fake:
        guilds = [fake.create_guild(f"g{k}", shard=k, shard_count=2) for k in (0, 1)]
        asha = fake.create_user("asha")
        fake.add_member(guilds[1], asha)
        with point_discord_py_at(fake):
            async with shard_processes(fake, 2) as (zero, one):
                await one.http.upsert_global_command(fake.application_id, PING)
                await (await one.fetch_user(asha.id)).create_dm()
                dm = fake.dm_channel(asha)
                assert dm is not None
                record = await fake.slash(asha, dm, "ping")
                assert [s.shard_id for s in record.delivered_to] == [0]
                received = await zero.wait_for("interaction", timeout=5)
                assert received.id == record.id and received.guild_id is None
                await received.response.send_message("pong in DM", ephemeral=True)
                await record.wait_response()
                assert one.interactions == []


async def test_an_interaction_for_a_shard_that_is_down_is_undelivered_until_failover() -> None:
    async with FakeDiscord() as fake:
        guilds = [fake.create_guild(f"g{k}", shard=k, shard_count=2) for k in (0, 1)]
        table = fake.create_channel(guilds[1], "cards")
        asha = fake.create_user("asha")
        fake.add_member(guilds[1], asha)
        with point_discord_py_at(fake):
            async with shard_processes(fake, 2) as (zero, one):
                await zero.http.upsert_global_command(fake.application_id, PING)
                # The process running shard 1 goes away (discord.py closes with 4000: its
                # session stays resumable, but nobody is connected on shard 1).
                await one.close()
                await fake.wait_for(
                    lambda: [s.shard_id for s in fake.sessions() if s.connected] == [0]
                )
                lost = await fake.slash(asha, table, "ping")
                assert not lost.delivered and lost.delivered_to == []
                assert [p for p in fake.problems() if "undelivered" in p] == [
                    f"interaction undelivered (no connected gateway session of its shard): {lost!r}"
                ]
                # A new process takes shard 1 over: interactions reach it again.
                again = ShardClient(1, 2)
                async with running(again, fake, wait_ready=True):
                    record = await fake.slash(asha, table, "ping")
                    assert record.delivered
                    received = await again.wait_for("interaction", timeout=5)
                    assert received.id == record.id
                    await received.response.send_message("pong")
                    await record.wait_response()
                assert zero.interactions == []


async def test_resume_keeps_the_shard() -> None:
    async with FakeDiscord() as fake:
        guilds = [fake.create_guild(f"g{k}", shard=k, shard_count=2) for k in (0, 1)]
        with point_discord_py_at(fake):
            async with shard_processes(fake, 2) as (zero, one):
                before = {s.shard_id: s for s in fake.sessions()}
                assert await fake.disconnect_shard(1) == 1
                assert [s.shard_id for s in fake.sessions() if s.connected] == [0]
                fake.create_channel(guilds[1], "missed-while-down")
                await fake.wait_for(lambda: any(s.resumes == 1 for s in fake.sessions()))
                after = {s.shard_id: s for s in fake.sessions()}
                assert after[1].session_id == before[1].session_id and after[1].connected
                assert (after[1].shard_count, after[1].resumes) == (2, 1)
                assert after[0] == before[0]
                assert fake.gateway_stats["identifies"] == 2
                fake.create_channel(guilds[1], "after-resume")
                fake.create_channel(guilds[0], "for-zero")
                await one.until(lambda: len(one.channel_names) == 2)
                await zero.until(lambda: zero.channel_names)
                assert one.channel_names == ["missed-while-down", "after-resume"]
                assert zero.channel_names == ["for-zero"]


async def test_two_sessions_on_one_shard_both_get_its_events_as_on_discord() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        guild = fake.create_guild("g", shard=0, shard_count=1)
        table = fake.create_channel(guild, "cards")
        asha = fake.create_user("asha")
        fake.add_member(guild, asha)
        path = f"/applications/{fake.application_id}/commands"
        assert (await RawRest(fake, http).call("POST", path, json_body=PING))[0] == 201
        async with raw_gateway(fake, http) as first, raw_gateway(fake, http) as second:
            for gw in (first, second):
                await gw.receive()
                await gw.identify(fake.token)
                await gw.receive_event("GUILD_CREATE")
            assert [s.connected for s in fake.sessions()] == [True, True]
            fake.create_channel(guild, "twice")
            record = await fake.slash(asha, table, "ping")
            assert len(record.delivered_to) == 2  # a bot started twice answers twice
            for gw in (first, second):
                assert (await gw.receive_event("CHANNEL_CREATE"))["name"] == "twice"
                assert (await gw.receive_event("INTERACTION_CREATE"))["id"] == str(record.id)
            # Both answer; Discord refuses the second with 40060: not the bot's mistake
            # when the interaction went to two sessions (one session answering twice is,
            # see test_rest).
            callback = f"/interactions/{record.id}/{record.token}/callback"
            rest = RawRest(fake, http)
            answers = [await rest.call("POST", callback, auth=False,
                                       json_body={"type": 4, "data": {"content": "pong"}})
                       for _ in range(2)]
            assert [a[0] for a in answers] == [204, 400] and answers[1][1]["code"] == 40060
            assert not [p for p in fake.problems() if "already acknowledged" in p]
