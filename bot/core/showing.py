"""Owed showings: a step is shown after its commit, so a process dying in between
would leave the next player without controls until their turn's reminder.

The step that creates the obligation (a start, a person's move, a timeout) stores a
mark in its own transaction (``games.showing_due``); its effects end with a
``ConfirmShown``, and once the delivery has shown everything before it, the adapter
reports the step shown and the mark is cleared (:func:`confirm`). A mark still there
when it falls due is claimed like owed progress, by any process on a shared database
(``bot.core.due_claims``), or found by the restarted bot on SQLite
(``bot.core.restore``), which shows the table and the hands to move again.

The end of a game is such a step too (stored with the finish, as the step one past
the last action): a finished game's mark is shown again as the end — the hands
closed, the final table and standings — from storage (:func:`show_end_again`).
"""

from __future__ import annotations

import logging

from bot.core.context import CoreContext
from bot.core.effects import (
    AnnounceStart,
    ConfirmShown,
    EditTable,
    Effect,
    OpenThread,
    PostTable,
    ShowLobby,
)
from bot.core.game_end import finish_effects
from bot.core.session import GameSession
from bot.core.snapshots import lobby_snapshot, place_of, table_snapshot
from bot.core.stored_sessions import session_from_storage
from bot.core.turns import hand_effects
from bot.storage import GameNotFound, StorageError
from engine.kinds import kind_of

log = logging.getLogger(__name__)


def confirm_shown(session: GameSession) -> list[Effect]:
    """The last effect of a step that owes its showing (none if it owes none)."""
    if not session.showing_owed or session.game is None:
        return []
    session.showing_owed = False
    # The end is the step one past the last action (its mark says so too).
    ended = 1 if session.status == "finished" else 0
    return [ConfirmShown(place_of(session), session.game_id,
                         session.game.player_action_count + ended)]


def show_again(session: GameSession, *, start: bool = False,
               open_thread: bool = False) -> list[Effect]:
    """What a step whose showing may be lost shows again: the lobby as started (the
    lost step may be the start, which leaves the lobby's buttons up), the table, and
    the hands of whoever is to move; for a finished game, its end (the claimer
    confirms it in turn). ``start``: the lost step is the start, so there is no table
    message yet: it is posted, as the start does; ``open_thread``: in a thread of the
    lobby, as thread mode's start opens it (unless the game has one)."""
    if session.status == "finished" and session.game is not None and session.game.is_over:
        session.showing_owed = True
        return finish_effects(session)
    if not session.is_active or session.game is None or session.game.is_over:
        return []
    session.showing_owed = True
    place = place_of(session)
    lobby = ShowLobby(place, lobby_snapshot(session, "started"))
    table = table_snapshot(session)
    if start:
        # As the start shows it: announced (the draw, the seed's commitment), a table
        # posted, and every person's hand.
        thread = ([OpenThread(place, session.game_id, tuple(session.humans()),
                              kind_of(session.rules).name)]
                  if open_thread and session.thread_id is None else [])
        return [lobby, *thread, AnnounceStart(place, table), PostTable(place, table),
                *hand_effects(session, session.present_humans(), fresh=True)]
    return [lobby, EditTable(place, table),
            *hand_effects(session, session.awaiting_humans(), fresh=False)]


async def show_step_again(ctx: CoreContext, session: GameSession, *,
                          start: bool) -> list[Effect]:
    """:func:`show_again`, a lost start opening the game's thread where its server
    plays in threads (as the start does)."""
    thread = (start and ctx.thread_mode is not None
              and await ctx.thread_mode(session.guild_id))
    return show_again(session, start=start, open_thread=thread)


async def confirm(ctx: CoreContext, game_id: int, shown: int) -> None:
    """The adapter delivered a step that had saved ``shown`` player actions."""
    ctx.showings.shown(game_id, shown)
    try:
        await ctx.storage.games.clear_showing_due(game_id, shown)
    except StorageError as exc:  # the mark falls due and the game is shown again
        log.warning("owed showing of game %s not cleared: %s", game_id, exc)


async def show_end_again(ctx: CoreContext, game_id: int) -> None:
    """Show the end of a finished game whose end was never reported shown (its
    process died first), from storage; nothing if it was shown meanwhile."""
    try:
        stored = await ctx.storage.games.load_game(game_id)
        if stored.status != "finished" or stored.showing_due is None:
            return
        if stored.game is None or not stored.game.is_over:
            # Its log no longer replays: nothing to show, and nothing to claim again.
            log.error("end of game %s cannot be shown again: %s", game_id,
                      stored.replay_error)
            await ctx.storage.games.clear_showing_due(game_id, stored.actions_saved + 1)
            return
        changes = await ctx.storage.games.rating_changes(game_id)
    except GameNotFound:
        return
    except StorageError as exc:  # the mark stays: it falls due again
        log.warning("end of game %s not shown again: %s", game_id, exc)
        return
    session = session_from_storage(stored)
    session.status = "finished"
    session.rating_changes = changes
    ctx.show(session, show_again(session) + confirm_shown(session))
