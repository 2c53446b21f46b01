"""Copying what may be shown out of a session: the inputs of every effect."""

from __future__ import annotations

from bot.core.effects import (
    GameSummary,
    HandSnapshot,
    LobbySnapshot,
    LobbyState,
    Place,
    SeatLabel,
    TableSnapshot,
)
from bot.core.session import GameSession
from engine import Phase
from engine.kinds import blind_bids


def game_summary(session: GameSession) -> GameSummary:
    return GameSummary(session.game_id, session.guild_id, session.channel_id, session.host_id,
                       session.status, session.rules, len(session.seats),
                       session.game is not None)


def place_of(session: GameSession) -> Place:
    return Place(session.guild_id, session.channel_id, session.thread_id)


def seat_labels(session: GameSession) -> tuple[SeatLabel, ...]:
    return tuple(
        SeatLabel(
            name=seat.name,
            user_id=seat.user_id,
            host=seat.user_id is not None and seat.user_id == session.host_id,
            left=seat.left,
            away=seat.autoplay,
            dms_closed=seat.dms_closed,
            plays_itself=seat.plays_itself,
        )
        for seat in session.seats
    )


def table_snapshot(session: GameSession) -> TableSnapshot:
    game = session.game
    assert game is not None
    return TableSnapshot(session.game_id, seat_labels(session), game.view(None), game.commitment)


def hand_snapshot(session: GameSession, seat: int) -> HandSnapshot:
    game = session.game
    assert game is not None
    state = session.seats[seat]
    view = game.view(seat)
    may_bid_blind = (
        blind_bids(game.rules)
        and view.phase is Phase.BIDDING
        and not view.has_bid[seat]
        and not state.looked
    )
    return HandSnapshot(
        view=view,
        counter=session.control_counter(seat),
        yours=session.status == "active" and seat in view.awaiting and not state.plays_itself,
        away=state.autoplay,
        may_bid_blind=may_bid_blind,
    )


def can_start(session: GameSession) -> bool:
    """Start is accepted with the game's fewest seats (3) or more, or with a target size
    computers will fill, up to the rules' most."""
    size = max(len(session.seats), session.target_players or 0)
    return session.kind.min_players <= size <= session.rules.max_players()


def lobby_snapshot(session: GameSession, state: LobbyState) -> LobbySnapshot:
    return LobbySnapshot(
        game_id=session.game_id,
        rules=session.rules,
        seats=seat_labels(session),
        capacity=session.lobby_capacity(),
        turn_timeout=session.turn_timeout,
        state=state,
        can_start=can_start(session),
    )
