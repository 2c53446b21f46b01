"""The fake gateway on the wire: zlib-stream framing, handshake, READY/GUILD_CREATE, RESUME,
interaction dispatch, and the errors a misbehaving client gets."""

from __future__ import annotations

import zlib

import aiohttp
import pytest

from tests.fake_discord import FakeDiscord
from tests.fake_discord_tests.raw_client import SYNC_FLUSH_SUFFIX, raw_gateway

GUILD_MEMBERS = 1 << 1


async def test_handshake_framing_and_initial_state() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        guild = fake.create_guild("Club")
        table = fake.create_channel(guild, "cards")
        asha = fake.create_user("asha")
        fake.add_member(guild, asha)
        async with raw_gateway(fake, http) as gw:
            hello = await gw.receive()
            assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
            await gw.send(1, None)
            assert (await gw.receive())["op"] == 11
            ready = await gw.identify(fake.token)
            assert ready["user"]["id"] == str(fake.bot_user.id) and ready["user"]["bot"]
            assert ready["application"]["id"] == str(fake.application_id)
            assert ready["guilds"] == [{"id": str(guild.id), "unavailable": True}]
            assert ready["resume_gateway_url"] == fake.gateway_url and ready["session_id"]
            created = await gw.receive_event("GUILD_CREATE")
            assert [c["name"] for c in created["channels"]] == [table.name]
            assert {r["name"] for r in created["roles"]} == {"@everyone", fake.bot_user.name}
            # Without the privileged GUILD_MEMBERS intent only the bot's own member is sent.
            assert [m["user"]["id"] for m in created["members"]] == [str(fake.bot_user.id)]
            assert created["member_count"] == 3  # bot, owner, asha
            assert gw.seq == 2
        # Every frame ends with a zlib sync flush (the client's end-of-message marker).
        assert gw.frames and all(f.endswith(SYNC_FLUSH_SUFFIX) for f in gw.frames)
        assert fake.gateway_stats["identifies"] == 1


async def test_members_are_sent_when_the_privileged_intent_is_enabled() -> None:
    async with (
        FakeDiscord(privileged_intents=GUILD_MEMBERS) as fake,
        aiohttp.ClientSession() as http,
    ):
        guild = fake.create_guild("Club")
        asha = fake.create_user("asha")
        fake.add_member(guild, asha)
        async with raw_gateway(fake, http, compress="") as gw:
            await gw.receive()
            await gw.identify(fake.token, intents=1 | GUILD_MEMBERS)
            created = await gw.receive_event("GUILD_CREATE")
            assert {m["user"]["username"] for m in created["members"]} >= {"asha", "Kachuful"}
            bob = fake.create_user("bob")
            fake.add_member(guild, bob)
            added = await gw.receive_event("GUILD_MEMBER_ADD")
            assert added["user"]["username"] == "bob" and added["guild_id"] == str(guild.id)


@pytest.mark.parametrize(
    ("identify", "close_code"),
    [
        ({"token": "wrong", "intents": 1, "properties": {}}, 4004),
        ({"token": None, "intents": 1 | GUILD_MEMBERS, "properties": {}}, 4014),
        ({"token": None, "intents": -1, "properties": {}}, 4013),
        ({"token": None, "intents": 1, "properties": {}, "shard": [2, 2]}, 4010),
    ],
)
async def test_bad_identify_closes_with_discord_codes(
    identify: dict[str, object], close_code: int
) -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        payload = {**identify, "token": identify["token"] or fake.token}
        async with raw_gateway(fake, http) as gw:
            await gw.receive()
            await gw.send(2, payload)
            with pytest.raises(ConnectionError):
                await gw.receive()
            assert gw.ws.close_code == close_code
        assert fake.gateway_close_codes == [close_code]
        assert any(str(close_code) in p for p in fake.problems())


async def test_dispatch_before_identify_is_refused() -> None:
    async with (
        FakeDiscord() as fake,
        aiohttp.ClientSession() as http,
        raw_gateway(fake, http) as gw,
    ):
        await gw.receive()
        await gw.send(3, {"status": "online"})
        with pytest.raises(ConnectionError):
            await gw.receive()
        assert gw.ws.close_code == 4003


