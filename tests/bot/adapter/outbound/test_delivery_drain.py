"""The delivery's stop: it waits for what is queued, and only for that; and what it
reports back to the core."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
import pytest

from bot.adapter.outbound.delivery import Delivery
from bot.adapter.outbound.discord_codes import DMS_CLOSED
from bot.adapter.outbound.message_book import MessageBook
from bot.adapter.outbound.reports import DmsClosed, Reports
from bot.adapter.outbound.reports import Shown as ShownReport
from bot.core.effects import ConfirmShown, Effect, PingTurn, Place
from bot.core.tables import TableRef

PLACE = Place(guild_id=1, channel_id=2)


class Shown:
    def __init__(self) -> None:
        self.effects: list[tuple[TableRef, Effect]] = []

    async def show(self, table: TableRef, effect: Effect) -> None:
        self.effects.append((table, effect))


def delivery(shown: Shown) -> Delivery:
    return Delivery(shown, cast(MessageBook, None), Reports(), table_edit_interval=60.0)


async def test_a_step_with_nothing_to_show_leaves_nothing_to_drain(
    caplog: pytest.LogCaptureFixture,
) -> None:
    sink = delivery(Shown())
    sink.submit(TableRef.game(7), [])
    with caplog.at_level(logging.WARNING, logger="bot.adapter.outbound.delivery"):
        await sink.drain(timeout=2.0)
    # Before the fix the empty queue kept the drain looping until its timeout,
    # which then logged "stopping with 0 games' messages undelivered".
    assert "undelivered" not in caplog.text


async def test_drain_delivers_what_is_queued_before_it_returns(
    caplog: pytest.LogCaptureFixture,
) -> None:
    shown = Shown()
    sink = delivery(shown)
    ping = PingTurn(PLACE, 7, 0, 99, "bid", in_channel=False)
    sink.submit(TableRef.game(7), [ping])
    sink.submit(TableRef.pad(8), [])
    with caplog.at_level(logging.WARNING, logger="bot.adapter.outbound.delivery"):
        await sink.drain(timeout=2.0)
    assert shown.effects == [(TableRef.game(7), cast(Any, ping))]
    assert "undelivered" not in caplog.text


class Refusing:
    """Discord refuses every DM: the person's DMs are closed (50007)."""

    async def show(self, table: TableRef, effect: Effect) -> None:
        response = cast(Any, type("Response", (), {"status": 403, "reason": "Forbidden"})())
        raise discord.Forbidden(response, {"code": DMS_CLOSED, "message": "closed"})


async def test_a_refusal_the_core_must_know_of_is_reported_not_called() -> None:
    reports = Reports()
    book = MessageBook(cast(Any, None))
    book.start(7, 2)
    sink = Delivery(Refusing(), book, reports, table_edit_interval=60.0)
    sink.submit(TableRef.game(7), [PingTurn(PLACE, 7, 1, 99, "bid", in_channel=False)])
    await sink.drain(timeout=2.0)
    assert await reports.get() == DmsClosed(7, 1)
    assert reports.pending() == 0
    assert cast(Any, book.known(7)).dms_closed == {1}


async def test_a_step_is_reported_shown_after_what_came_before_it() -> None:
    shown, reports = Shown(), Reports()
    sink = Delivery(shown, cast(MessageBook, None), reports, table_edit_interval=60.0)
    ping = PingTurn(PLACE, 7, 0, 99, "bid", in_channel=False)
    sink.submit(TableRef.game(7), [ping, ConfirmShown(PLACE, 7, 3)])
    await sink.drain(timeout=2.0)
    assert shown.effects == [(TableRef.game(7), cast(Any, ping))], "nothing shown for it"
    assert await reports.get() == ShownReport(7, 3)
