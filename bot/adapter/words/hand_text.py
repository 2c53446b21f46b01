"""A hand message's words, and what its picture depends on."""

from __future__ import annotations

from collections.abc import Hashable

from bot.adapter.words.game_words import is_callbreak, made, points, signed_points
from bot.adapter.words.texts import bids_line, cards_text, play_lines, trump_text
from bot.core.effects import CloseHand, HandSnapshot
from engine import Phase, Rules
from i18n import Words
from i18n.computer_names import shown_names


def hand_text(words: Words, hand: HandSnapshot, where: str) -> str:
    view = hand.view
    assert view.seat is not None
    seat = view.seat
    header = words.t("{where} — deal {number} of {count}, {cards}, trump {trump}",
                     where=where, number=view.deal_number, count=view.deal_count,
                     cards=cards_text(words, view.hand_size), trump=trump_text(words, view))
    if hand.away:
        status = words.t("The computer is playing for you.")
    elif hand.may_bid_blind:
        status = words.t("You may bid **blind**, before looking at your hand: an exact blind "
                         "bid scores double.")
        if hand.yours:
            status += " " + words.t("Pick a blind bid, or look at your hand first.")
    elif view.phase is Phase.BIDDING and is_callbreak(view.rules):
        if hand.yours:
            status = words.t("**Your turn to call.**")
        elif view.has_bid[seat]:
            status = words.t("You call {call}. Waiting for the others.", call=view.bids[seat])
        else:
            status = words.t("Waiting for your turn to call.")
    elif view.phase is Phase.BIDDING:
        if hand.yours:
            status = words.t("**Your turn to bid.**")
            if view.forbidden_bid is not None:
                status += " " + words.t("As the dealer you may not bid {bid}.",
                                        bid=view.forbidden_bid)
        elif view.has_bid[seat]:
            status = words.t("You bid {bid}. Waiting for the others.", bid=view.bids[seat])
        else:
            status = words.t("Waiting for your turn to bid.")
    elif view.phase is Phase.PLAYING:
        if hand.yours:
            status = words.t("**Your turn to play.**")
        elif is_callbreak(view.rules):
            status = words.t("You called {call} and have taken {took}.", call=view.bids[seat],
                             took=view.tricks_won[seat])
        else:
            status = words.t("You bid {bid} and have taken {took}.", bid=view.bids[seat],
                             took=view.tricks_won[seat])
    else:
        status = words.t("This deal is over.")
    return "\n".join([header, status, *turn_context(words, hand)])


def turn_context(words: Words, hand: HandSnapshot) -> list[str]:
    """What the table shows that a move depends on, in the hand of the person whose turn
    it is: the bids so far, or the tricks and the cards on the table. The table message
    in the channel is edited at a watcher's pace; the hand at once."""
    view = hand.view
    if not hand.yours or hand.away or hand.may_bid_blind:
        return []
    names = shown_names(words, view.players)
    if view.phase is Phase.BIDDING and is_callbreak(view.rules):
        return [words.t("Calls: {calls}", calls=bids_line(words, view, names))]
    if view.phase is Phase.BIDDING:
        return [words.t("Bids: {bids}", bids=bids_line(words, view, names))]
    return play_lines(words, view, names)


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


def hand_closed_text(words: Words, closed: CloseHand, where: str) -> str:
    result = closed.result
    if closed.why == "cancelled":
        return words.t("{where} — this game was cancelled.", where=where)
    if closed.why == "left":
        return words.t("{where} — you left this game; a computer player took your seat.",
                       where=where)
    if result is None:
        return words.t("{where} — the game is over.", where=where)
    seat = closed.seat
    rules = closed.rules or Rules()
    hit = made(rules, result.bids[seat], result.tricks[seat])
    if is_callbreak(rules):
        text = words.t(
            "{where} — deal {number} is over: you called {call} and took {took} ({hit}, "
            "{score}, total {total}).", where=where, number=result.number,
            call=result.bids[seat], took=result.tricks[seat],
            hit=words.t("✓ made it") if hit else words.t("✗ missed"),
            score=signed_points(rules, result.scores[seat]),
            total=points(rules, result.totals[seat]))
        if closed.why == "game_over":
            text += " " + words.t("The game is over: the final standings follow.")
        return text
    text = words.t(
        "{where} — deal {number} is over: you bid {bid} and took {took} ({hit}, {score}, "
        "total {total}).", where=where, number=result.number, bid=result.bids[seat],
        took=result.tricks[seat], hit=words.t("✓ made it") if hit else words.t("✗ missed"),
        score=f"{result.scores[seat]:+d}", total=result.totals[seat])
    if closed.why == "game_over":
        text += " " + words.t("The game is over: the final standings follow.")
    return text
