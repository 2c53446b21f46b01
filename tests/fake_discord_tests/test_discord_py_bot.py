"""An unmodified discord.py client, defined here, driven end to end through the fake Discord.

The throwaway bot has one command group ``/cards`` whose subcommands exercise every response
path the real bot will use: a message with a button, a select and a PNG file (type 4, multipart),
ephemeral answers from a ``DynamicItem`` button, a deferred update edited through ``@original``,
a "thinking" defer filled by a followup, a modal, DMs (open and closed), channel sends with
files, threads, and permission-dependent behaviour.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass
from re import Match
from typing import Any

import discord
import pytest
import pytest_asyncio
from discord import app_commands

from tests.fake_discord import (
    Channel,
    ClientCrashed,
    DriverError,
    FakeDiscord,
    Guild,
    Message,
    Perm,
    User,
    point_discord_py_at,
    running,
)
from tests.fake_discord.server import _tiny_png

PNG = _tiny_png((200, 30, 30))


def png_file(name: str = "hand.png") -> discord.File:
    return discord.File(io.BytesIO(PNG), filename=name)


class EchoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"echo:(?P<n>\d+)"):
    """Answers ephemerally with its number (works after a restart: the id carries the state)."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Echo {n}", custom_id=f"echo:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> EchoButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        where = "dm" if interaction.guild_id is None else "guild"
        await interaction.response.send_message(f"echo {self.n} in {where}", ephemeral=True)


class CountButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"count:(?P<n>\d+)"):
    """Defers the update (type 6), then edits the clicked message through ``@original``."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> CountButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        view = discord.ui.View(timeout=None)
        view.add_item(CountButton(self.n + 1))
        await interaction.edit_original_response(content=f"count {self.n + 1}", view=view)


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="pick",
        placeholder="Pick cards",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=c, value=c) for c in ("AS", "KH", "2C")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(
            content=f"picked {','.join(select.values)}", view=None
        )


class BidModal(discord.ui.Modal, title="Your bid"):
    bid: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Bid", custom_id="bid", max_length=2
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"bid {self.bid.value}", ephemeral=True)


class TinyBot(discord.Client):
    def __init__(self, *, intents: discord.Intents | None = None) -> None:
        super().__init__(intents=intents or discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(cards_group())

    async def setup_hook(self) -> None:
        self.add_dynamic_items(EchoButton, CountButton)
        await self.tree.sync()


def cards_group() -> app_commands.Group:
    cards = app_commands.Group(name="cards", description="Card table commands", guild_only=True)

    @cards.command(name="deal", description="Deal a hand")
    @app_commands.describe(count="How many cards", player="Who gets them")
    async def deal(
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, 13],
        player: discord.Member | None = None,
    ) -> None:
        who = (player or interaction.user).display_name
        view = PickView(timeout=None)
        view.add_item(EchoButton(count))
        view.add_item(CountButton(0))
        await interaction.response.send_message(
            f"dealt {count} to {who}", view=view, file=png_file()
        )

    @cards.command(name="dm", description="Send me my hand privately")
    async def dm(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = discord.ui.View(timeout=None)
        view.add_item(EchoButton(7))
        try:
            await interaction.user.send("your hand", file=png_file(), view=view)
        except discord.Forbidden as exc:
            await interaction.followup.send(f"dms closed {exc.code}", ephemeral=True)
            return
        await interaction.followup.send("sent", ephemeral=True)

    @cards.command(name="announce", description="Post the table picture")
    async def announce(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        can_attach = interaction.app_permissions.attach_files
        try:
            await channel.send("table", file=png_file("table.png"))
        except discord.Forbidden as exc:
            await interaction.edit_original_response(
                content=f"forbidden {exc.code} attach={can_attach}"
            )
            return
        await interaction.edit_original_response(content=f"announced attach={can_attach}")

    @cards.command(name="thread", description="Open a game thread")
    async def thread(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("opening", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        lobby = await channel.send("lobby")
        game_thread = await lobby.create_thread(name="game 1")
        view = discord.ui.View(timeout=None)
        view.add_item(EchoButton(11))
        await game_thread.send("welcome to the game", view=view)

    @cards.command(name="ask", description="Ask for a bid")
    async def ask(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(BidModal(custom_id="bid-modal"))

    return cards


@dataclass
class World:
    fake: FakeDiscord
    guild: Guild
    table: Channel
    asha: User
    bikram: User
    client: discord.Client


@contextlib.asynccontextmanager
async def world_on(fake: FakeDiscord) -> AsyncIterator[World]:
    """A guild with a #cards channel, two members and the tiny bot running against ``fake``."""
    guild = fake.create_guild("Card Club")
    table = fake.create_channel(guild, "cards")
    asha = fake.create_user("asha", global_name="Asha")
    bikram = fake.create_user("bikram")
    fake.add_member(guild, asha)
    fake.add_member(guild, bikram, nick="Bik")
    client = TinyBot()
    with point_discord_py_at(fake):
        async with running(client, fake):
            yield World(fake, guild, table, asha, bikram, client)


