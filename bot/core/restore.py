"""Every unfinished game loaded at start-up (one process on its own database)."""

from __future__ import annotations

import logging
from typing import Final

from bot.core.context import CoreContext
from bot.core.session import GameSession
from bot.core.stored_sessions import session_from_storage

log = logging.getLogger(__name__)

EXPIRED_GRACE_SECONDS: Final = 5.0
"""A turn whose deadline passed while the bot was down gets this much more."""


async def restore_sessions(ctx: CoreContext) -> list[tuple[GameSession, float | None]]:
    """Every unfinished game as a session (registered), with its stored turn deadline."""
    restored: list[tuple[GameSession, float | None]] = []
    for stored in await ctx.storage.games.load_unfinished_games():
        if stored.replay_error:
            log.error("game %s cannot be replayed: %s", stored.game_id, stored.replay_error)
            continue
        session = session_from_storage(stored)
        ctx.registry.add(session)
        deadlines = [s.turn_deadline.timestamp() for s in stored.seats
                     if s.turn_deadline is not None]
        deadline = min(deadlines) if deadlines else None
        if deadline is not None and deadline < ctx.clock():
            deadline = ctx.clock() + EXPIRED_GRACE_SECONDS * ctx.time_scale
        restored.append((session, deadline))
    return restored
