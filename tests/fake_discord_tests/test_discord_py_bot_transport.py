"""The tiny discord.py bot (``tiny_bot.py``) through the fake Discord's transport: DMs open
and closed, an injected 429, permissions, a restart, a gateway resume, a late
acknowledgement, a bad token."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.fake_discord import (
    ClientCrashed,
    DriverError,
    FakeDiscord,
    Perm,
    point_discord_py_at,
    running,
)
from tests.fake_discord_tests.tiny_bot import TinyBot, World, deal, world_on


async def test_dm_is_delivered_and_its_button_works_in_the_dm(world: World) -> None:
    fake = world.fake
    record = await fake.slash(world.asha, world.table, "cards dm")
    response = await record.wait_response()
    assert response.type_name == "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE" and response.ephemeral
    await record.wait_until(lambda r: r.original is not None and r.original.content == "sent")
    dm = await fake.wait_for_message(world.asha, lambda m: m.content == "your hand")
    assert dm.attachments[0].is_png() and dm.custom_ids == ["echo:7"]
    assert fake.channel_messages(world.table) == []  # the thinking message was ephemeral
    click = await fake.click(world.asha, dm, "echo:7")
    await click.wait_response()
    assert "user" in click.payload and "member" not in click.payload
    assert "guild_id" not in click.payload
    assert click.messages[0].content == "echo 7 in dm"
    with pytest.raises(DriverError, match="not the recipient"):
        await fake.click(world.bikram, dm, "echo:7")


async def test_closed_dms_answer_50007(world: World) -> None:
    fake = world.fake
    fake.set_dms_closed(world.bikram)
    record = await fake.slash(world.bikram, world.table, "cards dm")
    await record.wait_until(lambda r: r.original is not None and not r.original.loading)
    assert record.original is not None and record.original.content == "dms closed 50007"
    assert fake.dm_messages(world.bikram) == []
    assert [(e.status, e.code) for e in fake.api_errors] == [(403, 50007)]


async def test_injected_429_is_retried_by_discord_py(world: World) -> None:
    fake = world.fake
    rule = fake.inject(
        "POST",
        "/channels/{channel_id}/messages",
        status=429,
        count=2,
        retry_after=0.05,
        channel_id=world.table.id,
    )
    record = await fake.slash(world.asha, world.table, "cards announce")
    await record.wait_until(lambda r: r.original is not None and "announced" in r.original.content)
    assert rule.hits == 2 and rule.remaining == 0
    sends = [r for r in fake.requests if r.route == "/channels/{channel_id}/messages"]
    assert [(r.status, r.injected) for r in sends] == [(429, True), (429, True), (200, False)]
    (posted,) = fake.channel_messages(world.table)
    assert posted.content == "table" and posted.attachments[0].filename == "table.png"


async def test_missing_attach_files_permission_is_enforced_and_reported(world: World) -> None:
    fake = world.fake
    no_files = fake.create_channel(world.guild, "no-files", bot_deny=Perm.ATTACH_FILES)
    record = await fake.slash(world.asha, no_files, "cards announce")
    await record.wait_until(lambda r: r.original is not None and not r.original.loading)
    assert record.original is not None
    assert record.original.content == "forbidden 50013 attach=False"
    assert fake.channel_messages(no_files) == []


async def test_a_restarted_bot_answers_buttons_sent_by_the_previous_process() -> None:
    async with FakeDiscord() as fake, world_on(fake) as w:
        message = await deal(w, 9)
        await w.client.close()
        await fake.wait_for(lambda: not fake.bot_connected)
        with pytest.raises(DriverError, match="not connected"):
            await fake.click(w.asha, message, "echo:9")
        async with running(TinyBot(), fake):
            click = await fake.click(w.asha, message, "echo:9")
            await click.wait_response()
            assert click.text() == "echo 9 in guild"
        assert fake.gateway_stats["identifies"] == 2
        assert fake.command_writes == [("PUT", None), ("PUT", None)]
        fake.assert_healthy()


async def test_gateway_reconnect_resumes_without_losing_events(world: World) -> None:
    fake, client = world.fake, world.client
    fake.request_reconnect()
    await fake.wait_for(lambda: fake.gateway_stats["resumes"] == 1)
    message = await deal(world, 6)
    assert message.content == "dealt 6 to Asha"
    # A dropped connection: an event emitted while the bot is away is replayed on RESUME.
    created = asyncio.ensure_future(
        client.wait_for("guild_channel_create", check=lambda c: c.name == "while-away")
    )
    await fake.drop_gateway(4000)
    assert not fake.bot_connected
    away = fake.create_channel(world.guild, "while-away")
    assert (await asyncio.wait_for(created, 5)).id == away.id
    assert fake.gateway_stats["resumes"] == 2 and fake.gateway_stats["identifies"] == 1


async def test_late_acknowledgement_is_refused_and_reported() -> None:
    # With a zero deadline every acknowledgement is late, deterministically.
    async with FakeDiscord(interaction_deadline=0.0) as fake, world_on(fake) as w:
        record = await fake.slash(w.asha, w.table, "cards deal", {"count": 1})
        await record.wait_until(lambda r: bool(r.refused_callbacks))
        assert record.response is None
        assert record.refused_callbacks[0][0] == 404
        assert fake.failed_interactions() == [record]
        assert any("interaction failed" in p for p in fake.problems())


async def test_bad_token_and_privileged_intents_fail_at_start() -> None:
    async with FakeDiscord(token="the-right-token") as fake:
        with point_discord_py_at(fake):
            impostor = discord.Client(intents=discord.Intents.default())
            with pytest.raises(discord.LoginFailure):
                await impostor.start("a-wrong-token")
            await impostor.close()
        assert [(e.route, e.status) for e in fake.api_errors] == [("/users/@me", 401)]
    async with FakeDiscord() as fake:
        with point_discord_py_at(fake):
            greedy = TinyBot(intents=discord.Intents.all())
            with pytest.raises(ClientCrashed, match="PrivilegedIntentsRequired"):
                async with running(greedy, fake):
                    pass  # pragma: no cover
        assert fake.gateway_close_codes == [4014]


async def test_the_bot_computes_its_permissions_from_gateway_data(world: World) -> None:
    """discord.py's view of its permissions (from GUILD_CREATE, CHANNEL_*, GUILD_ROLE_*
    events) agrees with the fake's own resolution at every step."""
    fake, client = world.fake, world.client

    def both_views(channel_id: int) -> tuple[discord.Permissions, int]:
        channel = client.get_channel(channel_id)
        assert isinstance(channel, discord.TextChannel)
        mine = channel.permissions_for(channel.guild.me)
        return mine, fake.permissions_in(fake.bot_user, fake.channel(channel_id))

    perms, expected = both_views(world.table.id)
    assert perms.value == expected
    assert perms.send_messages and perms.attach_files and perms.embed_links
    assert not perms.manage_guild

    created = asyncio.ensure_future(
        client.wait_for("guild_channel_create", check=lambda c: c.name == "no-files")
    )
    no_files = fake.create_channel(world.guild, "no-files", bot_deny=Perm.ATTACH_FILES)
    await asyncio.wait_for(created, 5)
    perms, expected = both_views(no_files.id)
    assert perms.value == expected and perms.send_messages and not perms.attach_files

    updated = asyncio.ensure_future(client.wait_for("guild_channel_update"))
    fake.set_permissions(no_files, fake.bot_user)  # removes the bot's overwrite
    await asyncio.wait_for(updated, 5)
    perms, expected = both_views(no_files.id)
    assert perms.value == expected and perms.attach_files

    role_updated = asyncio.ensure_future(client.wait_for("guild_role_update"))
    fake.set_bot_permissions(world.guild, Perm.MANAGE_GUILD)
    await asyncio.wait_for(role_updated, 5)
    perms, expected = both_views(world.table.id)
    assert perms.value == expected and perms.manage_guild

    everyone_updated = asyncio.ensure_future(client.wait_for("guild_role_update"))
    fake.set_role_permissions(world.guild.everyone, Perm.VIEW_CHANNEL)
    await asyncio.wait_for(everyone_updated, 5)
    perms, expected = both_views(world.table.id)
    assert perms.value == expected and not perms.send_messages and not perms.attach_files
