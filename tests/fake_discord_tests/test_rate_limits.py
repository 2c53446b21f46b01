"""The fake's opt-in rate limits (``FakeDiscord(rate_limits=RateLimits(...))``): the global
limit for bot-token routes only, per-channel and per-token buckets with their headers, the
documented 429s, the invalid-request ban, the counters — and discord.py living with them."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp
import discord
import pytest

from tests.fake_discord import FakeDiscord, User
from tests.fake_discord.rate_limits import BOT_TOKEN, INTERACTION, MESSAGES, RateLimits
from tests.fake_discord_tests.plain_client import room_on
from tests.fake_discord_tests.raw_client import RawGateway, RawRest, raw_gateway

NO_GLOBAL = RateLimits(global_per_second=None, invalid_requests=None)


def is_global_429(status: int, body: Any, headers: Any) -> bool:
    """Discord's documented global 429: body, ``X-RateLimit-Global``, scope, Retry-After."""
    return (
        status == 429
        and body["message"] == "You are being rate limited."
        and body["global"] is True
        and 0 < body["retry_after"] <= 1.0
        and headers["X-RateLimit-Global"] == "true"
        and headers["X-RateLimit-Scope"] == "global"
        and headers["Retry-After"] == "1"
        and headers["Via"]  # as on every Discord response: discord.py retries, no ban
    )


async def test_a_burst_of_bot_token_requests_gets_global_429s() -> None:
    limits = RateLimits(global_per_second=10, invalid_requests=None)
    async with FakeDiscord(rate_limits=limits) as fake, aiohttp.ClientSession() as http:
        rest = RawRest(fake, http)
        answers = await asyncio.gather(*(rest.call("GET", "/users/@me") for _ in range(25)))
        served = [a for a in answers if a[0] == 200]
        refused = [a for a in answers if a[0] != 200]
        assert served and refused
        assert all(is_global_429(*answer) for answer in refused)
        assert "X-RateLimit-Bucket" not in refused[0][2]
        counters = fake.counters
        assert counters.by_class == {BOT_TOKEN: 25, INTERACTION: 0}
        assert counters.by_route[BOT_TOKEN]["GET /users/@me"] == 25
        assert counters.global_429s == len(refused) and counters.rate_limited["user"] == 0
        assert counters.invalid_requests == len(refused)
        assert counters.peak_bot_token_per_second > 10


async def _slash(fake: FakeDiscord, gw: RawGateway, user: User, channel: Any) -> Any:
    record = await fake.slash(user, channel, "hand")
    await gw.receive_event("INTERACTION_CREATE")
    return record


async def test_interaction_endpoints_never_get_global_429s_and_have_token_buckets() -> None:
    limits = RateLimits(global_per_second=1, webhook_token=(3, 60.0), invalid_requests=None)
    async with FakeDiscord(rate_limits=limits) as fake, aiohttp.ClientSession() as http:
        rest = RawRest(fake, http)
        guild = fake.create_guild("Club")
        table = fake.create_channel(guild, "cards")
        asha = fake.create_user("asha")
        fake.add_member(guild, asha)
        fake.state.global_commands.append(
            {
                "id": "9",
                "application_id": str(fake.application_id),
                "version": "1",
                "type": 1,
                "name": "hand",
                "description": "d",
                "options": [],
            }
        )
        async with raw_gateway(fake, http) as gw:
            await gw.receive()
            await gw.identify(fake.token)
            first, second = [await _slash(fake, gw, asha, table) for _ in range(2)]
        # The bot token's budget is spent: its next requests get global 429s ...
        assert (await rest.call("GET", "/users/@me"))[0] == 200
        assert is_global_429(*await rest.call("GET", "/users/@me"))
        # ... while the interaction endpoints carry on.
        for record in (first, second):
            callback = f"/interactions/{record.id}/{record.token}/callback"
            status, _, _ = await rest.call(
                "POST", callback, json_body={"type": 4, "data": {"content": "hi"}}, auth=False
            )
            assert status == 204
        hook = f"/webhooks/{fake.application_id}/{first.token}"
        post = hook + "?wait=true"
        remaining = []
        for n in range(3):
            status, _, headers = await rest.call(
                "POST", post, json_body={"content": f"f{n}"}, auth=False
            )
            assert status == 200 and headers["X-RateLimit-Limit"] == "3"
            remaining.append(headers["X-RateLimit-Remaining"])
        assert remaining == ["2", "1", "0"]
        status, body, headers = await rest.call(
            "POST", post, json_body={"content": "x"}, auth=False
        )
        assert (status, body["global"], headers["X-RateLimit-Scope"]) == (429, False, "user")
        # Each token has its own bucket; another route of the same token too.
        other = f"/webhooks/{fake.application_id}/{second.token}?wait=true"
        assert (await rest.call("POST", other, json_body={"content": "y"}, auth=False))[0] == 200
        edit = hook + "/messages/@original"
        assert (await rest.call("PATCH", edit, json_body={"content": "z"}, auth=False))[0] == 200
        counters = fake.counters
        assert counters.global_429s == 1 and counters.rate_limited["user"] == 1
        assert counters.by_class == {BOT_TOKEN: 2, INTERACTION: 8}
        assert (
            counters.by_route[INTERACTION]["POST /webhooks/{application_id}/{interaction_token}"]
            == 5
        )


