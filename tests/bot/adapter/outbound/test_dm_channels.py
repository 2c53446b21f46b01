"""A person's DM channel is opened once: remembered in memory (bounded) and read back
from storage; a channel Discord no longer knows (10003) is opened again, once."""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.adapter.outbound.delivery import Delivery
from bot.adapter.outbound.discord_codes import UNKNOWN_CHANNEL
from bot.adapter.outbound.dm_channels import DmChannels
from bot.adapter.outbound.message_book import MessageBook
from bot.adapter.outbound.reports import Reports
from bot.core.effects import Effect, Place, ShowHand
from bot.core.tables import TableRef
from bot.storage import Storage

PLACE = Place(guild_id=1, channel_id=2)
GAME = TableRef.game(7)


class Games:
    def __init__(self, stored: dict[int, int]) -> None:
        self.stored = stored
        self.reads = 0

    async def dm_channel_of(self, user_id: int) -> int | None:
        self.reads += 1
        return self.stored.get(user_id)


def channels(stored: dict[int, int], capacity: int = 50_000) -> tuple[DmChannels, Games]:
    games = Games(stored)
    storage = cast(Storage, type("FakeStorage", (), {"games": games})())
    return DmChannels(storage, capacity), games


async def test_a_stored_channel_is_read_once_then_kept_in_memory() -> None:
    known, games = channels({1: 501})
    assert await known.of(1) == 501 and await known.of(1) == 501
    assert games.reads == 1
    assert await known.of(2) is None, "never opened: the caller opens it"


async def test_memory_keeps_the_most_recently_used_people() -> None:
    known, games = channels({}, capacity=2)
    known.remember(1, 501)
    known.remember(2, 502)
    assert await known.of(1) == 501  # 1 is now the more recent
    known.remember(3, 503)
    assert await known.of(1) == 501 and await known.of(3) == 503
    reads = games.reads
    assert await known.of(2) is None, "the least recently used went"
    assert games.reads == reads + 1, "and is looked up in storage again"


async def test_a_lost_channel_is_not_read_back_from_storage_until_reopened() -> None:
    known, _ = channels({1: 501})
    assert await known.of(1) == 501
    known.lost(1)
    assert await known.of(1) is None, "the stored id is as stale"
    known.remember(1, 601)
    assert await known.of(1) == 601


def unknown_channel() -> discord.NotFound:
    response = cast(Any, type("Response", (), {"status": 404, "reason": "Not Found"})())
    return discord.NotFound(response, {"message": "Unknown Channel", "code": UNKNOWN_CHANNEL})


class Book:
    def __init__(self) -> None:
        self.lost: list[tuple[int, int, int]] = []

    def dm_lost(self, game_id: int, seat: int, user_id: int) -> None:
        self.lost.append((game_id, seat, user_id))

    def known(self, game_id: int) -> None:
        return None


class UnknownChannel:
    """Refuses the first ``refusals`` calls with 10003, then shows."""

    def __init__(self, refusals: int) -> None:
        self.refusals = refusals
        self.tries = 0
        self.shown: list[Effect] = []

    async def show(self, table: TableRef, effect: Effect) -> None:
        self.tries += 1
        if self.tries <= self.refusals:
            raise unknown_channel()
        self.shown.append(effect)


def hand() -> ShowHand:
    return ShowHand(PLACE, 7, 2, 99, cast(Any, "hand"), False)


async def test_an_unknown_dm_channel_is_reopened_and_the_hand_shown() -> None:
    discord_, book = UnknownChannel(refusals=1), Book()
    sink = Delivery(discord_, cast(MessageBook, book), Reports(), table_edit_interval=60.0)
    sink.submit(GAME, [hand()])
    await sink.drain(timeout=5)
    assert book.lost == [(7, 2, 99)]
    assert discord_.shown == [hand()]


async def test_a_dm_channel_is_reopened_only_once() -> None:
    discord_, book = UnknownChannel(refusals=5), Book()
    sink = Delivery(discord_, cast(MessageBook, book), Reports(), table_edit_interval=60.0)
    sink.submit(GAME, [hand()])
    await sink.drain(timeout=5)
    assert book.lost == [(7, 2, 99)] and discord_.tries == 2 and discord_.shown == []
