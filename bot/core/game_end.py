"""The end of a game: recorded once, shown once; or cancelled, counted nowhere."""

from __future__ import annotations

import logging

from bot.core.context import CoreContext
from bot.core.effects import CloseHand, CloseTable, Effect, HandClosure, Note, NoteKind, ShowFinal
from bot.core.session import GameSession
from bot.core.shared_timers import owed_showing_due
from bot.core.snapshots import place_of, table_snapshot
from bot.storage import StorageError, fail_point
from engine.record import game_to_record, record_to_json

log = logging.getLogger(__name__)


async def record_finish(ctx: CoreContext, session: GameSession) -> bool:
    """Write the results and stats; ``False`` (and ``finish_pending``) if that failed.

    The moves are saved already, so a failure here loses nothing: the session stays
    open and the end is written again later — by a retry, or after a restart, which
    finds the game over but still active."""
    game = session.game
    assert game is not None and game.is_over
    try:
        # The end owes its showing like any step (``bot.core.showing``): a process
        # dying before it is shown leaves the mark for another to show it.
        results = await ctx.storage.games.finish_game(session.game_id, game,
                                                      showing_due=owed_showing_due(ctx))
    except StorageError as exc:
        log.warning("could not record the end of game %s (will retry): %s",
                    session.game_id, exc)
        session.finish_pending = True
        return False
    fail_point.after_commit("finish")
    session.finish_pending = False
    session.showing_owed = True
    session.rating_changes = tuple(result.rating_change for result in results)
    session.status = "finished"
    ctx.registry.remove(session.game_id)
    ctx.registry.last_finished[session.channel_id] = session.game_id
    if session.thread_id is not None:
        ctx.registry.last_finished[session.thread_id] = session.game_id
    for seat in session.seats:
        if seat.user_id is not None:
            ctx.registry.last_game_of_user[seat.user_id] = session.game_id
    return True


def close_hands(session: GameSession, why: HandClosure) -> list[Effect]:
    game = session.game
    place = place_of(session)
    results = game.results() if game is not None else ()
    last = results[-1] if results and why == "game_over" else None
    return [
        CloseHand(place, session.game_id, seat, state.user_id, why, last, session.rules)
        for seat, state in enumerate(session.seats)
        if state.user_id is not None and not state.left
    ]


def finish_effects(session: GameSession) -> list[Effect]:
    game = session.game
    assert game is not None
    session.shown_controls = set()
    record = record_to_json(game_to_record(game, include_seed=True)).encode()
    final = ShowFinal(place_of(session), session.game_id, table_snapshot(session),
                      (game.seed or b"").hex(), record, session.rating_changes)
    return [*close_hands(session, "game_over"), final]


async def cancel(
    ctx: CoreContext, session: GameSession, note: NoteKind, *, by: str = "",
    abandoned: bool = False,
) -> list[Effect]:
    """End an open game without results. Raises ``StorageError`` with nothing changed."""
    was_playing = session.status == "active"  # as caught up under the caller's lock
    await ctx.storage.games.cancel_game(session.game_id, abandoned=abandoned,
                                        running=was_playing)
    session.status = "cancelled"
    session.shown_controls = set()
    ctx.registry.remove(session.game_id)
    effects: list[Effect] = []
    if was_playing:
        effects += close_hands(session, "cancelled")
        effects.append(CloseTable(place_of(session), session.game_id, None,
                                  tuple(session.names())))
    effects.append(Note(place_of(session), note, name=by))
    return effects
