"""How often a table message is edited: the channel's view of a game, at a watcher's pace.

Each edit of a table message costs a request of the bot token's budget (50 a second for
every server together), and at people's pace nearly every second move would edit it. So
ordinary changes (a bid, a card) wait for the table's pace (``TABLE_PACE_SECONDS``, 10 s
by default) since its last edit and go as one edit; the person whose turn it is sees
what the move depends on in their own hand at once. A milestone (a trick won, the
bidding over) is shown within ``MILESTONE_SECONDS``; a deal's end and the game's end are
messages of their own and go at once (see ``Delivery.submit``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol

from bot.core.tables import TableRef

DEFAULT_PACE_SECONDS: Final = 10.0
MILESTONE_SECONDS: Final = 5.0
"""At most this long between a milestone and the edit that shows it: a fifth of the
channel's 5 edits per 5 s."""


class Cancellable(Protocol):
    def cancel(self) -> None: ...

    def when(self) -> float: ...


class Clock(Protocol):
    """The event loop's clock and timers (``asyncio.AbstractEventLoop`` is one)."""

    def time(self) -> float: ...

    def call_at(self, when: float, callback: Callable[..., object], *args: Any
                ) -> Cancellable: ...


class TablePace:
    """When each table's next edit goes: at the latest, so that moves coalesce, but never
    later than its pace (or a milestone's) allows."""

    def __init__(self, wait: float, pace: float = DEFAULT_PACE_SECONDS,
                 milestone: float = MILESTONE_SECONDS) -> None:
        """``wait``: how long a first change waits for more to join it; ``pace``: seconds
        at least between two ordinary edits; ``milestone``: at most between a milestone
        and its edit (never more than ``pace``)."""
        self._wait = wait
        self._pace = pace
        self._milestone = min(milestone, pace)
        self._edited: dict[TableRef, float] = {}
        """When each table's last coalesced edit went out (clock time)."""

    def due(self, table: TableRef, milestone: bool, now: float) -> float:
        """When a change made ``now`` should be shown."""
        last = self._edited.get(table)
        if last is None:
            return now + self._wait
        spacing = self._milestone if milestone else self._pace
        return max(now + self._wait, last + spacing)

    def edited(self, table: TableRef, now: float) -> None:
        self._edited[table] = now

    def forget(self, table: TableRef) -> None:
        """The table's messages are over (the game ended): nothing to space from."""
        self._edited.pop(table, None)
