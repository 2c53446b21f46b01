"""From an accepted action to effects: the one path every move takes.

    verify with the engine → save (committed) → apply → effects → computer moves

The caller holds the game (``CoreContext.working_on``), so moves of one game are
applied one at a time, in order. Nothing is shown before the action is on disk, and
an action the engine refuses changes nothing anywhere.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Literal

from bot.core.context import CoreContext
from bot.core.effects import (
    CloseHand,
    CloseTable,
    EditTable,
    Effect,
    Note,
    PostTable,
    ShowHand,
    ShowTrick,
)
from bot.core.game_end import finish_effects, record_finish
from bot.core.session import GameSession
from bot.core.shared_timers import owed_progress_due, owed_showing_due
from bot.core.snapshots import hand_snapshot, place_of, table_snapshot
from bot.core.turn_pings import note_turns
from bot.storage import StorageError, fail_point
from engine import Bid, DealScored, DealStarted, GameOver, Phase, Play, TrickWon

log = logging.getLogger(__name__)

MoveReason = Literal["click", "timeout", "computer"]

MAX_BOT_MOVES_PER_STEP = 2000
"""A whole game of computer moves is at most ~1,100 actions; a guard, not a limit."""


async def apply_action(
    ctx: CoreContext, session: GameSession, action: Bid | Play, *, reason: MoveReason = "click",
    missed: tuple[int, bool] | None = None,
) -> list[Effect]:
    """Apply one action for a seat and say what to show. ``missed``: a timeout's new
    (missed turns, autoplay) of the seat, saved with the move.

    Raises the engine's ``IllegalAction`` or storage's ``StorageError`` with nothing
    changed. Once the action is saved, nothing raises: a failure to record the end of
    the game is kept for a retry (``session.finish_pending``)."""
    game = session.game
    assert game is not None
    game.verify(action)
    seat = action.seat
    state = session.seats[seat]
    # A deadline saved for this turn is cleared with the move, in one transaction.
    cleared = {seat: None} if state.deadline_saved else None
    flags: dict[str, Any] = {} if missed is None else {
        "missed_turns": missed[0], "autoplay": missed[1]}
    # A person's move or a timeout owes its showing until the delivery reports it
    # shown (a computer's move is part of such a step).
    showing = None if reason == "computer" else owed_showing_due(ctx)
    if ctx.shared and reason != "computer":
        # Until this step's follow-up is done, the game owes progress that another
        # process takes over if this one dies (see ``bot.core.shared_timers``).
        await ctx.storage.games.append_action(
            session.game_id, game.player_action_count, action, deadlines=cleared,
            progress_due=owed_progress_due(ctx), showing_due=showing, **flags)
        session.progress_owed = True
    else:
        await ctx.storage.games.append_action(
            session.game_id, game.player_action_count, action, deadlines=cleared,
            showing_due=showing, **flags)
    fail_point.after_commit("computer-move" if reason == "computer" else "move")
    session.showing_owed = session.showing_owed or showing is not None
    state.deadline_saved = False
    state.turn_deadline = None
    deal = (game.deal_number, game.deal_count, game.hand_size, game.trump)
    bidding = game.phase is Phase.BIDDING
    events = game.apply(action)
    if reason == "click" and state.missed_turns:
        state.missed_turns = 0
        try:  # a stale count would make the next timeout put the seat on autoplay early
            await ctx.storage.games.update_seat(session.game_id, seat, missed_turns=0)
        except StorageError as exc:
            log.warning("missed turns of game %s not reset: %s", session.game_id, exc)
    place = place_of(session)
    effects: list[Effect] = []
    table_changed = False
    dealt = over = False
    # Milestones a watcher should see soon: the bidding over, a trick won.
    milestone = bidding and game.phase is not Phase.BIDDING
    for event in events:
        if isinstance(event, TrickWon):
            milestone = True
            effects.append(ShowTrick(place, session.game_id, event, tuple(session.names()), *deal))
        elif isinstance(event, DealScored):
            result = game.results()[event.number - 1]
            names = tuple(session.names())
            effects.append(CloseTable(place, session.game_id, result, names, game.view(None)))
        elif isinstance(event, DealStarted):
            dealt = True
        elif isinstance(event, GameOver):
            over = True
        else:
            table_changed = True
    if reason == "timeout":
        effects.append(Note(place, "timed_out", name=state.name))
    if over:
        effects += await finish(ctx, session)
    elif dealt:
        effects += new_deal_effects(session)
    else:
        if table_changed:
            effects.append(EditTable(place, table_snapshot(session), milestone))
        effects += refresh_hands(session, changed=seat)
    return effects


async def finish(ctx: CoreContext, session: GameSession) -> list[Effect]:
    """The game is over: record it, then the closing effects. If recording fails the
    moves are still saved; the session stays open and the end is retried."""
    if not await record_finish(ctx, session):
        return []
    return finish_effects(session)


def new_deal_effects(session: GameSession) -> list[Effect]:
    """A deal has started: last deal's hands close, a fresh table and fresh hands."""
    game = session.game
    assert game is not None
    place = place_of(session)
    effects: list[Effect] = []
    finished = game.results()
    last = finished[-1] if finished else None
    for seat, state in enumerate(session.seats):
        state.looked = False
        if state.user_id is not None and not state.left and not state.dms_closed \
                and last is not None:
            effects.append(CloseHand(place, session.game_id, seat, state.user_id,
                                     "deal_over", last, session.rules))
    session.deal_start_counter = game.action_count
    session.shown_controls = set()
    effects.append(PostTable(place, table_snapshot(session)))
    effects += hand_effects(session, session.present_humans(), fresh=True)
    note_turns(session, previous=set())
    return effects


def hand_effects(session: GameSession, seats: list[int], *, fresh: bool) -> list[Effect]:
    place = place_of(session)
    effects: list[Effect] = []
    for seat in seats:
        state = session.seats[seat]
        if state.user_id is None or state.left or state.dms_closed:
            continue  # closed DMs: the person plays with "My hand"
        effects.append(ShowHand(place, session.game_id, seat, state.user_id,
                                hand_snapshot(session, seat), fresh))
    return effects


def refresh_hands(session: GameSession, *, changed: int) -> list[Effect]:
    """After a move: the mover's hand, and the hands of whoever is to act now or was."""
    before = set(session.shown_controls)
    to_update = {changed} | set(session.awaiting_humans()) | before
    effects = hand_effects(session, sorted(to_update), fresh=False)
    note_turns(session, previous=before)
    return effects



async def play_computer_moves(ctx: CoreContext, session: GameSession) -> list[Effect]:
    """Let the bot move for every seat it plays, until a person is to act."""
    game = session.game
    assert game is not None
    effects: list[Effect] = []
    for _ in range(MAX_BOT_MOVES_PER_STEP):
        if session.status != "active" or game.is_over or session.finish_pending:
            break
        seats = session.awaiting_bots()
        if not seats:
            break
        seat = seats[0]
        action = await ctx.computers.choose(game, seat, session.seats[seat].level or "")
        effects += await apply_action(ctx, session, action, reason="computer")
        # Let other games' clicks in between computer moves.
        await asyncio.sleep(0)
    return effects
