"""The storage calls of bot processes that share one database (PostgreSQL, or SQLite
with pinned shards): hold a game, catch up with it, and claim what fell due."""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractAsyncContextManager
from datetime import datetime, timedelta

from bot.storage import game_changes, game_setup, turns
from bot.storage.backend import Backend
from bot.storage.game_changes import GameChanges
from bot.storage.turns import DEFAULT_CLAIM_LEASE, DueDeadline


class SharedGames:
    _db: Backend

    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Hold a game for one step of the bot (``async with``), against other
        processes too (PostgreSQL: an advisory lock, freed with its connection if the
        process dies). This task's storage calls meanwhile run on the connection
        that holds it, each committed as it returns."""
        return self._db.game_lock(game_id)

    async def load_game_changes(self, game_id: int, since: int) -> GameChanges:
        """The game's row and seats as stored now, and its player actions from number
        ``since`` on: what a cached copy needs to catch up. Raises GameNotFound."""
        return await game_changes.load_game_changes(self._db, game_id, since)

    async def set_turn_deadlines(
        self,
        game_id: int,
        deadlines: Mapping[int, datetime | None],
        *,
        progress_due: datetime | None = None,
    ) -> None:
        """Per-seat turn deadlines (``None`` clears one) and the moment the game's owed
        progress falls due (``None``: it owes none), in one transaction."""
        await game_changes.set_turn_deadlines(self._db, game_id, deadlines, progress_due)

    async def last_finished_in_channel(self, channel_id: int) -> int | None:
        """The online game that finished last in a channel or its thread, whichever
        process finished it."""
        return await game_setup.last_finished_in_channel(self._db, channel_id)

    async def last_finished_of_user(self, user_id: int) -> int | None:
        """The online game a person played in that finished last."""
        return await game_setup.last_finished_of_user(self._db, user_id)

    async def claim_due_deadlines(
        self, now: datetime, limit: int = 100, *, lease: timedelta = DEFAULT_CLAIM_LEASE
    ) -> list[DueDeadline]:
        """Turn deadlines of running games that are due at ``now`` — and games whose
        owed progress is due (``seat`` None) — each claimed by this call alone
        (PostgreSQL: ``FOR UPDATE SKIP LOCKED``): the deadline moves to ``now + lease``,
        so no other process claims it meanwhile, and it falls due again if this one
        dies before saving the step that sets new deadlines. Oldest first, at most
        ``limit``."""
        return await turns.claim_due_deadlines(self._db, now, limit, lease)
