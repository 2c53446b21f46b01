"""A person whose DMs are closed plays with "My hand": the seat is marked (and the mark
kept for the next restart), the table is told once, and the turn pinged without a DM."""

from __future__ import annotations

import logging

from bot.core.context import CoreContext
from bot.core.effects import Effect, Note
from bot.core.snapshots import place_of
from bot.core.turn_pings import note_turns
from bot.storage import StorageError

log = logging.getLogger(__name__)


async def mark_dms_closed(ctx: CoreContext, game_id: int, seat: int) -> None:
    """The adapter found this person's DMs closed: they play with "My hand"."""
    session = ctx.registry.get(game_id)
    if session is None or seat >= len(session.seats):
        return
    async with ctx.working_on(session):
        state = session.seats[seat]
        if state.dms_closed:
            return
        state.dms_closed = True
        try:
            await ctx.storage.games.update_seat(game_id, seat, dms_closed=True)
        except StorageError as exc:  # only a hint for the next restart
            log.warning("closed DMs not saved: %s", exc)
        effects: list[Effect] = []
        if seat not in session.announced_dm_fallback:
            session.announced_dm_fallback.add(seat)
            effects.append(Note(place_of(session), "dm_fallback", user_id=state.user_id))
        if seat in session.shown_controls and session.game is not None:
            session.shown_controls.discard(seat)
            note_turns(session, previous=set(session.shown_controls))
        ctx.show(session, effects)
