"""Finding a game: this process's sessions, then (shared) storage.

On a shared database (PostgreSQL, or sharded processes) the log in storage is the
truth and this process's sessions are caches. A game is loaded when first touched,
not at start-up; each step then catches it up (``bot.core.catch_up``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Final

from bot.core.context import CoreContext
from bot.core.effects import GameSummary
from bot.core.session import GameSession
from bot.core.snapshots import game_summary
from bot.core.stored_sessions import session_from_storage
from bot.core.tasks import start_logged, stop_task
from bot.storage import GameNotFound, StorageError, StoredGame

log = logging.getLogger(__name__)

LobbyLoaded = Callable[[GameSession], None]
Restored = Callable[[GameSession, StoredGame], Awaitable[None]]

FORGET_ENDED_SECONDS: Final = 60.0
"""How often a process drops its copies of games that ended elsewhere."""


class GameLookup:
    """``find`` gives the core a game's session; the other look-ups give the adapter a
    summary, never the session."""

    def __init__(self, ctx: CoreContext, on_loaded_lobby: LobbyLoaded,
                 on_restored: Restored | None = None) -> None:
        self._ctx = ctx
        self._on_restored = on_restored
        self.restoring = False
        """One process on its own database, restoring its games after a start: a
        look-up this process cannot answer yet asks storage (and restores the game)."""
        self._loading: dict[int, asyncio.Task[GameSession | None]] = {}
        self._on_loaded_lobby = on_loaded_lobby
        self._sweeper: asyncio.Task[None] | None = None

    async def find(self, game_id: int) -> GameSession | None:
        session = self._ctx.registry.get(game_id)
        if session is not None or not self._from_storage:
            return session
        # Two clicks of one game arriving together load it once.
        task = self._loading.get(game_id)
        if task is None:
            task = self._loading[game_id] = asyncio.create_task(self._load(game_id))
            task.add_done_callback(lambda _: self._loading.pop(game_id, None))
        return await asyncio.shield(task)

    async def game(self, game_id: int) -> GameSummary | None:
        """An unfinished game, as the adapter may know it."""
        return _summary(await self.find(game_id))

    async def in_channel(self, channel_id: int) -> GameSummary | None:
        """The open game of a channel (or of the thread it runs in)."""
        if not self._from_storage or not channel_id:
            return _summary(self._ctx.registry.in_channel(channel_id))
        # Storage decides: a copy here may be of a game another process has ended.
        game_id = await self._ctx.storage.games.open_game_in_channel(channel_id)
        return None if game_id is None else await self.game(game_id)

    async def of_user(self, user_id: int) -> GameSummary | None:
        """The one unfinished game a person is seated in."""
        if not self._from_storage:
            return _summary(self._ctx.registry.of_user(user_id))
        game_id = await self._ctx.storage.games.open_game_of_user(user_id)
        return None if game_id is None else await self.game(game_id)

    async def last_finished_in(self, channel_id: int) -> int | None:
        """The game that finished last in a channel: remembered here, else stored (it
        may have ended in another process, or before a restart)."""
        known = self._ctx.registry.last_finished.get(channel_id)
        if known is not None or not channel_id:
            return known
        return await self._ctx.storage.games.last_finished_in_channel(channel_id)

    async def last_finished_of(self, user_id: int) -> int | None:
        known = self._ctx.registry.last_game_of_user.get(user_id)
        if known is not None:
            return known
        return await self._ctx.storage.games.last_finished_of_user(user_id)

    async def forget_ended(self) -> None:
        """Drop the copies of games that ended in another process (which showed and
        recorded the end): they would otherwise stay here for good."""
        held = [session.game_id for session in self._ctx.registry.all()]
        if not self._ctx.shared or not held:
            return
        try:
            ended = await self._ctx.storage.games.ended_among(held)
        except StorageError as exc:
            log.warning("ended games not looked up: %s", exc)
            return
        for game_id in ended:
            session = self._ctx.registry.get(game_id)
            if session is not None and session.status in ("lobby", "active"):
                session.status = "finished"  # a step holding it catches up all the same
            self._ctx.registry.remove(game_id)

    def start_forgetting(self) -> None:
        if self._sweeper is None:
            self._sweeper = start_logged(self._forget_ended_every(), "forget-ended")

    async def close(self) -> None:
        await stop_task(self._sweeper)
        self._sweeper = None

    async def _forget_ended_every(self) -> None:
        while True:
            await asyncio.sleep(FORGET_ENDED_SECONDS)
            await self.forget_ended()

    async def _load(self, game_id: int) -> GameSession | None:
        try:
            stored = await self._ctx.storage.games.load_game(game_id)
        except GameNotFound:
            return None
        if stored.status not in ("lobby", "active"):
            return None
        if stored.replay_error:
            log.error("game %s cannot be replayed: %s", game_id, stored.replay_error)
            return None
        session = self._ctx.registry.get(game_id)
        if session is None:  # not registered by a step meanwhile
            session = session_from_storage(stored)
            self._ctx.registry.add(session)
            if not self._ctx.shared and self._on_restored is not None:
                await self._on_restored(session, stored)
            elif session.status == "lobby":
                self._on_loaded_lobby(session)
        return session

    @property
    def _from_storage(self) -> bool:
        """Whether storage, not this process's sessions alone, knows the open games."""
        return self._ctx.shared or self.restoring


def _summary(session: GameSession | None) -> GameSummary | None:
    return None if session is None else game_summary(session)
