"""One Call Break computer move from one seat's view: what an interface runs off its
event loop, like :func:`ai.decide.decide` for Kachuful. Pure: a view, a level and a
seed in, a legal move out; its arguments and result pickle."""

from __future__ import annotations

from ai.callbreak.players import make_callbreak_player
from ai.errors import NothingToChoose
from engine.actions import Bid, Play
from engine.callbreak.view import CallBreakView
from engine.game_phase import Phase


def decide_callbreak(view: CallBreakView, level: str, seed: int) -> Bid | Play:
    """The move computer player ``level`` makes now for ``view.seat``, always one of
    the view's legal calls or cards. Raises :class:`NothingToChoose` when it is not
    the seat's turn and ``ValueError`` for an unknown level."""
    seat = view.seat
    if seat is None or not view.is_my_turn:
        raise NothingToChoose(f"seat {seat} has nothing to choose now ({view.phase.value})")
    player = make_callbreak_player(level, seed)
    if view.phase is Phase.BIDDING:
        call = player.choose_bid(view)
        return Bid(seat, call if call in view.legal_bids else view.legal_bids[0])
    card = player.choose_card(view)
    return Play(seat, card if card in view.legal_cards else view.legal_cards[0])
