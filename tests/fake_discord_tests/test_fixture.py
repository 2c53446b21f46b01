"""The pytest fixture the end-to-end tests use."""

from __future__ import annotations

import discord
import discord.http

from tests.fake_discord import FakeDiscord
from tests.fake_discord.fixtures import fake_discord  # noqa: F401  (pytest fixture)


async def test_fixture_points_discord_py_at_a_running_fake(fake_discord: FakeDiscord) -> None:  # noqa: F811
    assert fake_discord.api_base == discord.http.Route.BASE
    guild = fake_discord.create_guild("Club")
    client = discord.Client(intents=discord.Intents.default())
    try:
        await client.login(fake_discord.token)
        fetched = await client.fetch_guild(guild.id)
        assert fetched.name == "Club"
        assert (await client.application_info()).id == fake_discord.application_id
    finally:
        await client.close()
    # login() itself reads the bot user and the application.
    assert [r.route for r in fake_discord.requests] == [
        "/users/@me",
        "/oauth2/applications/@me",
        "/guilds/{guild_id}",
        "/oauth2/applications/@me",
    ]
