"""One budget for the bot token: every request made with it waits its turn here.

Discord lets a bot make ``DISCORD_GLOBAL_RATE`` (50) requests a second with its token,
for all its processes together; going over earns global 429s, which count toward a ban
of the whole bot. Interaction endpoints (a click's callback, and everything sent with its
token) are not counted, so they never wait here.

Every HTTP request discord.py makes passes ``trace_config()``'s hook just before it is
sent (retries included); a bot-token request waits there for a turn. Turns are handed
out from a schedule: requests ``interval`` seconds apart, at ``SUSTAINED_SHARE`` of the
limit, with a short burst allowed after a quiet moment. The schedule is local to the
process on SQLite, and one row in PostgreSQL for all processes sharing that database
(``bot.storage.budget_store``): each process reserves a few turns at a time there.

When requests queue, the most urgent goes first: a click's answer before a hand, a hand
before the table, the table before a ping (``URGENCY``, set by the delivery per effect).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections import deque
from contextvars import ContextVar
from types import SimpleNamespace
from typing import Final, Protocol

import aiohttp
from yarl import URL

from bot.storage.budget_store import LocalSchedule

ANSWER: Final = 0
"""A click's or command's own answer (the default: made while handling it)."""
HAND: Final = 1
"""A person's hand and turn controls."""
TABLE: Final = 2
"""The table, tricks and scores in the channel."""
SIDE: Final = 3
"""Pings, reminders, notes: they can wait the longest."""

URGENCY: ContextVar[int] = ContextVar("kachuful_bot_token_urgency", default=ANSWER)
"""How urgent the bot-token requests made in this context are."""

SUSTAINED_SHARE: Final = 0.8
"""Of the limit, the steady rate handed out: a burst after a quiet moment and the
network's jitter fit in the rest, so Discord never counts more in any one second."""
WINDOW_SHARE: Final = 0.9
"""Of the limit, the most this process sends in any one second, whatever its schedule
says: turns it could not hand out in time (its event loop was busy) do not all go at
once when it catches up."""
BURST_SECONDS: Final = 0.1
"""A quiet schedule restarts this far in the past: that many seconds' requests at once."""
MOST_AT_ONCE: Final = 10
"""Turns reserved in one go on a shared schedule (one database round trip)."""


class Schedule(Protocol):
    async def reserve(self, count: int, interval: float, burst: float) -> float:
        """Reserve ``count`` turns ``interval`` apart; seconds until the first."""
        ...


def bot_token_request(url: URL) -> bool:
    """A request Discord counts against the bot token's global limit: its REST API,
    except the interaction endpoints."""
    path = url.path
    return "/api/" in path and "/interactions/" not in path and "/webhooks/" not in path


class BotTokenBudget:
    def __init__(self, rate: int, schedule: Schedule | None = None) -> None:
        """``rate``: Discord's limit for the bot token, requests a second."""
        self.interval = 1.0 / (rate * SUSTAINED_SHARE)
        self.burst = BURST_SECONDS
        self._most_per_second = max(1, int(rate * WINDOW_SHARE))
        self._sent: deque[float] = deque()
        """When this process's last turns were handed out (loop time), one second's worth."""
        self._schedule: Schedule = schedule or LocalSchedule()
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._pump: asyncio.Task[None] | None = None
        self.waited = 0
        """Requests that had to wait for a turn."""

    def share(self, schedule: Schedule) -> None:
        """Take turns from the storage's schedule from now on (shared with the other
        processes of a PostgreSQL database)."""
        self._schedule = schedule

    def trace_config(self) -> aiohttp.TraceConfig:
        """For ``discord.Client(http_trace=…)``: holds each bot-token request until its
        turn."""
        config = aiohttp.TraceConfig()
        config.on_request_start.append(self._on_request_start)
        return config

    async def _on_request_start(self, session: aiohttp.ClientSession, context: SimpleNamespace,
                                params: aiohttp.TraceRequestStartParams) -> None:
        if bot_token_request(params.url):
            await self.turn(URGENCY.get())

    async def turn(self, urgency: int = ANSWER) -> None:
        """Wait for this request's turn; the most urgent waiting request goes first."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (urgency, next(self._order), future))
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._hand_out(), name="bot-token-budget")
        await future

    async def _hand_out(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._live():
                count = min(self._live(), MOST_AT_ONCE)
                start = loop.time() + await self._reserve(count)
                for index in range(count):
                    delay = max(start + index * self.interval - loop.time(),
                                self._window_wait())
                    if delay > 0:
                        await asyncio.sleep(delay)
                    if not self._release_one(waited=delay > 0):
                        break  # the rest of the reserved turns go unused
                    self._sent.append(loop.time())
        finally:
            # Stopped (the bot closing, or a fault): nobody is left waiting for a turn.
            while self._release_one(waited=False):
                pass

    def _window_wait(self) -> float:
        """Seconds until one more turn keeps this process within its most per second."""
        now = asyncio.get_running_loop().time()
        while self._sent and now - self._sent[0] >= 1.0:
            self._sent.popleft()
        if len(self._sent) < self._most_per_second:
            return 0.0
        return self._sent[0] + 1.0 - now

    def _live(self) -> int:
        while self._waiting and self._waiting[0][2].done():
            heapq.heappop(self._waiting)  # a request cancelled while it waited
        return sum(1 for _, _, future in self._waiting if not future.done())

    def _release_one(self, *, waited: bool) -> bool:
        while self._waiting:
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)
                self.waited += waited
                return True
        return False

    async def _reserve(self, count: int) -> float:
        return await self._schedule.reserve(count, self.interval, self.burst)

    async def close(self) -> None:
        """Stop handing out turns; requests still waiting go at once."""
        if self._pump is not None:
            self._pump.cancel()
            await asyncio.gather(self._pump, return_exceptions=True)
        while self._release_one(waited=False):  # a pump cancelled before it began
            pass
