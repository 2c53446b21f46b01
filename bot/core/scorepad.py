"""``ScorePads``: every request about score pads — games played with real cards, of
which the bot keeps the score.

Each request is "lock → fold the entry into a copy → save → swap → effects": it either
raises :class:`~bot.core.scorepad_state.PadRefusal` with nothing changed, or the entry
is committed before anything is shown. A restart folds every open pad's entries back
(:meth:`ScorePads.restore`), and finishes the end of a pad whose results could not be
written the first time.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.core.effects import Effect, EffectSink, Place
from bot.core.pad_effects import (
    PAD_QUEUE_OFFSET,
    PadSnapshot,
    ShowPad,
    ShowPadSheet,
    pad_snapshot,
)
from bot.core.scorepad_state import Entry, PadRefusal, PadState
from bot.storage import Storage, StorageError
from engine import Rules

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass
class Pad:
    pad_id: int
    guild_id: int
    channel_id: int
    state: PadState
    entries: list[Entry]
    """Every saved entry, undos included: the next one is saved as number ``len``."""
    message_id: int | None = None
    """The pad's current message in its channel (the adapter says which)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def place(self) -> Place:
        return Place(self.guild_id, self.channel_id)

    def snapshot(self) -> PadSnapshot:
        return pad_snapshot(self.pad_id, self.state)


class ScorePads:
    def __init__(
        self, storage: Storage, sink: EffectSink,
        *, draw: Callable[[int], int] | None = None,
    ) -> None:
        self._storage = storage
        self._sink = sink
        self._draw = draw or random.SystemRandom().randrange
        """Picks the drawn first dealer among ``n`` seats (tests fix it)."""
        self._pads: dict[int, Pad] = {}
        self._finished: dict[int, dict[str, Any]] = {}
        """Channel → the record of its last finished pad (``/kachuful record``)."""

    # --- looking things up -----------------------------------------------------------

    def get(self, pad_id: int) -> Pad:
        pad = self._pads.get(pad_id)
        if pad is None:
            raise PadRefusal("pad_closed")
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
        return self._finished.get(channel_id)

    # --- requests ----------------------------------------------------------------------

    async def open(
        self, *, guild_id: int, channel_id: int, keeper_id: int, keeper_name: str, rules: Rules,
    ) -> PadSnapshot:
        """Open a pad with the keeper seated; refused if the channel has one open."""
        if self.in_channel(channel_id) is not None:
            raise PadRefusal("pad_open_here")
        first: Entry = {"do": "join", "by": keeper_id, "name": keeper_name}
        state = PadState.fold(rules, keeper_id, [first])  # checks the name
        pad_id = await _saving(self._storage.create_pad(
            guild_id=guild_id, channel_id=channel_id, keeper_user_id=keeper_id, rules=rules,
            first_entry=first,
        ))
        pad = Pad(pad_id, guild_id, channel_id, state, [first])
        self._pads[pad_id] = pad
        snapshot = pad.snapshot()
        self._show(pad, [ShowPad(pad.place, snapshot, fresh=True)])
        return snapshot

    async def enter(
        self, pad_id: int, user_id: int, entry: Mapping[str, Any], counter: int | None = None
    ) -> PadSnapshot:
        """Add one entry made by ``user_id``; ``counter`` (from a control) must be the
        pad's current one."""
        pad = self.get(pad_id)
        async with pad.lock:
            if pad_id not in self._pads:
                raise PadRefusal("pad_closed")
            if counter is not None and counter != pad.snapshot().counter:
                raise PadRefusal("pad_stale")
            full = {**entry, "by": user_id}
            if full.get("do") == "start" and full.get("dealer") is None:
                # The draw is made once and saved, so a replay never draws again.
                full["dealer"] = self._draw(max(1, len(pad.state.seats)))
                full["drawn"] = True
            before = pad.state
            after = before.after(full)
            await _saving(self._storage.append_pad_entry(pad_id, len(pad.entries), full))
            pad.entries.append(full)
            pad.state = after
            effects = self._effects_of(pad, before, after)
            if after.status != "open":
                effects += await self._close(pad)
            self._show(pad, effects)
            return pad.snapshot()

    async def remember_message(self, pad_id: int, message_id: int) -> None:
        """The adapter posted the pad's message: edits go to it, after a restart too."""
        pad = self._pads.get(pad_id)
        if pad is None or pad.message_id == message_id:
            return
        pad.message_id = message_id
        try:
            await self._storage.set_pad_message(pad_id, message_id)
        except StorageError as exc:  # only a hint: a restart then posts a new message
            log.warning("score pad %s message not saved: %s", pad_id, exc)

    def message_of(self, pad_id: int) -> int | None:
        pad = self._pads.get(pad_id)
        return None if pad is None else pad.message_id

    async def repost(self, pad_id: int) -> None:
        """Show the pad as a new message (the old one scrolled away)."""
        pad = self.get(pad_id)
        self._show(pad, [ShowPad(pad.place, pad.snapshot(), fresh=True)])

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
        try:
            if state.status == "finished":
                assert state.game is not None
                seats = [(seat.user_id, seat.name) for seat in state.seats]
                await self._storage.finish_pad(pad.pad_id, state.game, seats)
            else:
                await self._storage.cancel_pad(pad.pad_id)
        except StorageError as exc:
            # The entry is saved: the next restart finishes the pad from it.
            log.warning("score pad %s not closed yet: %s", pad.pad_id, exc)
            return []
        del self._pads[pad.pad_id]
        if state.status == "finished":
            self._finished[pad.channel_id] = state.record()
        snapshot = pad.snapshot()
        effects: list[Effect] = [ShowPad(pad.place, snapshot)]
        if state.status == "finished":
            effects.append(ShowPadSheet(pad.place, snapshot, final=True))
        return effects

    def _show(self, pad: Pad, effects: Sequence[Effect]) -> None:
        if effects:
            self._sink.submit(PAD_QUEUE_OFFSET + pad.pad_id, effects)

    # --- lifetime ----------------------------------------------------------------------

    async def restore(self) -> None:
        """Fold every open pad back from its saved entries; finish those that ended."""
        for stored in await self._storage.load_open_pads():
            try:
                state = PadState.fold(stored.rules, stored.keeper_user_id, stored.entries)
            except PadRefusal as exc:  # entries saved by a different version of the rules
                log.error("score pad %s can't be restored: %s", stored.pad_id, exc.key)
                continue
            pad = Pad(stored.pad_id, stored.guild_id, stored.channel_id, state,
                      list(stored.entries), stored.message_id)
            self._pads[pad.pad_id] = pad
            if state.status != "open":
                async with pad.lock:
                    self._show(pad, await self._close(pad))
            else:
                self._show(pad, [ShowPad(pad.place, pad.snapshot())])


async def _saving(step: Awaitable[T]) -> T:
    try:
        return await step
    except StorageError as exc:
        raise PadRefusal("pad_storage", text=exc.player_message) from None
