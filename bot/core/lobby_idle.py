"""A lobby nobody uses closes itself: one idle timer per lobby, restarted by any change.

Kept apart from the lobby's steps so that the game lookup, which loads lobbies another
process opened, can watch them without depending on those steps."""

from __future__ import annotations

import asyncio
import logging
import math
from datetime import UTC, datetime
from typing import Final

from bot.core.context import CoreContext
from bot.core.effects import Note, ShowLobby
from bot.core.session import GameSession
from bot.core.snapshots import lobby_snapshot, place_of
from bot.core.tasks import KeyedTasks
from bot.storage import GameStateConflict, StorageError

log = logging.getLogger(__name__)

LOBBY_IDLE_SECONDS: Final = 15 * 60


class LobbyIdle:
    """One process on its own database: a timer per lobby here. Shared: the lobby's
    idle moment is stored and any process closes it (``close_claimed``)."""

    def __init__(self, ctx: CoreContext, idle_seconds: float = LOBBY_IDLE_SECONDS) -> None:
        self._ctx = ctx
        self._idle = idle_seconds
        self._timers = KeyedTasks("lobby")

    def due(self) -> datetime | None:
        """The idle moment a lobby opened now is stored with (shared), else ``None``."""
        if not self._ctx.shared:
            return None
        return datetime.fromtimestamp(math.ceil(self._ctx.clock() + self._idle), UTC)

    def watch(self, session: GameSession) -> None:
        """A lobby opened or loaded here: time it (shared: it is timed in storage, and
        a read must not count as a use)."""
        if not self._ctx.shared:
            self.touch(session)

    def touch(self, session: GameSession) -> None:
        """Restart the idle timer (any change to the lobby). Shared: the change saved
        the lobby's new idle moment (``due``) with it."""
        if not self._ctx.shared:
            self._timers.start(session.game_id, self._close_when_idle(session))

    async def close_claimed(self, session: GameSession, claimed_until: datetime) -> None:
        """Shared: this process claimed the lobby's stored idle moment; close the
        lobby unless it was used, started or closed since."""
        async with self._ctx.working_on(session):
            if session.status != "lobby":
                return
            try:
                closed = await self._ctx.storage.games.close_idle_lobby(
                    session.game_id, claimed_until)
            except StorageError as exc:
                log.warning("idle lobby %s not closed: %s", session.game_id, exc)
                return
            if closed:
                self._closed(session)

    async def end(self, session: GameSession) -> None:
        """Cancel the lobby in storage, then here. The caller holds it."""
        await self._ctx.storage.games.cancel_game(session.game_id)
        self._timers.cancel(session.game_id)
        session.status = "cancelled"
        self._ctx.registry.remove(session.game_id)

    def started(self, game_id: int) -> None:
        self._timers.cancel(game_id)

    async def _close_when_idle(self, session: GameSession) -> None:
        await asyncio.sleep(self._idle)
        self._timers.discard(session.game_id)
        # Through the workbench: on a shared database the catch-up first learns whether
        # another process started or closed this lobby meanwhile.
        async with self._ctx.working_on(session):
            if session.status != "lobby":
                return
            try:
                await self.end(session)
            except GameStateConflict:
                return  # storage saw it started or ended elsewhere: not a lobby to close
            except StorageError as exc:
                log.warning("idle lobby %s not closed: %s", session.game_id, exc)
                return
            self._closed(session)

    def _closed(self, session: GameSession) -> None:
        self._timers.cancel(session.game_id)
        session.status = "cancelled"
        self._ctx.registry.remove(session.game_id)
        place = place_of(session)
        self._ctx.show(session, [
            Note(place, "lobby_idle", detail=str(int(self._idle // 60))),
            ShowLobby(place, lobby_snapshot(session, "idle")),
        ])

    async def close(self) -> None:
        await self._timers.close()
