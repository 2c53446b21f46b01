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
- a side call that goes with an effect (closing an old offer, deleting an old ping,
  adding a player to a thread, one person's copy of a notice) is ``best_effort``: its
  failure is logged and skipped, and never stops the effect or the other people's copies.

The presenter and the replies use the helpers below instead of catching Discord's
errors themselves, so this module is the only outbound place that does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Protocol

import aiohttp
import discord

from bot.adapter.outbound.discord_codes import (
    CHANNEL_REFUSALS,
    DMS_CLOSED,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
)
from bot.adapter.outbound.interaction_tokens import HeldToken
from bot.adapter.outbound.message_book import MessageBook
from bot.adapter.outbound.reports import ChannelLost, DmsClosed, Reports
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
from bot.core.tables import TableRef
from bot.core.tasks import start_logged


class Shows(Protocol):
    """Shows one effect on Discord (``presenter.Presenter``); raises what Discord refuses."""

    async def show(self, table: TableRef, effect: Effect) -> None: ...

log = logging.getLogger(__name__)

NOT_DELIVERED: Final = (discord.HTTPException, aiohttp.ClientError, TimeoutError)
"""What a call to Discord raises when it did not get through (after discord.py's own
retries of rate limits and server errors)."""

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
        table_edit_interval: float, slots: int = 8,
    ) -> None:
        """``reports``: where a refusal that the core must know of is reported."""
        self._presenter = presenter
        # Deliveries at once, bot-wide: without a bound, hundreds of games' messages fill
        # the event loop and every click's acknowledgement waits behind them. A game
        # step never waits for one of these: it only queues its effects.
        self._slots = asyncio.Semaphore(slots)
        self._book = book
        self._interval = table_edit_interval
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
                self._pending_table.pop(table, None)
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

    def _hold_table_edit(self, table: TableRef, effect: EditTable) -> None:
        first = table not in self._pending_table
        self._pending_table[table] = effect
        if first:
            asyncio.get_running_loop().call_later(self._interval, self._release_table, table)

    def _release_table(self, table: TableRef) -> None:
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
                    item = pending
                await self._deliver(table, item)
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
            self._release_table(table)
        try:
            async with asyncio.timeout(timeout):
                while self._workers:
                    await self._idle.wait()
                    await asyncio.sleep(0)
        except TimeoutError:
            log.warning("stopping with %s tables' messages undelivered", len(self._workers))

    # --- the failure policy ---------------------------------------------------------------

    async def _deliver(self, table: TableRef, effect: Effect) -> None:
        try:
            async with self._slot():
                await self._presenter.show(table, effect)
        except discord.Forbidden as exc:
            await self._refused(table, effect, exc)
        except discord.NotFound as exc:
            await self._refused(table, effect, exc)
        except NOT_DELIVERED as exc:
            log.warning("%s: %s not shown: %s", table, type(effect).__name__, exc)
        except Exception:
            log.exception("%s: %s failed", table, type(effect).__name__)

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


# --- the policy's helpers, for the presenter and the replies -------------------------------

async def best_effort(what: str, call: Awaitable[Any]) -> bool:
    """A side call: its failure is logged and skipped (see the policy above). Returns
    whether it got through."""
    try:
        await call
    except NOT_DELIVERED as exc:
        log.info("%s: %s", what, exc)
        return False
    return True


async def _edit_by_token(token: HeldToken, payload: dict[str, Any]) -> discord.Message | None:
    """Edit the message a click's token stands for (free of the bot token's budget);
    ``None`` when Discord refuses the token, which is then spent."""
    if token.spent:
        return None
    try:
        return await token.interaction.edit_original_response(**payload)
    except NOT_DELIVERED as exc:
        token.spent = True
        log.info("an interaction token did not edit its message: %s", exc)
        return None


async def edit_or_send(
    target: discord.PartialMessageable, message_id: int | None,
    token: HeldToken | None = None, **payload: Any,
) -> discord.Message:
    """Edit a message in place, or send it anew when it is gone (10008) or never was.

    ``token``: a click's interaction token that can edit this message. It is tried
    first, since it costs nothing of the bot token's budget; a token Discord refuses
    (expired, unknown) is spent and the bot token edits instead."""
    if message_id is not None and token is not None:
        edited = await _edit_by_token(token, payload)
        if edited is not None:
            return edited
    if message_id is not None:
        try:
            return await target.get_partial_message(message_id).edit(**payload)
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_MESSAGE:
                raise
    payload.pop("attachments", None)
    return await target.send(**payload)


async def refused_by_channel(call: Awaitable[Any]) -> bool:
    """Make a channel call; ``True`` when the channel refuses the bot (deleted, or no
    longer writable), so the caller can show the same thing another way. Anything
    else goes up to the delivery."""
    try:
        await call
    except (discord.Forbidden, discord.NotFound) as exc:
        if exc.code not in CHANNEL_REFUSALS:
            raise
        log.warning("a channel refused the bot: %s", exc)
        return True
    return False


async def edit_unless_deleted(message: discord.PartialMessage, token: HeldToken | None = None,
                              **payload: Any) -> bool:
    """Edit a message the person may have deleted; ``False`` when it is gone. A click's
    ``token`` that can edit it is tried first (see ``edit_or_send``)."""
    if token is not None and await _edit_by_token(token, payload) is not None:
        return True
    try:
        await message.edit(**payload)
    except discord.NotFound:
        return False
    return True


async def send_or_follow_up(
    target: discord.PartialMessageable, token: HeldToken | None, content: str,
) -> tuple[int, HeldToken | None]:
    """Send a short message to a person's DM: as a follow-up on their latest click while
    its token works (free), else with the bot token. Returns (its id, the token used)."""
    if token is not None and token.usable():
        try:
            sent = await token.interaction.followup.send(content, wait=True)
            return sent.id, token
        except NOT_DELIVERED as exc:
            token.spent = True
            log.info("an interaction token did not send a follow-up: %s", exc)
    return (await target.send(content)).id, None


async def delete_sent(
    target: discord.PartialMessageable, message_id: int, token: HeldToken | None,
) -> None:
    """Delete a message sent by ``send_or_follow_up``, with the token that sent it while
    that still works (a side call: best effort either way)."""
    if token is not None and token.usable() and await best_effort(
        "a follow-up not deleted", token.interaction.followup.delete_message(message_id)
    ):
        return
    await best_effort("a message not deleted", target.get_partial_message(message_id).delete())
