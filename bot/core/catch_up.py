"""Bringing a cached game up to date with storage (a shared database).

On a shared database the log in storage is the truth and this process's sessions are
caches: each step starts by applying whatever other processes saved since this copy
was last brought up to date."""

from __future__ import annotations

import logging

from bot.core.effects import EffectSink
from bot.core.registry import SessionRegistry
from bot.core.session import GameSession
from bot.core.stored_sessions import apply_stored_seats, session_from_storage
from bot.core.tables import TableRef
from bot.storage import Storage
from engine import DealStarted

log = logging.getLogger(__name__)


class CatchUp:
    def __init__(self, storage: Storage, registry: SessionRegistry, sink: EffectSink) -> None:
        self._storage = storage
        self._registry = registry
        self._sink = sink

    async def __call__(self, session: GameSession) -> None:
        """The caller holds the game (its lock here and in the database)."""
        game = session.game
        since = 0 if game is None else game.player_action_count
        changes = await self._storage.games.load_game_changes(session.game_id, since)
        table = TableRef.game(session.game_id)
        if changes.status in ("finished", "cancelled"):
            # Ended by another process, which also showed and recorded the end.
            session.status = changes.status
            self._registry.remove(session.game_id)
            return
        started = changes.status == "active" and game is None
        # A copy ahead of the log (a restore, a failover that lost the last moves) is
        # dropped: the log is the truth, and the copy's moves cannot be saved after it.
        ahead = changes.actions_saved < since
        if ahead:
            log.warning("game %s: this copy had %s moves, the log %s; reloaded",
                        session.game_id, since, changes.actions_saved)
        if started or ahead or len(changes.seats) != len(session.seats):
            # Started (or reseated) elsewhere: rebuild from the whole record.
            stored = await self._storage.games.load_game(session.game_id)
            fresh = session_from_storage(stored)
            for name in ("seats", "status", "game", "deal_start_counter", "shown_controls",
                         "thread_id", "turn_timeout"):
                setattr(session, name, getattr(fresh, name))
            session.pings_due.clear()
            self._sink.reload(table)
            return
        moved = bool(changes.actions)
        if game is not None:
            for action in changes.actions:
                for event in game.apply(action):
                    if isinstance(event, DealStarted):
                        session.deal_start_counter = game.action_count
        changed_seats = apply_stored_seats(session, changes.seats)
        session.thread_id = changes.thread_id
        session.turn_timeout = changes.turn_timeout
        if moved:
            session.shown_controls = set(session.awaiting_humans())
            session.pings_due.clear()
        if moved or changed_seats:
            # Another process posted or edited this game's messages: the adapter rereads
            # their ids before it shows the next step.
            self._sink.reload(table)
