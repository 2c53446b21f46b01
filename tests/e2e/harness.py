"""Running the real bot against the fake Discord, and playing like a person would."""

from __future__ import annotations

import random
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.app import KachufulBot
from bot.settings import Settings
from tests.fake_discord.discordpy import running
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.errors import WaitTimeout
from tests.fake_discord.models import Channel, Guild, Message, User
from tests.fake_discord.permissions import Perm


def make_bot(database: Path, **options: object) -> KachufulBot:
    settings = Settings(discord_token="fake-bot-token.not-a-real-secret",  # type: ignore[call-arg]
                        database_path=database, _env_file=None)
    return KachufulBot(settings, table_edit_interval=0.02, table_edit_spacing=0.02,
                       guild_ready_timeout=0.1,
                       **options)  # type: ignore[arg-type]


@asynccontextmanager
async def bot_running(fake: FakeDiscord, database: Path, **options: object
                      ) -> AsyncIterator[KachufulBot]:
    bot = make_bot(database, **options)
    async with running(bot, fake, wait_ready=True):
        yield bot


class Table:
    """A server with one channel and some people in it."""

    def __init__(self, fake: FakeDiscord, names: list[str], *,
                 locales: dict[str, str] | None = None, guild_locale: str = "en-US") -> None:
        """``locales``: a person's Discord app language by name (default ``en-US``);
        ``guild_locale``: the server's preferred locale."""
        self.fake = fake
        self.guild: Guild = fake.create_guild("Card Club", preferred_locale=guild_locale)
        self.channel: Channel = fake.create_channel(self.guild, "kachuful")
        self.people: list[User] = []
        for name in names:
            user = fake.create_user(name, locale=(locales or {}).get(name, "en-US"))
            fake.add_member(self.guild, user)
            self.people.append(user)

    def make_manager(self, user: User) -> None:
        """Give ``user`` the server's Manage Server permission (through a role)."""
        admins = self.fake.create_role(self.guild, "admins", Perm.MANAGE_GUILD)
        self.fake.add_member(self.guild, user, roles=[admins])

    def lobby(self) -> Message | None:
        for message in reversed(self.fake.channel_messages(self.channel)):
            if any(b.label == "Join" for b in message.buttons):
                return message
        return None


def table_message_id(bot: KachufulBot, game_id: int) -> int | None:
    """The id of the game's current table message, as the bot's adapter knows it."""
    messages = bot.book.known(game_id)
    return None if messages is None else messages.table_message_id


CARD = re.compile(r"^kf:play:")
BID = re.compile(r"^kf:bid:")


def move_buttons(message: Message) -> list[str]:
    """The enabled bid or card buttons of a hand message."""
    return [
        b.custom_id for b in message.buttons
        if b.custom_id and not b.disabled and (CARD.match(b.custom_id) or BID.match(b.custom_id))
    ]


def hand_message(fake: FakeDiscord, user: User) -> Message | None:
    """The newest DM that carries move buttons."""
    for message in reversed(fake.dm_messages(user)):
        if move_buttons(message):
            return message
    return None


def choose(rng: random.Random, options: list[str]) -> str:
    return options[rng.randrange(len(options))]


def ephemeral_hand(fake: FakeDiscord, user: User) -> Message | None:
    """The newest ephemeral "My hand" message of ``user`` that carries move buttons."""
    for message in reversed(fake.ephemeral_messages(user)):
        if move_buttons(message):
            return message
    return None


