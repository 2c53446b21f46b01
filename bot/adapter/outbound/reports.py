"""What showing effects taught the adapter that the core must know: a person's DMs are
closed, a table's channel is gone or refuses the bot, a game moved into its thread, a
step was shown.

The outbound side only reports; the client passes each report to the core, in order
(``KachufulBot.pass_reports``). So the delivery knows nothing of the core, and nothing
is joined after construction."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Literal

from bot.core.tables import TableRef


@dataclass(frozen=True, slots=True)
class DmsClosed:
    game_id: int
    seat: int


@dataclass(frozen=True, slots=True)
class ChannelLost:
    table: TableRef
    how: Literal["deleted", "unwritable"]


@dataclass(frozen=True, slots=True)
class ThreadOpened:
    game_id: int
    thread_id: int


@dataclass(frozen=True, slots=True)
class Shown:
    """Everything queued before a step's ``ConfirmShown`` was delivered."""

    game_id: int
    shown: int


Report = DmsClosed | ChannelLost | ThreadOpened | Shown


class Reports:
    def __init__(self) -> None:
        self._queue: asyncio.Queue[Report] = asyncio.Queue()

    def put(self, report: Report) -> None:
        self._queue.put_nowait(report)

    async def get(self) -> Report:
        return await self._queue.get()

    def pending(self) -> int:
        return self._queue.qsize()
