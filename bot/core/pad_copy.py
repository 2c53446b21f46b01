"""A score pad as this process holds it between steps, and a finished one kept for
``/kachuful record``."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.core.effects import Place
from bot.core.pad_effects import PadSnapshot, pad_snapshot
from bot.core.scorepad_state import Entry, PadState
from engine.kinds import AnyRules


@dataclass(frozen=True, slots=True)
class FinishedPad:
    """What ``/kachuful record`` needs of a channel's last finished pad."""

    rules: AnyRules
    keeper_id: int
    entries: tuple[Entry, ...]

    def record(self) -> dict[str, Any]:
        return PadState.fold(self.rules, self.keeper_id, self.entries).record()


@dataclass
class Pad:
    pad_id: int
    guild_id: int
    channel_id: int
    state: PadState
    entries: list[Entry]
    """Every saved entry, undos included: the next one is saved as number ``len``."""
    last_entry_at: float = 0.0
    """When the last entry was saved (seconds since the epoch): the idle clock's start."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def place(self) -> Place:
        return Place(self.guild_id, self.channel_id)

    @property
    def people(self) -> tuple[int, ...]:
        """The keeper and every seated player with an account, each once."""
        ids = [self.state.keeper_id] + [s.user_id for s in self.state.seats if s.user_id]
        return tuple(dict.fromkeys(ids))

    def snapshot(self) -> PadSnapshot:
        return pad_snapshot(self.pad_id, self.state)


def last_entry_at_of(entries: Sequence[Entry], now: float) -> float:
    """When the last entry was saved; ``now`` for entries saved before they carried
    their time (the idle clock then starts at the restart)."""
    at = entries[-1].get("at") if entries else None
    return float(at) if isinstance(at, int | float) and not isinstance(at, bool) else now
