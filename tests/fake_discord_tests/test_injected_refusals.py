"""Injected refusals reach discord.py as Discord's: the right exception, status, code and text."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest
import pytest_asyncio

from tests.fake_discord import DriverError, FakeDiscord
from tests.fake_discord_tests.plain_client import Room, room_on

MESSAGES = "/channels/{channel_id}/messages"


@pytest_asyncio.fixture
async def room() -> AsyncIterator[Room]:
    async with FakeDiscord() as fake, room_on(fake) as r:
        yield r


@pytest.mark.parametrize(
    ("status", "code", "text", "exception"),
    [
        (403, 50013, "Missing Permissions", discord.Forbidden),
        (403, 50001, "Missing Access", discord.Forbidden),
        (403, 50007, "Cannot send messages to this user", discord.Forbidden),
        (404, 10003, "Unknown Channel", discord.NotFound),
        (404, 10008, "Unknown Message", discord.NotFound),
    ],
)
async def test_an_injected_refusal_raises_what_discord_py_raises_for_discord_s(
    room: Room, status: int, code: int, text: str, exception: type[discord.HTTPException]
) -> None:
    fake = room.fake
    rule = fake.inject("POST", MESSAGES, status=status, code=code, channel_id=room.table.id)
    with pytest.raises(exception) as raised:
        await room.text_channel(room.table).send("hello")
    assert (raised.value.status, raised.value.code, raised.value.text) == (status, code, text)
    assert rule.hits == 1 and rule.remaining == 0
    (refused,) = fake.refusals()
    assert (refused.method, refused.route, refused.status, refused.code) == (
        "POST",
        MESSAGES,
        status,
        code,
    )
    assert refused.injected and refused.channel_id == room.table.id
    assert fake.api_errors == []  # injected faults are not the fake's own answers
    # count=1: the next send goes through.
    await room.text_channel(room.table).send("again")
    assert [m.content for m in fake.channel_messages(room.table)] == ["again"]


async def test_count_none_refuses_every_match_until_cleared(room: Room) -> None:
    fake = room.fake
    first = await room.text_channel(room.table).send("the table")
    rule = fake.inject(
        "PATCH",
        MESSAGES + "/{message_id}",
        status=404,
        code=10008,
        count=None,
        message_id=first.id,
    )
    for attempt in range(3):
        with pytest.raises(discord.NotFound):
            await first.edit(content=f"edit {attempt}")
    assert rule.hits == 3 and rule.remaining is None
    assert [e.message_id for e in fake.refusals(10008)] == [first.id] * 3
    # Three refusals for one message: the bot kept editing a message Discord called unknown.
    (problem,) = fake.problems()
    assert f"kept using message {first.id}" in problem and "2 more" in problem
    assert fake.problems(allow=lambda e: e.injected) == []
    fake.clear_faults()
    await first.edit(content="edited")
    assert fake.message(first.id).content == "edited"


async def test_injection_is_checked_against_discord_s_statuses(room: Room) -> None:
    fake = room.fake
    with pytest.raises(DriverError, match="answers code 10003 with 404, not 403"):
        fake.inject("POST", MESSAGES, status=403, code=10003)
    with pytest.raises(DriverError, match="needs Discord's code"):
        fake.inject("POST", MESSAGES, status=403)
    with pytest.raises(DriverError, match="has no Discord error code"):
        fake.inject("POST", MESSAGES, status=503, code=50013)
    with pytest.raises(DriverError, match="pass message="):
        fake.inject("POST", MESSAGES, status=403, code=20028)
    custom = fake.inject("POST", MESSAGES, status=403, code=20028, message="A custom refusal")
    with pytest.raises(discord.Forbidden) as raised:
        await room.text_channel(room.table).send("x")
    assert (raised.value.code, raised.value.text) == (20028, "A custom refusal")
    assert custom.hits == 1