class People:
    """People at the table acting like people: they look at their newest hand message
    (a DM, or the ephemeral "My hand" answer when their DMs are closed) and click one of
    the enabled bid or card buttons. Every click's answer is checked for speed later."""

    def __init__(self, fake: FakeDiscord, bot: KachufulBot, table: Table, game_id: int,
                 rng: random.Random) -> None:
        self.fake = fake
        self.bot = bot
        self.table = table
        self.game_id = game_id
        self.rng = rng
        self.clicked: set[str] = set()
        self.clicks = 0
        self.dms_closed: set[int] = set()

    def over(self) -> bool:
        return self.bot.service.registry.get(self.game_id) is None

    def _fresh(self, message: Message | None) -> Message | None:
        if message is None or not set(move_buttons(message)) - self.clicked:
            return None
        return message

    def next_move(self) -> tuple[User, Message] | str | None:
        if self.over():
            return "over"
        for user in self.table.people:
            if user.id in self.dms_closed:
                found = self._fresh(ephemeral_hand(self.fake, user))
            else:
                found = self._fresh(hand_message(self.fake, user))
            if found is not None:
                return user, found
        return None

    async def open_hand_for_closed_dms(self) -> None:
        """People without DMs press "My hand" on the table message when it's their turn."""
        session = self.bot.service.registry.get(self.game_id)
        table_id = table_message_id(self.bot, self.game_id)
        if session is None or table_id is None:
            return
        for seat in session.awaiting_humans():
            user_id = session.seats[seat].user_id
            if user_id not in self.dms_closed:
                continue
            user = next(u for u in self.table.people if u.id == user_id)
            if self._fresh(ephemeral_hand(self.fake, user)) is not None:
                continue
            table_message = self.fake.state.messages.get(table_id)
            if table_message is None or not table_message.buttons:
                continue
            button = table_message.button("My hand")
            await (await self.fake.click(user, table_message, button.custom_id or "")
                   ).wait_response()

    async def play_one(self, timeout: float = 30) -> bool:
        """Make one move; False once the game is over."""
        deadline = time.monotonic() + timeout
        while True:
            if self.dms_closed:
                await self.open_hand_for_closed_dms()
            try:
                found = await self.fake.wait_for(
                    self.next_move, timeout=0.5 if self.dms_closed else timeout,
                    what="someone's turn", poll=0.05,
                )
                break
            except WaitTimeout:
                if time.monotonic() > deadline:
                    raise
        if found == "over":
            return False
        assert not isinstance(found, str)
        user, message = found
        options = [o for o in move_buttons(message) if o not in self.clicked]
        choice = choose(self.rng, options)
        self.clicked.update(move_buttons(message))
        await (await self.fake.click(user, message, choice)).wait_response()
        self.clicks += 1
        return True

    async def play_to_the_end(self, timeout: float = 30) -> None:
        while await self.play_one(timeout):
            pass


async def open_table(fake: FakeDiscord, table: Table, options: dict[str, object],
                     joiners: int, computers: int = 0, level: str = "medium") -> int:
    """The first person starts a lobby, others join, computers fill; returns the game id."""
    host = table.people[0]
    record = await fake.slash(host, table.channel, "kachuful start", options)
    await record.wait_response()
    lobby = await fake.wait_for(table.lobby, what="the lobby")
    for user in table.people[1 : 1 + joiners]:
        join = lobby.button("Join")
        await (await fake.click(user, lobby, join.custom_id or "")).wait_response()
        lobby = fake.message(lobby.id)
    for _ in range(computers):
        menu = lobby.selects[0]
        await (await fake.select(host, lobby, menu.custom_id or "", [level])).wait_response()
        lobby = fake.message(lobby.id)
    expected = 1 + joiners + computers

    def filled() -> Message | None:
        # Lobby clicks are acknowledged first and shown after the seat is saved.
        message = fake.message(lobby.id)
        description = message.embeds[0].description or "" if message.embeds else ""
        seated = re.search(r"Seats \((\d+)/", description)
        return message if seated and int(seated.group(1)) == expected else None

    lobby = await fake.wait_for(filled, timeout=10, what="the lobby's seats", poll=0.05)
    start = lobby.button("Start")
    await (await fake.click(host, lobby, start.custom_id or "")).wait_response()
    # Start is acknowledged at once; the game has begun when the lobby loses its buttons.
    await fake.wait_for(lambda: not fake.message(lobby.id).buttons, timeout=10,
                        what="the game to start", poll=0.05)
    return int((start.custom_id or "").split(":")[2])


def assert_answered_fast(fake: FakeDiscord) -> None:
    """Every interaction got its first answer within Discord's 3 seconds."""
    latencies = fake.latencies()
    assert latencies, "interactions were made"
    assert len(latencies) == len(fake.interactions.all), "every interaction was answered"
    assert max(latencies) < 3.0, f"slowest answer {max(latencies):.2f} s"
