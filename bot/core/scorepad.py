"""``ScorePads``: every request about score pads — games played with real cards, of
which the bot keeps the score.

Each request is "lock → fold the entry into a copy → save → swap → effects": it either
raises :class:`~bot.core.scorepad_state.Refusal` with nothing changed, or the entry
is committed before anything is shown. A restart folds every open pad's entries back
(:meth:`ScorePads.restore`), and finishes the end of a pad whose results could not be
written the first time.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from functools import partial
from typing import Any, Final, Literal, TypeVar

from bot.core.effects import Effect, EffectSink
from bot.core.pad_copy import FinishedPad, Pad, last_entry_at_of
from bot.core.pad_effects import (
    PadIdleClosed,
    PadSnapshot,
    ShowPad,
    ShowPadSheet,
    TellPadPeople,
)
from bot.core.refusals import Refusal
from bot.core.scorepad_state import BOT, Entry, PadState
from bot.core.tables import TableRef
from bot.core.tasks import KeyedTasks
from bot.core.workbench import Workbench
from bot.storage import GameNotFound, Storage, StorageError
from bot.storage.score_pads import forget_in_entries
from bot.storage.stats import FORGOTTEN_NAME
from engine.kinds import AnyRules

log = logging.getLogger(__name__)
T = TypeVar("T")

PAD_IDLE_SECONDS: Final = 24 * 60 * 60
"""A pad with no entry for this long is cancelled (its table has long gone home)."""
PAD_WORK_SLOTS: Final = 8
"""Steps at once when the pads have a workbench of their own (tests; the bot shares
the games')."""


class ScorePads:
    def __init__(
        self, storage: Storage, sink: EffectSink,
        *, draw: Callable[[int], int] | None = None,
        idle_seconds: float | None = None, clock: Callable[[], float] = time.time,
        shared: bool = False, bench: Workbench | None = None,
    ) -> None:
        """``bench``: where every step runs — the bot passes the games' own, so pads
        and games share the work slots, the database's locks and the graceful stop."""
        self._storage = storage
        self._shared = shared
        """Other processes may enter on these pads too (see :meth:`catch_up`)."""
        self._bench = bench or Workbench(storage, PAD_WORK_SLOTS, None, shared=shared)
        self._sink = sink
        self._draw = draw or random.SystemRandom().randrange
        """Picks the drawn first dealer among ``n`` seats (tests fix it)."""
        self._idle = PAD_IDLE_SECONDS if idle_seconds is None else idle_seconds
        self._clock = clock
        """Wall-clock time: entries carry it, so idle time counts across restarts."""
        self._idle_timers = KeyedTasks("pad-idle")
        self._pads: dict[int, Pad] = {}
        self._finished: dict[int, FinishedPad] = {}
        """Channel → its last finished pad (``/kachuful record``)."""
        self._lost: set[int] = set()
        """Channels found deleted or refusing the bot: nothing more is posted there."""

    # --- looking things up -----------------------------------------------------------

    def get(self, pad_id: int) -> Pad:
        pad = self._pads.get(pad_id)
        if pad is None:
            raise Refusal("pad_closed")
        return pad

    def in_channel(self, channel_id: int) -> Pad | None:
        return next((p for p in self._pads.values() if p.channel_id == channel_id), None)

    def record(self, pad_id: int) -> dict[str, Any]:
        return self.get(pad_id).state.record()

    def channel_record(self, channel_id: int) -> dict[str, Any] | None:
        """The record of the channel's open pad, else of its last finished one."""
        pad = self.in_channel(channel_id)
        if pad is not None:
            return pad.state.record()
        finished = self._finished.get(channel_id)
        return None if finished is None else finished.record()

    def channel_lost(self, channel_id: int) -> bool:
        """Whether the channel was found deleted or refusing the bot."""
        return channel_id in self._lost

    def idle_deadline(self, pad_id: int) -> float:
        """When the pad closes unless an entry comes first (seconds since the epoch)."""
        return self.get(pad_id).last_entry_at + self._idle

    # --- requests ----------------------------------------------------------------------

    async def open(
        self, *, guild_id: int, channel_id: int, keeper_id: int, keeper_name: str, rules: AnyRules,
    ) -> PadSnapshot:
        """Open a pad with the keeper seated; refused if the channel has one open."""
        if self.in_channel(channel_id) is not None:
            raise Refusal("pad_open_here")
        first: Entry = {"do": "join", "by": keeper_id, "name": keeper_name,
                        "at": int(self._clock())}
        state = PadState.fold(rules, keeper_id, [first])  # checks the name
        pad_id = await _saving(self._storage.pads.create_pad(
            guild_id=guild_id, channel_id=channel_id, keeper_user_id=keeper_id, rules=rules,
            first_entry=first,
        ))
        pad = Pad(pad_id, guild_id, channel_id, state, [first], last_entry_at=first["at"])
        self._pads[pad_id] = pad
        self._lost.discard(channel_id)  # the bot was let back in
        self._watch_idle(pad)
        snapshot = pad.snapshot()
        self._show(pad, [ShowPad(pad.place, snapshot, fresh=True)])
        return snapshot

    async def enter(
        self, pad_id: int, user_id: int, entry: Mapping[str, Any], counter: int | None = None
    ) -> PadSnapshot:
        """Add one entry made by ``user_id``; ``counter`` (from a control) must be the
        pad's current one."""
        pad = self.get(pad_id)
        async with self._working_on(pad):
            if pad_id not in self._pads:
                raise Refusal("pad_closed")
            if counter is not None and counter != pad.snapshot().counter:
                raise Refusal("pad_stale")
            full = {**entry, "by": user_id, "at": int(self._clock())}
            if full.get("do") == "start" and full.get("dealer") is None:
                # The draw is made once and saved, so a replay never draws again.
                full["dealer"] = self._draw(max(1, len(pad.state.seats)))
                full["drawn"] = True
            before = pad.state
            after = before.after(full)
            await _saving(self._storage.pads.append_pad_entry(pad_id, len(pad.entries), full))
            pad.entries.append(full)
            pad.state = after
            pad.last_entry_at = full["at"]
            self._watch_idle(pad)
            effects = self._effects_of(pad, before, after)
            if after.status != "open":
                effects += await self._close(pad)
            self._show(pad, effects)
            return pad.snapshot()

    # --- what changed --------------------------------------------------------------------

    def _effects_of(self, pad: Pad, before: PadState, after: PadState) -> list[Effect]:
        snapshot = pad.snapshot()
        effects: list[Effect] = [ShowPad(pad.place, snapshot)]
        scored = 0 if before.game is None else len(before.game.results())
        now_scored = 0 if after.game is None else len(after.game.results())
        corrected = after.corrections != before.corrections
        if after.status == "open" and (now_scored > scored or corrected):
            effects.append(ShowPadSheet(pad.place, snapshot))
        return effects

    async def _close(self, pad: Pad) -> list[Effect]:
        """Write a finished pad's results, or a cancelled pad's end; forget it here."""
        state = pad.state
        changes: tuple[int | None, ...] = ()
        try:
            if state.status == "finished":
                assert state.game is not None
                seats = [(seat.user_id, seat.name) for seat in state.seats]
                _, results = await self._storage.pads.finish_pad(pad.pad_id, state.game, seats)
                changes = tuple(result.rating_change for result in results)
            else:
                await self._storage.pads.cancel_pad(pad.pad_id)
        except StorageError as exc:
            # The entry is saved: the next restart finishes the pad from it.
            log.warning("score pad %s not closed yet: %s", pad.pad_id, exc)
            return []
        del self._pads[pad.pad_id]
        self._idle_timers.cancel(pad.pad_id)
        if state.status == "finished":
            self._finished[pad.channel_id] = FinishedPad(state.rules, state.keeper_id,
                                                         tuple(pad.entries))
        snapshot = pad.snapshot()
        effects: list[Effect] = [ShowPad(pad.place, snapshot)]
        if state.status == "finished":
            effects.append(ShowPadSheet(pad.place, snapshot, final=True,
                                        rating_changes=changes))
        return effects

    async def _cancel_by_bot(self, pad: Pad, why: Literal["idle", "channel_lost"]
                             ) -> list[Effect] | None:
        """Cancel the pad as the bot (under its lock): the entry is saved like any other,
        so a restart sees the pad cancelled. ``None`` if it could not be saved."""
        entry: Entry = {"do": "cancel", "by": BOT, "why": why, "at": int(self._clock())}
        try:
            after = pad.state.after(entry)
        except Refusal:  # already ending (its end could not be written yet)
            return None
        try:
            await self._storage.pads.append_pad_entry(pad.pad_id, len(pad.entries), entry)
        except StorageError as exc:
            log.warning("score pad %s not cancelled (%s): %s", pad.pad_id, why, exc)
            return None
        pad.entries.append(entry)
        pad.state = after
        return await self._close(pad)

    def _show(self, pad: Pad, effects: Sequence[Effect]) -> None:
        if effects:
            self._sink.submit(TableRef.pad(pad.pad_id), effects)

    # --- the channel lost, the table gone home, a person forgotten ------------------------

    async def channel_gone(self, channel_id: int) -> None:
        """The channel was deleted (the adapter saw it go)."""
        pad = self.in_channel(channel_id)
        if pad is not None:
            await self.lose_channel(pad.pad_id)

    async def lose_channel(self, pad_id: int) -> None:
        """The pad's channel is deleted or refuses the bot: like an online game whose
        channel is deleted, the pad is cancelled (counted nowhere) and its people are
        told in DMs. (An online game could go on in DMs; a pad lives in its message.)"""
        pad = self._pads.get(pad_id)
        if pad is None:
            return
        self._lost.add(pad.channel_id)
        async with self._working_on(pad):
            if self._pads.get(pad_id) is not pad:
                return
            if await self._cancel_by_bot(pad, "channel_lost") is not None:
                # Only the DMs: the channel can't show the cancelled pad.
                self._show(pad, [TellPadPeople(pad.place, pad.people)])

    def _watch_idle(self, pad: Pad) -> None:
        self._idle_timers.start(pad.pad_id, self._close_when_idle(pad))

    async def _close_when_idle(self, pad: Pad) -> None:
        await asyncio.sleep(max(0.0, pad.last_entry_at + self._idle - self._clock()))
        async with self._working_on(pad):
            if self._pads.get(pad.pad_id) is not pad:
                return
            if self._clock() < pad.last_entry_at + self._idle:  # an entry came meanwhile
                self._watch_idle(pad)
                return
            self._idle_timers.discard(pad.pad_id)
            effects = await self._cancel_by_bot(pad, "idle")
            if effects is not None:
                hours = max(1, round(self._idle / 3600))
                self._show(pad, [PadIdleClosed(pad.place, hours), *effects])

    def forget(self, user_id: int) -> None:
        """``/kachuful forget-me``: finished pads kept for ``/kachuful record`` forget
        the person as storage did (open pads go on, like open games)."""
        for channel_id, finished in list(self._finished.items()):
            entries, keeper = forget_in_entries(finished.entries, finished.keeper_id, user_id,
                                                FORGOTTEN_NAME)
            self._finished[channel_id] = FinishedPad(finished.rules, keeper, tuple(entries))

    async def close(self) -> None:
        """Shutting down: the idle timers stop (a restart starts them again)."""
        await self._idle_timers.close()

    def _working_on(self, pad: Pad) -> AbstractAsyncContextManager[None]:
        """A step on ``pad``: its lock, a work slot and, shared, the database's lock and
        the pad's entries as stored (another process may have entered some)."""
        refresh = partial(self._refresh, pad) if self._shared else None
        return self._bench.working_on_table(pad.lock, TableRef.pad(pad.pad_id), refresh)

    async def _refresh(self, pad: Pad) -> None:
        """Under the pad's step: take what other processes saved. A pad closed
        elsewhere leaves this process's memory (the step then finds it closed)."""
        try:
            stored = await self._storage.pads.load_pad(pad.pad_id)
        except GameNotFound:
            return
        except StorageError as exc:
            raise Refusal("storage", error=exc) from None
        if stored.status != "open":
            # Closed by another process, which showed the end; the idle timer, if it
            # is not this very step, ends when it finds the pad gone.
            self._pads.pop(pad.pad_id, None)
            return
        if len(stored.entries) == len(pad.entries):
            return
        try:
            state = PadState.fold(stored.rules, stored.keeper_user_id, stored.entries)
        except Refusal as exc:
            log.error("score pad %s can't be caught up: %s", pad.pad_id, exc.key)
            return
        pad.state, pad.entries = state, list(stored.entries)
        pad.last_entry_at = last_entry_at_of(stored.entries, self._clock())
        # Another process entered (and showed) something: the adapter rereads which
        # message shows the pad before it edits it.
        self._sink.reload(TableRef.pad(pad.pad_id))

    async def catch_up(self, pad_id: int) -> None:
        """Shared database: bring this process's copy of a pad up to date with its
        stored entries (or load it: another process may have opened it), before a
        click on it is handled."""
        if not self._shared:
            return
        local = self._pads.get(pad_id)
        if local is not None:
            async with self._working_on(local):
                pass
            if self._pads.get(pad_id) is local:
                self._watch_idle(local)
            else:
                self._idle_timers.cancel(pad_id)
            return
        try:
            stored = await self._storage.pads.load_pad(pad_id)
        except GameNotFound:
            return
        except StorageError as exc:
            raise Refusal("storage", error=exc) from None
        if stored.status != "open" or pad_id in self._pads:
            return
        try:
            state = PadState.fold(stored.rules, stored.keeper_user_id, stored.entries)
        except Refusal as exc:
            log.error("score pad %s can't be loaded: %s", pad_id, exc.key)
            return
        loaded = Pad(stored.pad_id, stored.guild_id, stored.channel_id, state,
                     list(stored.entries),
                     last_entry_at=last_entry_at_of(stored.entries, self._clock()))
        self._pads[pad_id] = loaded
        self._sink.reload(TableRef.pad(pad_id))
        self._watch_idle(loaded)

    # --- lifetime ----------------------------------------------------------------------

    async def restore(self) -> None:
        """Fold every open pad back from its saved entries; finish those that ended."""
        for stored in await self._storage.pads.load_open_pads():
            try:
                state = PadState.fold(stored.rules, stored.keeper_user_id, stored.entries)
            except Refusal as exc:  # entries saved by a different version of the rules
                log.error("score pad %s can't be restored: %s", stored.pad_id, exc.key)
                continue
            pad = Pad(stored.pad_id, stored.guild_id, stored.channel_id, state,
                      list(stored.entries),
                      last_entry_at=last_entry_at_of(stored.entries, self._clock()))
            self._pads[pad.pad_id] = pad
            if state.status != "open":
                async with self._working_on(pad):
                    self._show(pad, await self._close(pad))
            else:
                self._show(pad, [ShowPad(pad.place, pad.snapshot())])
                self._watch_idle(pad)


async def _saving(step: Awaitable[T]) -> T:
    try:
        return await step
    except StorageError as exc:
        raise Refusal("storage", error=exc) from None