@pytest_asyncio.fixture
async def world() -> AsyncIterator[World]:
    async with FakeDiscord() as fake, world_on(fake) as w:
        yield w
        fake.assert_healthy()


async def deal(w: World, count: int = 5, **options: Any) -> Message:
    record = await w.fake.slash(w.asha, w.table, "cards deal", {"count": count, **options})
    response = await record.wait_response()
    assert response.type_name == "CHANNEL_MESSAGE_WITH_SOURCE"
    assert record.original is not None
    return record.original


async def test_commands_are_registered_as_the_bot_declared_them(world: World) -> None:
    fake = world.fake
    assert fake.command_writes == [("PUT", None)]
    command = fake.command("cards")
    subcommands = {option["name"]: option for option in command["options"]}
    assert set(subcommands) == {"deal", "dm", "announce", "thread", "ask"}
    deal_options = {o["name"]: o for o in subcommands["deal"]["options"]}
    assert deal_options["count"]["required"] is True
    assert (deal_options["count"]["min_value"], deal_options["count"]["max_value"]) == (1, 13)
    assert command["dm_permission"] is False  # guild_only


async def test_slash_command_answers_with_button_select_and_png(world: World) -> None:
    message = await deal(world, 5, player=world.bikram)
    assert message.content == "dealt 5 to Bik"
    assert set(message.custom_ids) == {"pick", "echo:5", "count:0"}
    assert message.button("Echo 5").custom_id == "echo:5"
    (select,) = message.selects
    assert select.values == ["AS", "KH", "2C"] and select.max_values == 2
    (attachment,) = message.attachments
    assert attachment.filename == "hand.png" and attachment.data == PNG and attachment.is_png()
    assert world.fake.channel_messages(world.table) == [message]
    assert not message.ephemeral


async def test_dynamic_button_answers_ephemerally_to_the_clicker_only(world: World) -> None:
    fake = world.fake
    message = await deal(world, 3)
    record = await fake.click(world.bikram, message, "echo:3")
    response = await record.wait_response()
    assert response.ephemeral
    (reply,) = record.messages
    assert reply.content == "echo 3 in guild" and reply.visible_to == world.bikram.id
    assert fake.ephemeral_messages(world.bikram) == [reply]
    assert fake.ephemeral_messages(world.asha) == []
    assert reply not in fake.channel_messages(world.table)
    assert record.latency is not None and 0 < record.latency < fake.interaction_deadline


async def test_deferred_update_then_edit_original_changes_the_clicked_message(world: World) -> None:
    fake = world.fake
    message = await deal(world, 2)
    record = await fake.click(world.asha, message, "count:0")
    assert (await record.wait_response()).type_name == "DEFERRED_UPDATE_MESSAGE"
    edited = await fake.wait_for(lambda: message if message.content == "count 1" else None)
    assert edited.custom_ids == ["count:1"] and edited.edit_count == 1
    # The stale "count:0" button is gone: a real client can no longer click it.
    with pytest.raises(DriverError, match="no clickable component"):
        await fake.click(world.asha, message, "count:0")
    again = await fake.click(world.asha, message, "count:1")
    await again.wait_response()
    await fake.wait_for(lambda: message.content == "count 2")


