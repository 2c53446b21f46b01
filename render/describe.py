"""Short sentences about a view (whose turn, what is awaited), shared by pictures."""

from __future__ import annotations

from engine.callbreak import CallBreakRules
from engine.game import Phase
from engine.kinds import AnyView
from i18n import Words
from render.won_bid import won_and_bid_words


def waiting_for(view: AnyView, names: tuple[str, ...], words: Words) -> str:
    """What the table waits for, from the point of view of nobody in particular."""
    if view.phase is Phase.GAME_OVER:
        return words.t("Game over")
    if view.phase is Phase.BIDDING:
        if view.turn is None:
            left = len(view.awaiting)
            if not left:
                return words.t("Bids are in")
            return words.n("Bids are made together: {count} still to bid",
                           "Bids are made together: {count} still to bid", left)
        if isinstance(view.rules, CallBreakRules):  # Call Break's players call
            return words.t("{name} to call", name=names[view.turn])
        return words.t("{name} to bid", name=names[view.turn])
    if view.phase is Phase.PLAYING and view.turn is not None:
        return words.t("{name} to play", name=names[view.turn])
    return words.t("Dealing")


def my_status(view: AnyView, names: tuple[str, ...], words: Words) -> tuple[str, bool]:
    """The line under a player's hand, and whether it is that player's move."""
    seat = view.seat
    if seat is None:
        return waiting_for(view, names, words), False
    if view.phase is Phase.BIDDING and seat in view.awaiting:
        if view.forbidden_bid is not None and seat == view.dealer:
            return words.t("Your turn to bid: you are the dealer and can't bid {bid}",
                           bid=view.forbidden_bid), True
        if isinstance(view.rules, CallBreakRules):
            return words.t("Your turn to call"), True
        return words.t("Your turn to bid"), True
    if view.phase is Phase.PLAYING and view.turn == seat:
        if view.trick:
            led = view.trick[0][1].suit
            return words.t("Your turn: {suit} was led", suit=led.symbol), True
        return words.t("Your turn: lead any card"), True
    return waiting_for(view, names, words), False


def bid_and_won(view: AnyView, words: Words) -> str:
    """ "Won 1 · bid 2" for the view's own seat ('' before it has bid): won first, as
    in every won/bid figure."""
    seat = view.seat
    if seat is None or view.phase not in (Phase.BIDDING, Phase.PLAYING):
        return ""
    bid = view.bids[seat]
    if bid is None:
        return ""
    if isinstance(view.rules, CallBreakRules):
        return words.t("Won {won} · called {call}", won=view.tricks_won[seat], call=bid)
    return won_and_bid_words(view.tricks_won[seat], bid, words)
