"""A fast card-play heuristic on masks: the ``medium`` player's play and the rollout
policy of ``hard``'s search. Every player tries to take tricks: an extra trick is
worth 0.1 and a trick short of the call costs the whole call."""

from __future__ import annotations

from typing import Final

from engine.callbreak.legal import ABOVE, SPADE_MASK, SPADES
from engine.cards import RANK_OF, SUIT_MASK, SUIT_OF

SIDE_SUITS: Final = (1, 2, 3)


def lowest(mask: int) -> int:
    """The lowest-indexed card of ``mask`` (the lowest rank when all of one suit)."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def is_master(card: int, others: int) -> bool:
    """No card still held elsewhere ranks above ``card`` in its suit."""
    return not others & ABOVE[card]


def ruff_suits(hands: list[int], seats: list[int] | range) -> int:
    """The side suits (bit ``1 << suit``) some of ``seats`` can trump: void, with spades."""
    suits = 0
    for seat in seats:
        hand = hands[seat]
        if hand & SPADE_MASK:
            for suit in SIDE_SUITS:
                if not hand & SUIT_MASK[suit]:
                    suits |= 1 << suit
    return suits


def lead_card(hand: int, others: int, ruffable: int) -> int:
    """A side-suit card no one can beat in its suit or trump; else a top spade while
    others still hold spades; else the lowest card of the shortest side suit."""
    for suit in SIDE_SUITS:
        cards = hand & SUIT_MASK[suit]
        if cards and not ruffable >> suit & 1 and is_master(highest(cards), others):
            return highest(cards)
    spades = hand & SPADE_MASK
    if spades and others & SPADE_MASK and is_master(highest(spades), others):
        return highest(spades)
    return discard(hand)


def discard(legal: int) -> int:
    """The lowest side card of the shortest side suit (making a void to trump into),
    else the lowest spade."""
    best = -1
    key = (99, 99)
    for suit in SIDE_SUITS:
        cards = legal & SUIT_MASK[suit]
        if cards:
            low = lowest(cards)
            candidate = (cards.bit_count(), RANK_OF[low])
            if candidate < key:
                key, best = candidate, low
    return best if best >= 0 else lowest(legal)


def follow_card(legal: int, best: int, others: int, last: bool, ruffable: int) -> int:
    """The card to play to a trick whose winning card is ``best`` (``ruffable``: the
    side suits a player still to play can trump)."""
    if SUIT_OF[best] == SPADES:
        winners = legal & ABOVE[best]
    else:
        winners = (legal & ABOVE[best]) | (legal & SPADE_MASK)
        if winners & ~SPADE_MASK:
            winners &= ~SPADE_MASK
    if not winners:
        return discard(legal)
    if last or SUIT_OF[lowest(winners)] != SUIT_OF[best]:
        return lowest(winners)  # the cheapest card that wins (or the cheapest trump)
    if ruffable >> SUIT_OF[best] & 1:  # a later player trumps it: keep the high cards
        return discard(legal) if legal & ~winners else lowest(legal)
    rest = winners
    while rest:  # the cheapest winner no one still out can beat in its suit
        card = lowest(rest)
        if is_master(card, others):
            return card
        rest &= rest - 1
    return discard(legal) if legal & ~winners else lowest(legal)


def choose(
    hand: int, legal: int, trick_len: int, best: int, others: int, players: int, ruffable: int
) -> int:
    """The heuristic's card: ``legal`` is the seat's legal cards, ``others`` the cards
    held by everyone else (or still out, when unknown), ``ruffable`` the side suits
    the other players (when leading) or those still to play can trump."""
    if legal & (legal - 1) == 0:
        return lowest(legal)
    if trick_len == 0:
        return lead_card(hand, others, ruffable)
    return follow_card(legal, best, others, trick_len == players - 1, ruffable)
