"""A session rebuilt from what storage holds: rules + seed + actions, and seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.core.seats import SeatState
from bot.core.session import GameSession
from bot.storage import StoredGame, StoredSeat
from engine import DealCards

TARGET_KEY: Final = "target_players"
"""Where the target table size is kept in the game's stored ``bot_state``."""


def session_from_storage(stored: StoredGame) -> GameSession:
    seats = [SeatState(name=seat.display_name) for seat in stored.seats]
    target = stored.bot_state.get(TARGET_KEY)
    session = GameSession(
        game_id=stored.game_id,
        guild_id=stored.guild_id,
        channel_id=stored.channel_id,
        host_id=stored.host_user_id or 0,
        rules=stored.rules,
        seed=stored.seed,
        turn_timeout=stored.turn_timeout,
        seats=seats,
        status="lobby" if stored.status == "lobby" else "active",
        game=stored.game,
        thread_id=stored.thread_id,
        rematch_of=stored.rematch_of,
        chance_version=stored.chance_version,
        target_players=target if isinstance(target, int) else None,
    )
    apply_stored_seats(session, stored.seats)
    if stored.game is not None:
        session.deal_start_counter = deal_start(stored)
        session.shown_controls = set(session.awaiting_humans())
    return session


def apply_stored_seats(session: GameSession, stored: Sequence[StoredSeat]) -> bool:
    """Copy the stored seats' players and flags into the session's; whether any
    changed (another process's step, on a shared database)."""
    changed = False
    deal = None if session.game is None else session.game.deal_number
    for state, seat in zip(session.seats, stored, strict=True):
        deadline = None if seat.turn_deadline is None else seat.turn_deadline.timestamp()
        # Looked at this deal's hand, in whichever process (a blind bid is then refused).
        state.looked = deal is not None and seat.looked_deal == deal
        values = {
            "name": seat.display_name, "user_id": seat.user_id, "level": seat.computer_level,
            "dms_closed": seat.dms_closed, "autoplay": seat.autoplay,
            "missed_turns": seat.missed_turns, "left": seat.left_game,
            "deadline_saved": seat.turn_deadline is not None, "turn_deadline": deadline,
        }
        for name, value in values.items():
            if getattr(state, name) != value:
                setattr(state, name, value)
                changed = changed or name not in ("missed_turns", "turn_deadline",
                                                  "deadline_saved")
    return changed


def deal_start(stored: StoredGame) -> int:
    """The action count at which the current deal's bidding opened."""
    game = stored.game
    assert game is not None
    log_ = game.log
    for index in range(len(log_) - 1, -1, -1):
        if isinstance(log_[index], DealCards):
            return index + 1
    return 0


