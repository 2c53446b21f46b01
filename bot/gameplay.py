"""From an accepted action to messages: the one path every move takes.

    verify with the engine → save (committed) → apply → tell Discord → computer moves

All of it runs under the game's lock, so concurrent clicks on one game are applied
one at a time, in order. Nothing reaches Discord before the action is on disk, and
an action the engine refuses changes nothing anywhere.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot import messaging
from bot.computer import DEFAULT_LEVEL, choose_action
from bot.session import GameSession
from engine import (
    Bid,
    BidMade,
    BidsRevealed,
    CardPlayed,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    Play,
    Suit,
    TrickWon,
)

if TYPE_CHECKING:
    from bot.app import KachufulBot

log = logging.getLogger(__name__)

MAX_BOT_MOVES_PER_STEP = 2000
"""A whole game of computer moves is at most ~1,100 actions; a guard, not a limit."""


@dataclass(frozen=True, slots=True)
class DealContext:
    """The deal an action belonged to, captured before applying it (applying the
    last card scores the deal and may deal the next one)."""

    number: int
    count: int
    hand_size: int
    trump: Suit | None


async def apply_action(
    bot: KachufulBot, session: GameSession, action: Bid | Play, *, reason: str = "click"
) -> tuple[Event, ...]:
    """Apply one action for a seat; the caller holds the game (``bot.working_on``).

    Raises the engine's ``IllegalAction`` or storage's ``StorageError`` with nothing
    changed. ``reason`` is "click", "timeout" or "computer".
    """
    game = session.game
    assert game is not None
    game.verify(action)
    seat = action.seat
    state = session.seats[seat]
    # A deadline saved for this turn is cleared with the move, in one transaction.
    cleared = {seat: None} if state.deadline_saved else None
    await bot.storage.append_action(
        session.game_id, game.player_action_count, action, deadlines=cleared
    )
    state.deadline_saved = False
    context = DealContext(game.deal_number, game.deal_count, game.hand_size, game.trump)
    events = game.apply(action)
    if reason == "click":
        session.seats[seat].missed_turns = 0
    try:
        await publish(bot, session, events, context, actor=seat, reason=reason)
    except discord.HTTPException as exc:
        # The move is saved and applied; a message Discord refused is repaired by the
        # next refresh, and the game must not stall on it.
        log.warning("could not show a move of game %s: %s", session.game_id, exc)
    return events


async def play_computer_moves(bot: KachufulBot, session: GameSession) -> None:
    """Let the bot move for every seat it plays, until a person is to act."""
    game = session.game
    assert game is not None
    for _ in range(MAX_BOT_MOVES_PER_STEP):
        if session.status != "active" or game.is_over:
            return
        seats = session.awaiting_bots()
        if not seats:
            return
        seat = seats[0]
        level = session.seats[seat].level or DEFAULT_LEVEL
        action = choose_action(game, seat, level)
        await apply_action(bot, session, action, reason="computer")
        # Let other games' clicks in between computer moves.
        await asyncio.sleep(0)


async def after_move(bot: KachufulBot, session: GameSession) -> None:
    """Computer moves, then the turn timer for whoever is to act next."""
    await play_computer_moves(bot, session)
    bot.timers.arm(session)


async def publish(
    bot: KachufulBot,
    session: GameSession,
    events: tuple[Event, ...],
    context: DealContext,
    *,
    actor: int,
    reason: str,
) -> None:
    """Turn the engine's events into Discord messages."""
    game = session.game
    assert game is not None
    names = session.names()
    dealt = False
    for event in events:
        if isinstance(event, BidMade | CardPlayed | BidsRevealed):
            bot.tables.mark_dirty(session)
        elif isinstance(event, TrickWon):
            await messaging.safely(messaging.send_trick(bot, session, event, context), "trick")
        elif isinstance(event, DealScored):
            await bot.tables.flush(session)
            await messaging.safely(messaging.send_scores(bot, session, event), "scores")
        elif isinstance(event, DealStarted):
            dealt = True
        elif isinstance(event, GameOver):
            await finish(bot, session)
            return
    if reason == "timeout":
        note = f"⏰ {names[actor]} ran out of time; the computer moved for them."
        await messaging.safely(messaging.channel_note(bot, session, note), "timeout note")
    if dealt:
        await messaging.close_deal_dms(bot, session)
        session.deal_start_counter = game.action_count
        for seat in session.seats:
            seat.looked = False
            seat.dm_message_id = None
        await messaging.start_deal_messages(bot, session)
        return
    await messaging.refresh_hands(bot, session, changed=actor)


async def finish(bot: KachufulBot, session: GameSession) -> None:
    """The game is over: stats, final standings, the seed revealed, rematch."""
    game = session.game
    assert game is not None
    bot.timers.cancel(session)
    await bot.tables.flush(session)
    try:
        await bot.storage.finish_game(session.game_id, game)
    except Exception:  # the game is kept as active and finishes again after a restart
        log.exception("could not record the end of game %s", session.game_id)
        raise
    session.status = "finished"
    bot.registry.remove(session.game_id)
    bot.last_finished[session.channel_id] = session.game_id
    await messaging.close_deal_dms(bot, session)
    await messaging.safely(messaging.send_final(bot, session), "final standings")


async def cancel(
    bot: KachufulBot, session: GameSession, why: str, *, abandoned: bool = False
) -> None:
    bot.timers.cancel(session)
    await bot.storage.cancel_game(session.game_id, abandoned=abandoned)
    session.status = "cancelled"
    bot.registry.remove(session.game_id)
    try:
        await messaging.channel_note(bot, session, why)
    except discord.HTTPException:
        log.warning("could not announce the end of game %s", session.game_id)
