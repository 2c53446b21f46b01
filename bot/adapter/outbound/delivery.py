"""Delivering the core's effects to Discord, with THE failure policy.

Each game has one queue, worked by one task, so a game's messages appear in the
order its steps happened, and a slow or rate-limited game holds up only itself (no
game step ever waits on Discord). A newer view of the same message replaces one
still waiting in the queue, and a table edit waits a moment so a burst of moves
becomes one edit.

The one failure policy, for every outbound call:
- transient errors (429, 5xx, timeouts) are retried by discord.py itself;
- a permanent refusal is logged and skipped, and never raises into the core;
- some refusals tell the core something: closed DMs (50007) → the person plays with
  "My hand"; the channel deleted (10003) → the game is cancelled and the players are
  told in DMs; the bot may no longer post there (50013, 50001) → the game goes on
  in DMs and the players are told once; a deleted message (10008) → a new one.
- a score pad's channel deleted or refusing the bot → the pad is cancelled and its
  people are told in DMs (a pad lives in its channel message: it can't go on in DMs).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final, Protocol

import aiohttp
import discord

from bot.adapter.outbound.discord_codes import (
    DMS_CLOSED,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_CHANNEL,
)
from bot.adapter.outbound.message_book import MessageBook
from bot.core.effects import (
    CloseHand,
    CloseTable,
    EditTable,
    Effect,
    PostTable,
    ShowFinal,
    ShowHand,
    shown_in_dm,
)
from bot.core.pad_effects import PAD_QUEUE_OFFSET
from bot.core.tasks import start_logged

if TYPE_CHECKING:
    from bot.core.scorepad import ScorePads
    from bot.core.service import GameService


class Shows(Protocol):
    """Shows one effect on Discord (``presenter.Presenter``); raises what Discord refuses."""

    async def show(self, game_id: int, effect: Effect) -> None: ...

log = logging.getLogger(__name__)

SLOT_HOLD_SECONDS: Final = 0.25
"""A delivery still running after this long gives its slot back (see ``_slot``)."""



@dataclass(frozen=True, slots=True)
class FlushTable:
    """Queue marker: time to make the table edit that has been waiting."""


Queued = Effect | FlushTable


class Delivery:
    """The effect sink the core is given."""

    def __init__(
        self, presenter: Shows, book: MessageBook, table_edit_interval: float, slots: int = 8,
    ) -> None:
        self._presenter = presenter
        # Deliveries at once, bot-wide: without a bound, hundreds of games' messages fill
        # the event loop and every click's acknowledgement waits behind them. A game
        # step never waits for one of these: it only queues its effects.
        self._slots = asyncio.Semaphore(slots)
        self._book = book
        self._interval = table_edit_interval
        self._queues: dict[int, deque[Queued]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._pending_table: dict[int, EditTable] = {}
        self._service: GameService | None = None
        self._pads: ScorePads | None = None
        self._idle = asyncio.Event()
        self._idle.set()

    def attach(self, service: GameService) -> None:
        self._service = service

    def attach_pads(self, pads: ScorePads) -> None:
        self._pads = pads

    # --- the sink -----------------------------------------------------------------------

    def submit(self, game_id: int, effects: Sequence[Effect]) -> None:
        # A queue exists only while it holds something or a worker empties it: an empty
        # one left behind (a step with nothing to show) kept ``drain`` waiting its timeout.
        queue = self._queues.get(game_id, deque())
        for effect in effects:
            if isinstance(effect, EditTable):
                self._hold_table_edit(game_id, effect)
                continue
            if isinstance(effect, PostTable | CloseTable | ShowFinal):
                self._pending_table.pop(game_id, None)
            if isinstance(effect, ShowHand) and not effect.fresh and _replace(queue, effect):
                continue
            queue.append(effect)
        if queue:
            self._queues[game_id] = queue
            self._wake(game_id)

    def reload(self, game_id: int) -> None:
        # Another process posted or edited this game's messages: their ids are read
        # again from storage before the next delivery.
        self._book.forget(game_id)

    def _hold_table_edit(self, game_id: int, effect: EditTable) -> None:
        first = game_id not in self._pending_table
        self._pending_table[game_id] = effect
        if first:
            asyncio.get_running_loop().call_later(self._interval, self._release_table, game_id)

    def _release_table(self, game_id: int) -> None:
        if game_id in self._pending_table:
            self._queues.setdefault(game_id, deque()).append(FlushTable())
            self._wake(game_id)

    def _wake(self, game_id: int) -> None:
        if game_id in self._workers or not self._queues.get(game_id):
            return
        self._idle.clear()
        self._workers[game_id] = start_logged(self._work(game_id), f"deliver-{game_id}")

    async def _work(self, game_id: int) -> None:
        queue = self._queues[game_id]
        try:
            while queue:
                item = queue.popleft()
                if isinstance(item, FlushTable):
                    pending = self._pending_table.pop(game_id, None)
                    if pending is None:
                        continue
                    item = pending
                await self._deliver(game_id, item)
        finally:
            del self._workers[game_id]
            if not queue:
                self._queues.pop(game_id, None)
            if not self._workers:
                self._idle.set()

    async def settled(self, game_id: int, timeout: float = 5.0) -> None:
        """Wait (a while at most) until this game's messages so far are out, so that an
        answer to a click comes after what the click changed."""
        worker = self._workers.get(game_id)
        if worker is None:
            return
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(worker), timeout)

    async def drain(self, timeout: float) -> None:
        """Wait until everything submitted has been delivered (shutdown, tests)."""
        for game_id in list(self._pending_table):
            self._release_table(game_id)
        try:
            async with asyncio.timeout(timeout):
                while self._workers:
                    await self._idle.wait()
                    await asyncio.sleep(0)
        except TimeoutError:
            log.warning("stopping with %s games' messages undelivered", len(self._workers))

    # --- the failure policy ---------------------------------------------------------------

    async def _deliver(self, game_id: int, effect: Effect) -> None:
        try:
            async with self._slot():
                await self._presenter.show(game_id, effect)
        except discord.Forbidden as exc:
            await self._refused(game_id, effect, exc)
        except discord.NotFound as exc:
            await self._refused(game_id, effect, exc)
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as exc:
            log.warning("game %s: %s not shown: %s", game_id, type(effect).__name__, exc)
        except Exception:
            log.exception("game %s: %s failed", game_id, type(effect).__name__)

    @contextlib.asynccontextmanager
    async def _slot(self) -> AsyncIterator[None]:
        """One of the delivery slots, given back early when the delivery is slow: then
        it waits on Discord (a rate limit), not on the processor, and must not keep
        other games' messages waiting."""
        await self._slots.acquire()
        held = True

        def give_back() -> None:
            nonlocal held
            if held:
                held = False
                self._slots.release()

        timer = asyncio.get_running_loop().call_later(SLOT_HOLD_SECONDS, give_back)
        try:
            yield
        finally:
            timer.cancel()
            give_back()

    async def _refused(self, game_id: int, effect: Effect, exc: discord.HTTPException) -> None:
        what = type(effect).__name__
        log.warning("game %s: Discord refused %s: %s", game_id, what, exc)
        if game_id >= PAD_QUEUE_OFFSET:  # a score pad's queue (see pad_effects)
            if self._pads is not None and not shown_in_dm(effect) and exc.code in (
                UNKNOWN_CHANNEL, MISSING_PERMISSIONS, MISSING_ACCESS
            ):
                await self._pads.lose_channel(game_id - PAD_QUEUE_OFFSET)
            return
        service = self._service
        if service is None:
            return
        seat = getattr(effect, "seat", None)
        direct = shown_in_dm(effect)
        if exc.code == DMS_CLOSED and seat is not None:
            messages = self._book.known(game_id)
            if messages is not None:
                messages.dms_closed.add(seat)
            await service.dms_closed(game_id, seat)
        elif direct:
            return  # a DM that could not be sent: nothing else to do
        elif exc.code == UNKNOWN_CHANNEL:
            messages = self._book.known(game_id)
            if messages is not None:
                messages.channel_state = "gone"
            await service.channel_lost(game_id, "deleted")
        elif exc.code in (MISSING_PERMISSIONS, MISSING_ACCESS):
            messages = self._book.known(game_id)
            if messages is not None and messages.channel_state == "ok":
                messages.channel_state = "unwritable"
                await service.channel_lost(game_id, "unwritable")


def _replace(queue: deque[Queued], effect: ShowHand) -> bool:
    """Put a newer view of a hand in place of one still waiting, unless something
    that ends that hand message comes between them."""
    for index in range(len(queue) - 1, -1, -1):
        queued = queue[index]
        if isinstance(queued, CloseHand) and queued.seat == effect.seat:
            return False
        if isinstance(queued, ShowHand) and queued.seat == effect.seat:
            queue[index] = replace(effect, fresh=queued.fresh)
            return True
    return False
