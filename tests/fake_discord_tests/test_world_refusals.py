"""Refusals that come from the world changing under the bot: a deleted channel or message, a
permission taken away, embeds without EMBED_LINKS, closed DMs. Each reaches a plain discord.py
client as Discord's would, with the gateway event Discord sends first."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Awaitable, Callable

import aiohttp
import discord
import pytest
import pytest_asyncio

from tests.fake_discord import DriverError, FakeDiscord, Perm
from tests.fake_discord_tests.plain_client import Room, room_on
from tests.fake_discord_tests.raw_client import RawRest


@pytest_asyncio.fixture
async def room() -> AsyncIterator[Room]:
    async with FakeDiscord() as fake, room_on(fake) as r:
        yield r


def text_file() -> discord.File:
    return discord.File(io.BytesIO(b"scores"), filename="scores.txt")


async def test_a_deleted_channel_is_dropped_by_discord_py_and_answers_10003(room: Room) -> None:
    fake, table = room.fake, room.table
    cached = room.text_channel(table)
    posted = await cached.send("the table")
    deleted = room.event("guild_channel_delete")
    fake.delete_channel(table)
    assert (await deleted).id == table.id
    assert room.client.get_channel(table.id) is None
    calls: list[Callable[[], Awaitable[object]]] = [
        lambda: cached.send("still there?"),
        lambda: posted.edit(content="edit"),
        lambda: room.client.fetch_channel(table.id),
        lambda: cached.create_thread(name="game", type=discord.ChannelType.public_thread),
    ]
    for call in calls:
        with pytest.raises(discord.NotFound) as raised:
            await call()
        assert (raised.value.code, raised.value.text) == (10003, "Unknown Channel")
    refused = fake.refusals(10003, channel=table)
    assert [(e.method, e.status) for e in refused] == [
        ("POST", 404),
        ("PATCH", 404),
        ("GET", 404),
        ("POST", 404),
    ]
    # The first 10003 is expected (the bot may not have seen CHANNEL_DELETE yet); the three
    # after it are a retry storm a well-behaved bot avoids.
    (storm,) = fake.problems()
    assert f"kept using channel {table.id}" in storm and "3 more" in storm
    assert fake.problems(allow=lambda e: e.code == 10003) == []
    # No interaction comes from a deleted channel.
    with pytest.raises(DriverError, match="deleted"):
        await fake.slash(room.asha, table, "anything")
    with pytest.raises(DriverError, match="deleted"):
        fake.delete_channel(table)


async def test_deleting_a_thread_sends_thread_delete(room: Room) -> None:
    fake = room.fake
    starter = await room.text_channel(room.table).send("lobby")
    thread = await starter.create_thread(name="game 1")
    gone = room.event("raw_thread_delete")
    fake.delete_channel(fake.channel(thread.id))
    assert (await gone).thread_id == thread.id
    with pytest.raises(discord.NotFound) as raised:
        await thread.send("hello?")
    assert raised.value.code == 10003
    await room.text_channel(room.table).send("the parent channel lives on")
    assert fake.problems() == []


async def test_a_deleted_message_answers_10008_to_edits(room: Room) -> None:
    fake = room.fake
    posted = await room.text_channel(room.table).send("the table")
    deleted = room.event("raw_message_delete")
    fake.delete_message(fake.message(posted.id))
    assert (await deleted).message_id == posted.id
    with pytest.raises(discord.NotFound) as raised:
        await posted.edit(content="round 2")
    assert (raised.value.code, raised.value.text) == (10008, "Unknown Message")
    assert fake.problems() == []  # one refusal for a message deleted by someone else: expected
    with pytest.raises(discord.NotFound):
        await posted.edit(content="round 2, again")
    (problem,) = fake.problems()
    assert f"kept using message {posted.id}" in problem
    assert [e.method for e in fake.refusals(10008, message=fake.message(posted.id))] == [
        "PATCH",
        "PATCH",
    ]
    with pytest.raises(DriverError, match="already deleted"):
        fake.delete_message(fake.message(posted.id))


async def test_a_message_id_that_never_existed_is_a_bot_mistake(room: Room) -> None:
    fake = room.fake
    with pytest.raises(discord.NotFound):
        await room.text_channel(room.table).fetch_message(123456789)
    (problem,) = fake.problems()
    assert "no such message there" in problem
    assert fake.problems(allow=lambda e: e.code == 10008) == []


async def test_a_revoked_send_permission_answers_50013_and_is_dispatched(room: Room) -> None:
    fake, table = room.fake, room.table
    cached = room.text_channel(table)
    updated = room.event("guild_channel_update")
    fake.revoke_bot_permissions(table, Perm.SEND_MESSAGES)
    await updated
    assert not cached.permissions_for(cached.guild.me).send_messages
    with pytest.raises(discord.Forbidden) as raised:
        await cached.send("hello")
    assert (raised.value.status, raised.value.code) == (403, 50013)
    assert raised.value.text == "Missing Permissions"
    (refused,) = fake.refusals(50013, channel=table)
    assert refused.detail == "SEND_MESSAGES" and not refused.injected
    assert fake.problems() == []  # a permission refusal is the world's doing, not a mistake
    updated = room.event("guild_channel_update")
    fake.grant_bot_permissions(table, Perm.SEND_MESSAGES)
    await updated
    assert cached.permissions_for(cached.guild.me).send_messages
    await cached.send("hello again")
    updated = room.event("guild_channel_update")
    fake.revoke_bot_permissions(table, Perm.VIEW_CHANNEL)
    await updated
    with pytest.raises(discord.Forbidden) as raised:
        await cached.send("can you see me?")
    assert (raised.value.code, raised.value.text) == (50001, "Missing Access")


async def test_a_guild_wide_revocation_goes_through_the_bot_s_role(room: Room) -> None:
    fake, guild = room.fake, room.guild
    cached = room.text_channel(room.table)
    # A fresh guild's @everyone grants what the bot asks for: taking a permission from the
    # bot's role alone would change nothing, so the driver refuses to pretend it did.
    with pytest.raises(DriverError, match="@everyone"):
        fake.revoke_bot_permissions(guild, Perm.CREATE_PUBLIC_THREADS)
    everyone_updated = room.event("guild_role_update")
    fake.set_role_permissions(guild.everyone, Perm.VIEW_CHANNEL | Perm.SEND_MESSAGES)
    await everyone_updated
    bot_role_updated = room.event("guild_role_update")
    fake.revoke_bot_permissions(guild, Perm.CREATE_PUBLIC_THREADS)
    await bot_role_updated
    assert not cached.permissions_for(cached.guild.me).create_public_threads
    with pytest.raises(discord.Forbidden) as raised:
        await cached.create_thread(name="game", type=discord.ChannelType.public_thread)
    assert raised.value.code == 50013
    assert fake.refusals(50013)[-1].detail == "CREATE_PUBLIC_THREADS"
    fake.grant_bot_permissions(guild, Perm.CREATE_PUBLIC_THREADS)
    await cached.create_thread(name="game", type=discord.ChannelType.public_thread)


async def test_files_need_attach_files(room: Room) -> None:
    fake, table = room.fake, room.table
    cached = room.text_channel(table)
    updated = room.event("guild_channel_update")
    fake.revoke_bot_permissions(table, Perm.ATTACH_FILES)
    await updated
    with pytest.raises(discord.Forbidden) as raised:
        await cached.send("scores", file=text_file())
    assert raised.value.code == 50013
    assert fake.refusals(50013)[-1].detail == "ATTACH_FILES"
    await cached.send("scores, as text")


async def test_embeds_without_embed_links_are_dropped_as_on_discord(room: Room) -> None:
    fake, table = room.fake, room.table
    cached = room.text_channel(table)
    updated = room.event("guild_channel_update")
    fake.revoke_bot_permissions(table, Perm.EMBED_LINKS)
    await updated
    embed = discord.Embed(title="Scores", description="asha 3")
    sent = await cached.send("scores", embed=embed)
    assert sent.embeds == [] and fake.message(sent.id).content == "scores"
    with pytest.raises(discord.HTTPException) as raised:
        await cached.send(embed=embed)  # nothing left once the embed is dropped
    assert (raised.value.status, raised.value.code) == (400, 50006)
    edited = await sent.edit(content="scores", embed=embed)
    assert edited.embeds == []


async def test_closed_dms_answer_50007_but_old_dms_stay_editable(room: Room) -> None:
    fake, asha = room.fake, room.asha
    user = await room.client.fetch_user(asha.id)
    hand = await user.send("your hand")
    fake.set_dms_closed(asha)
    with pytest.raises(discord.Forbidden) as raised:
        await user.send("your new hand")
    assert (raised.value.code, raised.value.text) == (50007, "Cannot send messages to this user")
    # Discord checks the recipient's settings when a message is created, not when the bot
    # edits one it already sent.
    await hand.edit(content="your hand (played)")
    assert [m.content for m in fake.dm_messages(asha)] == ["your hand (played)"]
    (refused,) = fake.refusals(50007)
    assert refused.route == "/channels/{channel_id}/messages"
    assert fake.problems() == []


async def test_answers_into_a_deleted_channel_answer_10003(room: Room) -> None:
    fake = room.fake
    fake.state.global_commands.append(
        {"id": "9", "application_id": str(fake.application_id), "version": "1", "type": 1,
         "name": "hand", "description": "d", "options": []}
    )  # fmt: skip
    record = await fake.slash(room.asha, room.table, "hand")  # the plain client ignores it
    fake.delete_channel(room.table)
    async with aiohttp.ClientSession() as session:
        status, body, _ = await RawRest(fake, session).call(
            "POST",
            f"/interactions/{record.id}/{record.token}/callback",
            json_body={"type": 4, "data": {"content": "too late"}},
            auth=False,
        )
    assert (status, body) == (404, {"message": "Unknown Channel", "code": 10003})
    assert fake.channel_messages(room.table) == []
