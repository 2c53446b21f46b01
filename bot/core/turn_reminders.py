"""The half-time reminder of a turn: shared by the timers of one process and those of
processes sharing a database (:mod:`bot.core.shared_timers`)."""

from __future__ import annotations

from bot.core.context import CoreContext
from bot.core.effects import Effect, RemindTurn
from bot.core.session import GameSession
from bot.core.snapshots import place_of


def half_time(ctx: CoreContext, session: GameSession, deadline: float) -> float:
    """When the turn ending at ``deadline`` is half over (its players are reminded)."""
    return deadline - session.turn_timeout * ctx.time_scale / 2


def turn_reminders(ctx: CoreContext, session: GameSession, deadline: float) -> list[Effect]:
    """A reminder for every person still to move, with the seconds left."""
    left = max(0, int(deadline - ctx.clock()))
    return [
        RemindTurn(place_of(session), session.game_id, seat, state.user_id, left,
                   in_channel=state.dms_closed)
        for seat in session.awaiting_humans()
        if (state := session.seats[seat]).user_id is not None
    ]
