"""A hand message's words, and what its picture depends on."""

from __future__ import annotations

from collections.abc import Hashable

from bot.adapter.texts import plural, trump_text
from bot.core.effects import CloseHand, HandSnapshot
from engine import Phase


def hand_text(hand: HandSnapshot, where: str) -> str:
    view = hand.view
    assert view.seat is not None
    seat = view.seat
    header = (
        f"{where} — deal {view.deal_number} of {view.deal_count}, "
        f"{plural(view.hand_size, 'card', 'cards')}, trump {trump_text(view)}"
    )
    if hand.away:
        status = "The computer is playing for you."
    elif hand.may_bid_blind:
        status = ("You may bid **blind**, before looking at your hand: an exact blind bid "
                  "scores double.")
        if hand.yours:
            status += " Pick a blind bid, or look at your hand first."
    elif view.phase is Phase.BIDDING:
        if hand.yours:
            status = "**Your turn to bid.**"
            if view.forbidden_bid is not None:
                status += f" As the dealer you may not bid {view.forbidden_bid}."
        elif view.has_bid[seat]:
            status = f"You bid {view.bids[seat]}. Waiting for the others."
        else:
            status = "Waiting for your turn to bid."
    elif view.phase is Phase.PLAYING:
        if hand.yours:
            status = "**Your turn to play.**"
        else:
            status = f"You bid {view.bids[seat]} and have taken {view.tricks_won[seat]}."
    else:
        status = "This deal is over."
    return f"{header}\n{status}"


def hand_picture_key(hand: HandSnapshot) -> Hashable | None:
    """What the hand picture shows (``None``: no picture). Equal keys, equal pictures,
    so an unchanged picture is kept instead of drawn and uploaded again."""
    view = hand.view
    if hand.away or hand.may_bid_blind:
        return None
    my_play = view.phase is Phase.PLAYING and view.turn == view.seat
    return (view.deal_number, view.deal_count, view.seat, view.players, view.trump,
            view.hand, view.hand_hidden, view.others_cards, view.phase is Phase.GAME_OVER,
            my_play, view.legal_cards if my_play else ())


def hand_closed_text(closed: CloseHand, where: str) -> str:
    result = closed.result
    if closed.why == "cancelled":
        return f"{where} — this game was cancelled."
    if closed.why == "left":
        return f"{where} — you left this game; a computer player took your seat."
    if result is None:
        return f"{where} — the game is over."
    seat = closed.seat
    hit = "✓ made it" if result.bids[seat] == result.tricks[seat] else "✗ missed"
    text = (f"{where} — deal {result.number} is over: you bid {result.bids[seat]} and took "
            f"{result.tricks[seat]} ({hit}, {result.scores[seat]:+d}, total "
            f"{result.totals[seat]}).")
    if closed.why == "game_over":
        text += " The game is over: the final standings follow."
    return text