async def test_per_channel_message_buckets_and_their_headers() -> None:
    limits = RateLimits(
        global_per_second=None,
        channel_routes={f"POST {MESSAGES}": (3, 60.0)},
        invalid_requests=None,
    )
    async with FakeDiscord(rate_limits=limits) as fake, aiohttp.ClientSession() as http:
        rest = RawRest(fake, http)
        guild = fake.create_guild("Club")
        table, other = fake.create_channel(guild, "cards"), fake.create_channel(guild, "chat")
        path = f"/channels/{table.id}/messages"
        buckets, remaining = set(), []
        for n in range(3):
            status, _, headers = await rest.call("POST", path, json_body={"content": str(n)})
            assert status == 200 and headers["X-RateLimit-Limit"] == "3"
            assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 60
            reset_in = float(headers["X-RateLimit-Reset"]) - time.time()
            assert 0 < reset_in <= 61
            remaining.append(headers["X-RateLimit-Remaining"])
            buckets.add(headers["X-RateLimit-Bucket"])
        assert remaining == ["2", "1", "0"] and len(buckets) == 1
        status, body, headers = await rest.call("POST", path, json_body={"content": "3"})
        assert status == 429
        assert body["message"] == "You are being rate limited." and body["global"] is False
        assert 0 < body["retry_after"] <= 60 and int(headers["Retry-After"]) >= 1
        assert headers["X-RateLimit-Scope"] == "user" and "X-RateLimit-Global" not in headers
        assert headers["X-RateLimit-Remaining"] == "0" and headers["X-RateLimit-Bucket"] in buckets
        assert headers["Via"]
        # Another channel has its own bucket; a route without a limit sends no headers.
        status, _, headers = await rest.call(
            "POST", f"/channels/{other.id}/messages", json_body={"content": "elsewhere"}
        )
        assert status == 200 and headers["X-RateLimit-Remaining"] == "2"
        status, _, headers = await rest.call("GET", f"/channels/{table.id}")
        assert status == 200 and "X-RateLimit-Limit" not in headers
        assert [m.content for m in fake.channel_messages(table)] == ["0", "1", "2"]
        assert dict(fake.counters.rate_limited) == {"user": 1}


async def test_discord_py_waits_and_retries_and_nothing_is_lost() -> None:
    limits = RateLimits(
        global_per_second=10, channel_routes={f"POST {MESSAGES}": (3, 0.5)}, invalid_requests=None
    )
    async with FakeDiscord(rate_limits=limits) as fake, room_on(fake) as room:
        channels = [fake.create_channel(room.guild, f"t{n}") for n in range(8)]
        await fake.wait_for(lambda: all(room.client.get_channel(c.id) for c in channels))
        # A burst over the global limit: discord.py sleeps on the global 429s and retries.
        await asyncio.gather(
            *(room.text_channel(c).send(f"{c.name}-{n}") for c in channels for n in range(3))
        )
        # One channel past its bucket: discord.py reads the headers and waits for the reset.
        for n in range(7):
            await room.text_channel(room.table).send(f"in order {n}")
        for channel in channels:
            assert sorted(m.content for m in fake.channel_messages(channel)) == [
                f"{channel.name}-{n}" for n in range(3)
            ]
        assert [m.content for m in fake.channel_messages(room.table)] == [
            f"in order {n}" for n in range(7)
        ]
        assert fake.counters.global_429s >= 1, "the burst went over the global limit"
        assert fake.counters.rate_limited["user"] == 0, "discord.py waited for the resets"
    fake.assert_healthy()


async def test_too_many_invalid_requests_get_the_bot_banned() -> None:
    limits = RateLimits(global_per_second=None, invalid_requests=(5, 600.0), ban_seconds=600.0)
    async with FakeDiscord(rate_limits=limits) as fake, room_on(fake) as room:
        async with aiohttp.ClientSession() as http:
            rest = RawRest(fake, http)
            for _ in range(5):
                assert (await rest.call("GET", "/users/@me", auth=False))[0] == 401
            async with http.get(
                fake.api_base + "/users/@me", headers={"Authorization": f"Bot {fake.token}"}
            ) as banned:
                assert banned.status == 429 and "Via" not in banned.headers
                assert await banned.text() == "error code: 1015"
        # discord.py takes a 429 without Via for a Cloudflare ban: it raises, no retry.
        with pytest.raises(discord.HTTPException) as raised:
            await room.text_channel(room.table).send("lost")
        assert raised.value.status == 429
        assert fake.channel_messages(room.table) == []
        counters = fake.counters
        assert counters.bans == 1 and counters.invalid_requests == 5
        assert counters.rate_limited == {"cloudflare": 2}
        assert any("banned from the API" in p for p in fake.problems())
