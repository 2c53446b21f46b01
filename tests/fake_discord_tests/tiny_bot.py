"""The throwaway discord.py bot (``/cards``) that the fake Discord's own tests drive, and
the world it runs in: a guild with a #cards channel and two members."""

from __future__ import annotations

import contextlib
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass
from re import Match
from typing import Any

import discord
from discord import app_commands

from tests.fake_discord import (
    Channel,
    FakeDiscord,
    Guild,
    Message,
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


async def deal(w: World, count: int = 5, **options: Any) -> Message:
    record = await w.fake.slash(w.asha, w.table, "cards deal", {"count": count, **options})
    response = await record.wait_response()
    assert response.type_name == "CHANNEL_MESSAGE_WITH_SOURCE"
    assert record.original is not None
    return record.original