async def test_discord_py_drops_dynamic_item_clicks_missing_from_the_message() -> None:
    """A forged (or stale) custom_id that is not on the message as Discord sends it is
    silently dropped by discord.py's DynamicItem dispatch: the user sees "This interaction
    failed". A bot that must answer such clicks needs its own fallback (e.g. on_interaction)."""
    async with FakeDiscord(interaction_deadline=0.5) as fake, world_on(fake) as w:
        message = await deal(w, 2)
        forged = await fake.click(w.asha, message, "count:41", force=True)
        failed = await fake.wait_for(fake.failed_interactions, timeout=5.0, poll=0.05)
        assert forged in failed and forged.response is None
        assert forged.payload["data"]["custom_id"] == "count:41"
        assert "count:41" not in [
            c["custom_id"]
            for row in forged.payload["message"]["components"]
            for c in row["components"]
        ]


async def test_select_updates_the_message_in_place(world: World) -> None:
    fake = world.fake
    message = await deal(world, 4)
    record = await fake.select(world.asha, message, "pick", ["KH", "AS"])
    response = await record.wait_response()
    assert response.type_name == "UPDATE_MESSAGE"
    assert message.content == "picked KH,AS"
    assert message.components == []
    with pytest.raises(DriverError, match="no clickable component"):
        await fake.select(world.asha, message, "pick", ["AS"])


async def test_select_values_are_checked_against_the_options(world: World) -> None:
    message = await deal(world, 4)
    with pytest.raises(DriverError, match="no option"):
        await world.fake.select(world.asha, message, "pick", ["QS"])
    with pytest.raises(DriverError, match=r"takes 1\.\.2 values"):
        await world.fake.select(world.asha, message, "pick", ["AS", "KH", "2C"])


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


async def test_thread_from_message(world: World) -> None:
    fake = world.fake
    record = await fake.slash(world.asha, world.table, "cards thread")
    await record.wait_response()
    (thread,) = await fake.wait_for(lambda: fake.threads(world.table))
    welcome = await fake.wait_for_message(thread, lambda m: m.content == "welcome to the game")
    (lobby,) = fake.channel_messages(world.table)
    assert thread.id == lobby.id == lobby.thread_id and thread.name == "game 1"
    assert welcome.channel_id == thread.id
    click = await fake.click(world.bikram, welcome, "echo:11")
    await click.wait_response()
    assert click.payload["channel"]["type"] == 11
    assert click.text() == "echo 11 in guild"


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


async def test_modal_round_trip(world: World) -> None:
    fake = world.fake
    ask = await fake.slash(world.asha, world.table, "cards ask")
    assert (await ask.wait_response()).type_name == "MODAL"
    submit = await fake.submit_modal(world.asha, ask, {"bid": "3"})
    await submit.wait_response()
    assert submit.text() == "bid 3"
    assert submit.ephemeral_messages == submit.messages


async def test_client_checks_match_discord(world: World) -> None:
    fake = world.fake
    with pytest.raises(DriverError, match="option 'count' is required"):
        await fake.slash(world.asha, world.table, "cards deal")
    with pytest.raises(DriverError, match="outside"):
        await fake.slash(world.asha, world.table, "cards deal", {"count": 14})
    with pytest.raises(DriverError, match="no subcommand 'shuffle'"):
        await fake.slash(world.asha, world.table, "cards shuffle")
    dm_channel = fake.state.dm_channel(world.asha)
    with pytest.raises(DriverError, match="not usable in DMs"):
        await fake.slash(world.asha, dm_channel, "cards deal", {"count": 1})
    assert fake.interactions.all == []


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