async def test_resume_replays_missed_events_in_order() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        guild = fake.create_guild("Club")
        async with raw_gateway(fake, http) as gw:
            await gw.receive()
            ready = await gw.identify(fake.token)
            await gw.receive_event("GUILD_CREATE")
            seq = gw.seq
            await gw.ws.close(code=4000)  # an abnormal close keeps the session resumable
        await fake.wait_for(lambda: not fake.bot_connected)
        first = fake.create_channel(guild, "missed-1")
        second = fake.create_channel(guild, "missed-2")
        async with raw_gateway(fake, http) as gw:
            await gw.receive()
            await gw.send(6, {"token": fake.token, "session_id": ready["session_id"], "seq": seq})
            replayed = [await gw.receive() for _ in range(3)]
        assert [(p["t"], p["d"].get("name")) for p in replayed] == [
            ("CHANNEL_CREATE", first.name),
            ("CHANNEL_CREATE", second.name),
            ("RESUMED", None),
        ]
        assert seq is not None
        assert [p["s"] for p in replayed] == [seq + 1, seq + 2, seq + 3]
        assert fake.gateway_stats["resumes"] == 1


async def test_a_clean_close_ends_the_session() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        async with raw_gateway(fake, http) as gw:
            await gw.receive()
            ready = await gw.identify(fake.token)
        await fake.wait_for(lambda: not fake.bot_connected)
        async with raw_gateway(fake, http) as gw:
            await gw.receive()
            await gw.send(6, {"token": fake.token, "session_id": ready["session_id"], "seq": 1})
            assert (await gw.receive())["op"] == 9


async def test_resume_of_an_unknown_session_is_invalidated() -> None:
    async with (
        FakeDiscord() as fake,
        aiohttp.ClientSession() as http,
        raw_gateway(fake, http) as gw,
    ):
        await gw.receive()
        await gw.send(6, {"token": fake.token, "session_id": "nope", "seq": 3})
        invalid = await gw.receive()
        assert (invalid["op"], invalid["d"]) == (9, False)


async def test_interaction_payload_for_a_slash_command_with_a_user_option() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        guild = fake.create_guild("Club")
        table = fake.create_channel(guild, "cards")
        asha, bikram = fake.create_user("asha"), fake.create_user("bikram")
        fake.add_member(guild, asha)
        fake.add_member(guild, bikram, nick="Bik")
        fake.state.global_commands.append(
            {
                "id": "1",
                "application_id": str(fake.application_id),
                "version": "1",
                "type": 1,
                "name": "game",
                "description": "d",
                "options": [
                    {
                        "type": 1,
                        "name": "invite",
                        "description": "d",
                        "options": [
                            {"type": 6, "name": "who", "description": "d", "required": True},
                            {"type": 4, "name": "seats", "description": "d"},
                        ],
                    }
                ],
            }
        )
        async with raw_gateway(fake, http) as gw:
            await gw.receive()
            await gw.identify(fake.token)
            record = await fake.slash(asha, table, "game invite", {"who": bikram, "seats": 4})
            data = await gw.receive_event("INTERACTION_CREATE")
        assert data == record.payload
        assert data["type"] == 2 and data["token"] == record.token
        assert data["guild_id"] == str(guild.id) and data["channel_id"] == str(table.id)
        assert data["member"]["user"]["id"] == str(asha.id)
        assert int(data["member"]["permissions"]) == fake.permissions_in(asha, table)
        assert int(data["app_permissions"]) == fake.permissions_in(fake.bot_user, table)
        (sub,) = data["data"]["options"]
        assert sub["name"] == "invite" and sub["type"] == 1
        assert sub["options"] == [
            {"name": "who", "type": 6, "value": str(bikram.id)},
            {"name": "seats", "type": 4, "value": 4},
        ]
        resolved = data["data"]["resolved"]
        assert resolved["users"][str(bikram.id)]["username"] == "bikram"
        assert resolved["members"][str(bikram.id)]["nick"] == "Bik"
        assert "user" not in resolved["members"][str(bikram.id)]


async def test_zlib_frames_need_the_shared_stream() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        fake.create_guild("Club")
        async with raw_gateway(fake, http) as gw:
            await gw.receive()
            await gw.identify(fake.token)
            await gw.receive_event("GUILD_CREATE")
        later = gw.frames[-1]
        with pytest.raises(zlib.error):
            zlib.decompressobj().decompress(later)
