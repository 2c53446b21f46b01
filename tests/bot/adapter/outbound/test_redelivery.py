"""The delivery never drops what a player must see: an effect that discord.py gave up on
(a 429 after its retries, a 5xx) is tried again until it gets through, exactly once, or
gives way to a newer view of the same message; side messages are not retried."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import discord
import pytest

from bot.adapter.outbound.delivery import Delivery
from bot.adapter.outbound.message_book import MessageBook
from bot.adapter.outbound.redelivery import passing, waits
from bot.adapter.outbound.reports import Reports
from bot.core.effects import Effect, PingTurn, Place, ShowHand
from bot.core.tables import TableRef

PLACE = Place(guild_id=1, channel_id=2)
GAME = TableRef.game(7)


def http_error(status: int) -> discord.HTTPException:
    response = cast(Any, type("Response", (), {"status": status, "reason": "x"})())
    return discord.HTTPException(response, {"message": "You are being rate limited.",
                                            "code": 0})


def hand(view: str, seat: int = 1, fresh: bool = False) -> ShowHand:
    # The hand snapshot stands in as a label: the presenter here only records it.
    return ShowHand(PLACE, 7, seat, 99, cast(Any, view), fresh)


class Discord:
    """Refuses every call with ``status`` while ``limited``; records what got through."""

    def __init__(self, status: int = 429) -> None:
        self.limited = True
        self.status = status
        self.refused = 0
        self.shown: list[Effect] = []
        self.first_refusal = asyncio.Event()

    async def show(self, table: TableRef, effect: Effect) -> None:
        if self.limited:
            self.refused += 1
            self.first_refusal.set()
            raise http_error(self.status)
        self.shown.append(effect)


def delivery(discord_: Discord) -> Delivery:
    return Delivery(discord_, cast(MessageBook, None), Reports(), table_edit_interval=60.0,
                    first_retry=0.01)


async def until(condition: Any) -> None:
    async with asyncio.timeout(5):
        while not condition():
            await asyncio.sleep(0.005)


@pytest.mark.parametrize(("status", "refusals"), [(429, 3), (503, 2)],
                         ids=["429s", "server errors"])
async def test_a_hand_that_meets_refusals_is_delivered_once_they_clear(
    status: int, refusals: int
) -> None:
    discord_ = Discord(status=status)
    sink = delivery(discord_)
    sink.submit(GAME, [hand("your turn")])
    await until(lambda: discord_.refused >= refusals)
    discord_.limited = False
    await sink.drain(timeout=5)
    assert discord_.shown == [hand("your turn")]


async def test_a_newer_view_of_the_hand_goes_instead_of_the_undelivered_one() -> None:
    discord_ = Discord()
    sink = delivery(discord_)
    sink.submit(GAME, [hand("deal 2", fresh=True)])
    await discord_.first_refusal.wait()
    sink.submit(GAME, [hand("your turn"), hand("other seat", seat=2)])
    sink.submit(GAME, [hand("you played")])
    await until(lambda: discord_.refused >= 3)
    discord_.limited = False
    await sink.drain(timeout=5)
    # The first view never went; the newest went once, as the new deal's new message.
    assert discord_.shown == [hand("you played", fresh=True), hand("other seat", seat=2)]


async def test_a_ping_is_not_retried() -> None:
    discord_ = Discord()
    sink = delivery(discord_)
    sink.submit(GAME, [PingTurn(PLACE, 7, 1, 99, "bid", in_channel=False)])
    await sink.drain(timeout=5)
    assert discord_.refused == 1 and discord_.shown == []


def test_only_passing_failures_are_retried_and_waits_grow_to_a_cap() -> None:
    assert passing(http_error(429)) and passing(http_error(502)) and passing(TimeoutError())
    assert not passing(http_error(400))
    pauses = waits(1.0, 30.0)
    first = [next(pauses) for _ in range(8)]
    assert 0.8 <= first[0] <= 1.2 and first[1] > first[0] * 1.3 and max(first) <= 36.0
