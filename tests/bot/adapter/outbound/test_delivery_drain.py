"""The delivery's stop: it waits for what is queued, and only for that."""

from __future__ import annotations

import logging
from typing import Any, cast

import pytest

from bot.adapter.outbound.delivery import Delivery
from bot.adapter.outbound.message_book import MessageBook
from bot.core.effects import Effect, PingTurn, Place
from bot.core.tables import TableRef

PLACE = Place(guild_id=1, channel_id=2)


class Shown:
    def __init__(self) -> None:
        self.effects: list[tuple[TableRef, Effect]] = []

    async def show(self, table: TableRef, effect: Effect) -> None:
        self.effects.append((table, effect))


def delivery(shown: Shown) -> Delivery:
    return Delivery(shown, cast(MessageBook, None), table_edit_interval=60.0)


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
