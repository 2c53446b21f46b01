"""A lease on owed showings: while this process's delivery of a step is under way, its
mark is moved on now and then, so that another live process does not claim it and show
the step again just because the delivery waits its turn in the bot token's budget.

A step is noted when its ``ConfirmShown`` is handed to the delivery and dropped when the
delivery reports it shown; every :data:`RENEW_SECONDS` the marks of the steps still
pending move on by a whole showing delay, in one statement. A process that dies stops
renewing, so its marks fall due within one delay as before. Only on a shared database
(the claims run there; one process on SQLite shows its marks again at restart)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Final

from bot.core.effects import ConfirmShown, Effect
from bot.storage import Storage, StorageError

log = logging.getLogger(__name__)

RENEW_SECONDS: Final = 3.0
"""How often the marks of pending steps move on (well inside the showing delay)."""
MAX_HELD_SECONDS: Final = 120.0
"""A step still unconfirmed this long after it was noted is left to fall due: its
delivery may have dropped it (a channel gone), and another process shows it again."""


class OwedShowings:
    """The steps whose showing this process owes and its delivery has not reported."""

    def __init__(self) -> None:
        self._owed: dict[int, tuple[int, float]] = {}
        """game id → (``shown`` of its latest pending step, when it was noted)."""
        self._renewed = float("-inf")

    def note(self, effects: Sequence[Effect], now: float) -> None:
        """Effects handed to the delivery: the steps they confirm are pending."""
        for effect in effects:
            if isinstance(effect, ConfirmShown):
                pending = self._owed.get(effect.game_id)
                if pending is None or pending[0] <= effect.shown:
                    self._owed[effect.game_id] = (effect.shown, now)

    def shown(self, game_id: int, shown: int) -> None:
        """The delivery reported the step that had saved ``shown`` actions (and so every
        earlier one) shown; a later step of the game stays pending."""
        pending = self._owed.get(game_id)
        if pending is not None and pending[0] <= shown:
            del self._owed[game_id]

    def pending(self) -> dict[int, int]:
        return {game_id: shown for game_id, (shown, _) in self._owed.items()}

    async def renew(self, storage: Storage, now: float, until: datetime) -> None:
        """Move the pending steps' marks on to ``until`` (when a mark stored ``now``
        falls due), once a step has waited :data:`RENEW_SECONDS`: no write while
        every step is reported shown sooner, or nothing is pending."""
        for game_id, (shown, noted) in list(self._owed.items()):
            if now - noted > MAX_HELD_SECONDS:
                log.warning("showing of game %s (step %s) unconfirmed after %.0f s: "
                            "left to fall due", game_id, shown, now - noted)
                del self._owed[game_id]
        if now - self._renewed < RENEW_SECONDS or not any(
                now - noted >= RENEW_SECONDS for _, noted in self._owed.values()):
            return
        self._renewed = now
        try:  # all of them at once: one statement, every few seconds at most
            await storage.games.renew_showing_due(self.pending(), until)
        except StorageError as exc:  # the marks fall due: shown again, as without a lease
            log.warning("owed showings of %s games not renewed: %s", len(self._owed), exc)
