"""Short sentences about a view (whose turn, what is awaited), shared by pictures."""

from __future__ import annotations

from engine.game import Phase
from engine.view import SeatView
from render.won_bid import won_and_bid_words


def waiting_for(view: SeatView, names: tuple[str, ...]) -> str:
    """What the table waits for, from the point of view of nobody in particular."""
    if view.phase is Phase.GAME_OVER:
        return "Game over"
    if view.phase is Phase.BIDDING:
        if view.turn is None:
            left = len(view.awaiting)
            return f"Bids are made together: {left} still to bid" if left else "Bids are in"
        return f"{names[view.turn]} to bid"
    if view.phase is Phase.PLAYING and view.turn is not None:
        return f"{names[view.turn]} to play"
    return "Dealing"


def my_status(view: SeatView, names: tuple[str, ...]) -> tuple[str, bool]:
    """The line under a player's hand, and whether it is that player's move."""
    seat = view.seat
    if seat is None:
        return waiting_for(view, names), False
    if view.phase is Phase.BIDDING and seat in view.awaiting:
        if view.forbidden_bid is not None and seat == view.dealer:
            return f"Your turn to bid: you are the dealer and can't bid {view.forbidden_bid}", True
        return "Your turn to bid", True
    if view.phase is Phase.PLAYING and view.turn == seat:
        if view.trick:
            led = view.trick[0][1].suit
            return f"Your turn: {led.symbol} was led", True
        return "Your turn: lead any card", True
    return waiting_for(view, names), False


def bid_and_won(view: SeatView) -> str:
    """ "Won 1 · bid 2" for the view's own seat ('' before it has bid): won first, as
    in every won/bid figure."""
    seat = view.seat
    if seat is None or view.phase not in (Phase.BIDDING, Phase.PLAYING):
        return ""
    bid = view.bids[seat]
    if bid is None:
        return ""
    return won_and_bid_words(view.tricks_won[seat], bid)
