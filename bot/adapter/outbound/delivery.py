"""Delivering the core's effects to Discord, with THE failure policy.

Each game has one queue, worked by one task, so a game's messages appear in the
order its steps happened, and a slow or rate-limited game holds up only itself (no
game step ever waits on Discord). A newer view of the same message replaces one
still waiting in the queue, and table edits coalesce to the table's pace
(``table_pace.py``: a milestone within 5 s, other moves at most one edit per pace).

The one failure policy, for every outbound call:
- transient errors (429, 5xx, timeouts) are retried by discord.py itself; when it gives
  up, what a player needs to see — their hand and turn controls, the table, the lobby,
  the trick and score messages (``redelivery.MUST_ARRIVE``) — is **never dropped**: the
  game's queue tries it again, waiting 1, 2, 4 … up to 30 s, until it is delivered or a
  newer view of the same message (a later hand for that seat, a later table edit) is
  waiting, which then goes instead. A 429 is "not now", not "no". Side messages (pings,
  reminders, notes) are logged and dropped: the next move or turn says the same;
- a permanent refusal is logged and skipped, and never raises into the core;
- some refusals tell the core something: closed DMs (50007) → the person plays with
  "My hand"; the channel deleted (10003) → the game is cancelled and the players are
  told in DMs; the bot may no longer post there (50013, 50001) → the game goes on
  in DMs and the players are told once; a deleted message (10008) → a new one.
- a score pad's channel deleted or refusing the bot → the pad is cancelled and its
  people are told in DMs (a pad lives in its channel message: it can't go on in DMs).
- a side call that goes with an effect (closing an old offer, deleting an old ping,
  adding a player to a thread, one person's copy of a notice) is ``best_effort``: its
  failure is logged and skipped, and never stops the effect or the other people's copies.

The presenter and the replies use the helpers of ``calls.py`` instead of catching
Discord's errors themselves, so these two modules are the only outbound places that do.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, replace
from typing import Final, Protocol

import discord

from bot.adapter.outbound.budget import TABLE, URGENCY
from bot.adapter.outbound.calls import NOT_DELIVERED
from bot.adapter.outbound.discord_codes import (
    DMS_CLOSED,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_CHANNEL,
)
from bot.adapter.outbound.message_book import MessageBook
from bot.adapter.outbound.redelivery import MUST_ARRIVE, URGENCY_OF, passing, waits
from bot.adapter.outbound.reports import ChannelLost, DmsClosed, Reports, Shown
from bot.adapter.outbound.table_pace import DEFAULT_PACE_SECONDS, Cancellable, Clock, TablePace
from bot.core.effects import (
    CloseHand,
    CloseTable,
    ConfirmShown,
    EditTable,
    Effect,
    PostTable,
    ShowFinal,
    ShowHand,
    shown_in_dm,
)
from bot.core.tables import TableRef
from bot.core.tasks import start_logged


class Shows(Protocol):
    """Shows one effect on Discord (``presenter.Presenter``); raises what Discord refuses."""

    async def show(self, table: TableRef, effect: Effect) -> None: ...

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
        self, presenter: Shows, book: MessageBook, reports: Reports,
        table_edit_interval: float, slots: int = 8, first_retry: float = 1.0,
        table_pace: float = DEFAULT_PACE_SECONDS, clock: Clock | None = None,
    ) -> None:
        """``reports``: where a refusal that the core must know of is reported;
        ``table_edit_interval``: how long a table edit waits for more moves to join it;
        ``table_pace``: seconds at least between two ordinary edits of one table
        (``table_pace.py``); ``first_retry``: seconds before an undelivered effect is tried
        again (doubling); ``clock``: the running loop unless a test gives its own."""
        self._pace = TablePace(table_edit_interval, table_pace)
        self._clock = clock
        self._table_timers: dict[TableRef, Cancellable] = {}
        self._first_retry = first_retry
        self._presenter = presenter
        # Deliveries at once, bot-wide: without a bound, hundreds of games' messages fill
        # the event loop and every click's acknowledgement waits behind them. A game
        # step never waits for one of these: it only queues its effects.
        self._slots = asyncio.Semaphore(slots)
        self._book = book
        self._queues: dict[TableRef, deque[Queued]] = {}
        self._workers: dict[TableRef, asyncio.Task[None]] = {}
        self._pending_table: dict[TableRef, EditTable] = {}
        self._reports = reports
        self._idle = asyncio.Event()
        self._idle.set()

    # --- the sink -----------------------------------------------------------------------

    def submit(self, table: TableRef, effects: Sequence[Effect]) -> None:
        # A queue exists only while it holds something or a worker empties it: an empty
        # one left behind (a step with nothing to show) kept ``drain`` waiting its timeout.
        queue = self._queues.get(table, deque())
        for effect in effects:
            if isinstance(effect, EditTable):
                self._hold_table_edit(table, effect)
                continue
            if isinstance(effect, PostTable | CloseTable | ShowFinal):
                self._drop_table_edit(table)
            if isinstance(effect, ShowHand) and not effect.fresh and _replace(queue, effect):
                continue
            queue.append(effect)
        if queue:
            self._queues[table] = queue
            self._wake(table)

    def reload(self, table: TableRef) -> None:
        # Another process posted or edited this game's messages: their ids are read
        # again from storage before the next delivery.
        if table.kind == "game":
            self._book.forget(table.id)
        else:
            self._book.forget_pad(table.id)

    def _now(self) -> Clock:
        return self._clock or asyncio.get_running_loop()

    def _hold_table_edit(self, table: TableRef, effect: EditTable) -> None:
        """Keep the newest view of the table until its edit is due; a milestone brings
        the due time forward, never back."""
        self._pending_table[table] = effect
        clock = self._now()
        due = self._pace.due(table, effect.milestone, clock.time())
        timer = self._table_timers.get(table)
        if timer is not None:
            if timer.when() <= due:
                return
            timer.cancel()
        self._table_timers[table] = clock.call_at(due, self._release_table, table)

    def _drop_table_edit(self, table: TableRef) -> None:
        """A new or closed table message replaces the edit that was waiting."""
        self._pending_table.pop(table, None)
        timer = self._table_timers.pop(table, None)
        if timer is not None:
            timer.cancel()

    def _release_table(self, table: TableRef) -> None:
        self._table_timers.pop(table, None)
        if table in self._pending_table:
            self._queues.setdefault(table, deque()).append(FlushTable())
            self._wake(table)

    def _wake(self, table: TableRef) -> None:
        if table in self._workers or not self._queues.get(table):
            return
        self._idle.clear()
        self._workers[table] = start_logged(self._work(table), f"deliver-{table.kind}-{table.id}")

    async def _work(self, table: TableRef) -> None:
        queue = self._queues[table]
        try:
            while queue:
                item = queue.popleft()
                if isinstance(item, FlushTable):
                    pending = self._pending_table.pop(table, None)
                    if pending is None:
                        continue
                    self._pace.edited(table, self._now().time())
                    item = pending
                elif isinstance(item, ShowFinal):
                    self._pace.forget(table)
                elif isinstance(item, ConfirmShown):
                    self._reports.put(Shown(item.game_id, item.shown))
                    continue
                await self._deliver_until_shown(table, item)
        finally:
            del self._workers[table]
            if not queue:
                self._queues.pop(table, None)
            if not self._workers:
                self._idle.set()

    async def settled(self, table: TableRef, timeout: float = 5.0) -> None:
        """Wait (a while at most) until this game's messages so far are out, so that an
        answer to a click comes after what the click changed."""
        worker = self._workers.get(table)
        if worker is None:
            return
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(worker), timeout)

    async def drain(self, timeout: float) -> None:
        """Wait until everything submitted has been delivered (shutdown, tests)."""
        for table in list(self._pending_table):
            timer = self._table_timers.get(table)
            if timer is not None:
                timer.cancel()
            self._release_table(table)
        try:
            async with asyncio.timeout(timeout):
                while self._workers:
                    await self._idle.wait()
                    await asyncio.sleep(0)
        except TimeoutError:
            log.warning("stopping with %s tables' messages undelivered", len(self._workers))

    # --- the failure policy ---------------------------------------------------------------

    async def _deliver_until_shown(self, table: TableRef, effect: Effect) -> None:
        """Deliver, and try again what must reach the players (see the policy above). The
        game's queue waits meanwhile, so its messages stay in order; newer views of a
        hand still replace each other in it."""
        pauses = iter(waits(self._first_retry, max(self._first_retry, 30.0)))
        while True:
            failure = await self._deliver(table, effect)
            if failure is None:
                return
            if type(effect) not in MUST_ARRIVE:
                log.warning("%s: %s not shown: %s", table, type(effect).__name__, failure)
                return
            pause = next(pauses)
            log.info("%s: %s not shown yet (%s); again in %.1f s", table,
                     type(effect).__name__, failure, pause)
            await asyncio.sleep(pause)
            if self._superseded(table, effect):
                log.info("%s: an undelivered %s gave way to a newer view", table,
                         type(effect).__name__)
                return

    def _superseded(self, table: TableRef, effect: Effect) -> bool:
        """Whether a newer view of the message ``effect`` shows is waiting to go."""
        if isinstance(effect, EditTable):
            return table in self._pending_table
        if not isinstance(effect, ShowHand):
            return False
        queue = self._queues.get(table, deque())
        for index, queued in enumerate(queue):
            if isinstance(queued, CloseHand) and queued.seat == effect.seat:
                return True
            if isinstance(queued, ShowHand) and queued.seat == effect.seat:
                # An undelivered new hand message makes the next view a new message too.
                queue[index] = replace(queued, fresh=queued.fresh or effect.fresh)
                return True
        return False

    async def _deliver(self, table: TableRef, effect: Effect, *, reopened: bool = False,
                       ) -> BaseException | None:
        """Show one effect; returns a passing failure (``redelivery.passing``) to retry."""
        urgency = URGENCY.set(URGENCY_OF.get(type(effect), TABLE))
        dm_lost = False
        try:
            async with self._slot():
                await self._presenter.show(table, effect)
        except discord.Forbidden as exc:
            await self._refused(table, effect, exc)
        except discord.NotFound as exc:
            dm_lost = not reopened and self._dm_lost(table, effect, exc)
            if not dm_lost:
                await self._refused(table, effect, exc)
        except (*NOT_DELIVERED, discord.RateLimited) as exc:
            if passing(exc):
                return exc
            log.warning("%s: %s not shown: %s", table, type(effect).__name__, exc)
        except Exception:
            log.exception("%s: %s failed", table, type(effect).__name__)
        finally:
            URGENCY.reset(urgency)
        if dm_lost:  # a remembered DM channel Discord no longer knows: open it, once
            return await self._deliver(table, effect, reopened=True)
        return None

    def _dm_lost(self, table: TableRef, effect: Effect, exc: discord.NotFound) -> bool:
        """Whether ``exc`` says the person's DM channel is unknown; then it is forgotten."""
        seat, user_id = getattr(effect, "seat", None), getattr(effect, "user_id", None)
        if exc.code != UNKNOWN_CHANNEL or table.kind != "game" or not shown_in_dm(effect) \
                or not isinstance(seat, int) or not isinstance(user_id, int):
            return False
        log.info("%s: the DM channel of seat %s is unknown; opening it again", table, seat)
        self._book.dm_lost(table.id, seat, user_id)
        return True

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

    async def _refused(self, table: TableRef, effect: Effect, exc: discord.HTTPException) -> None:
        what = type(effect).__name__
        log.warning("%s: Discord refused %s: %s", table, what, exc)
        if table.kind == "pad":
            if not shown_in_dm(effect) and exc.code in (
                UNKNOWN_CHANNEL, MISSING_PERMISSIONS, MISSING_ACCESS
            ):
                self._book.lose_pad_channel(effect.place.channel_id)
                self._reports.put(ChannelLost(table, "deleted"))
            return
        seat = getattr(effect, "seat", None)
        direct = shown_in_dm(effect)
        if exc.code == DMS_CLOSED and seat is not None:
            messages = self._book.known(table.id)
            if messages is not None:
                messages.dms_closed.add(seat)
            self._reports.put(DmsClosed(table.id, seat))
        elif direct:
            return  # a DM that could not be sent: nothing else to do
        elif exc.code == UNKNOWN_CHANNEL:
            messages = self._book.known(table.id)
            if messages is not None:
                messages.channel_state = "gone"
            self._reports.put(ChannelLost(table, "deleted"))
        elif exc.code in (MISSING_PERMISSIONS, MISSING_ACCESS):
            messages = self._book.known(table.id)
            if messages is not None and messages.channel_state == "ok":
                messages.channel_state = "unwritable"
                self._reports.put(ChannelLost(table, "unwritable"))


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
