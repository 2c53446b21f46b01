"""A tiny bit-mask simulator that plays a deal to its end: the search's playouts.

Driving :class:`engine.game.Game` costs far more than a search can afford, so a
playout works on plain ints: each hand a 52-bit mask, the trick as a list of
cards. Every seat plays the reference play rule (:mod:`ai.reference`) — a fast,
sensible policy; ``tests/ai`` check that it picks exactly the reference card.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.tables import ABOVE, TRUMP_MASK
from engine.cards import BIT, SUIT_MASK, SUIT_OF

_RANKS = 0x1FFF


def strongest_in(mask: int, trump_mask: int) -> int:
    """The reference's strongest card of a non-empty mask (ties: first suit ♠♦♣♥)."""
    trumps = mask & trump_mask
    if trumps:
        return trumps.bit_length() - 1
    # The highest rank held in any suit, then the first suit holding it: a few int
    # operations instead of a loop over the suits (playouts call this millions of times).
    top = 1 << ((mask | mask >> 13 | mask >> 26 | mask >> 39) & _RANKS).bit_length() - 1
    return _first_suit_with(mask, top)


def weakest_in(mask: int, trump_mask: int) -> int:
    """The reference's weakest card of a non-empty mask (ties: first suit ♠♦♣♥)."""
    side = mask & ~trump_mask
    if not side:
        return (mask & -mask).bit_length() - 1
    ranks = (side | side >> 13 | side >> 26 | side >> 39) & _RANKS
    return _first_suit_with(side, ranks & -ranks)


def _first_suit_with(mask: int, rank_bit: int) -> int:
    """The card of rank ``rank_bit`` (one bit of a 13-bit suit) in the first suit of
    ``mask`` that holds it."""
    if mask & rank_bit:
        return rank_bit.bit_length() - 1
    if mask >> 13 & rank_bit:
        return rank_bit.bit_length() + 12
    if mask >> 26 & rank_bit:
        return rank_bit.bit_length() + 25
    return rank_bit.bit_length() + 38


def reference_choice(
    hand: int, trick: Sequence[int], win_card: int, short: bool, last: bool, trump_mask: int
) -> int:
    """The reference play rule on masks; ``win_card`` is the trick's winner so far."""
    if not trick:
        return strongest_in(hand, trump_mask) if short else weakest_in(hand, trump_mask)
    legal = hand & SUIT_MASK[SUIT_OF[trick[0]]] or hand
    if BIT[win_card] & trump_mask:
        winners = legal & ABOVE[win_card]
    else:
        winners = legal & (ABOVE[win_card] | trump_mask)
    if short:
        if winners:
            return weakest_in(winners, trump_mask) if last else strongest_in(winners, trump_mask)
        return weakest_in(legal, trump_mask)
    losers = legal & ~winners
    if losers:
        return strongest_in(losers, trump_mask)
    return strongest_in(legal, trump_mask) if last else weakest_in(legal, trump_mask)


def play_out(
    hands: list[int],
    bids: Sequence[int],
    tricks: list[int],
    trump: int,
    turn: int,
    trick: Sequence[int],
) -> None:
    """Play the deal to its end with the reference rule for every seat.

    ``hands`` and ``tricks`` are updated in place. ``turn`` is the seat to play and
    ``trick`` the cards of the unfinished trick so far (the leader's first).
    """
    n = len(hands)
    trump_mask = TRUMP_MASK[trump]
    count = len(trick)
    remaining = sum(hand.bit_count() for hand in hands)
    seat = turn
    lead_mask = 0
    win_card = -1
    win_seat = -1
    if count:
        lead_mask = SUIT_MASK[SUIT_OF[trick[0]]]
        leader = (turn - count) % n
        win_card = trick[0]
        win_seat = leader
        for position in range(1, count):
            card = trick[position]
            beat = ABOVE[win_card] if BIT[win_card] & trump_mask else ABOVE[win_card] | trump_mask
            if BIT[card] & beat:
                win_card = card
                win_seat = (leader + position) % n
    while remaining:
        hand = hands[seat]
        short = tricks[seat] < bids[seat]
        if count == 0:
            card = strongest_in(hand, trump_mask) if short else weakest_in(hand, trump_mask)
            lead_mask = SUIT_MASK[SUIT_OF[card]]
            win_card = card
            win_seat = seat
        else:
            last = count == n - 1
            legal = hand & lead_mask
            above = ABOVE[win_card] if BIT[win_card] & trump_mask else ABOVE[win_card] | trump_mask
            if legal:
                # Following suit: every candidate is of one suit, so the reference's
                # strongest and weakest are the highest and lowest bits (the general
                # helpers cost most of a playout).
                winners = legal & above
                if short and winners:
                    pick = winners & -winners if last else winners
                elif short:
                    pick = legal & -legal
                else:
                    losers = legal & ~winners
                    if losers:
                        pick = losers
                    elif last:
                        pick = legal
                    else:
                        pick = legal & -legal
                card = pick.bit_length() - 1
            else:
                legal = hand
                winners = legal & above
                if short:
                    if winners:
                        card = (
                            weakest_in(winners, trump_mask)
                            if last
                            else strongest_in(winners, trump_mask)
                        )
                    else:
                        card = weakest_in(legal, trump_mask)
                else:
                    losers = legal & ~winners
                    if losers:
                        card = strongest_in(losers, trump_mask)
                    elif last:
                        card = strongest_in(legal, trump_mask)
                    else:
                        card = weakest_in(legal, trump_mask)
            if BIT[card] & winners:
                win_card = card
                win_seat = seat
        hands[seat] = hand ^ BIT[card]
        remaining -= 1
        count += 1
        if count == n:
            tricks[win_seat] += 1
            count = 0
            seat = win_seat
        else:
            seat = seat + 1 if seat + 1 < n else 0
