"""hand_order: the order shared by the hand picture's numbers and the bot's controls."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from engine.cards import DECK, Card, Suit
from render.order import hand_order, suit_groups, suit_order


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def test_trump_first_then_the_cycle_after_it_ranks_ascending() -> None:
    hand = cards("AS", "2H", "KC", "3D", "10C", "QH", "4S")
    assert hand_order(hand, Suit.CLUBS) == cards("10C", "KC", "2H", "QH", "4S", "AS", "3D")


def test_no_trump_uses_the_plain_cycle() -> None:
    hand = cards("2H", "AC", "KD", "3S")
    assert hand_order(hand, None) == cards("3S", "KD", "AC", "2H")
    assert suit_order(None) == (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS)


def test_neighbouring_suits_alternate_colour_for_every_trump() -> None:
    red = {Suit.HEARTS, Suit.DIAMONDS}
    for trump in (*Suit, None):
        order = suit_order(trump)
        assert all((a in red) != (b in red) for a, b in itertools.pairwise(order))


def test_suit_groups_split_the_ordered_hand() -> None:
    groups = suit_groups(cards("2H", "AC", "KH", "3C"), Suit.HEARTS)
    assert groups == (cards("2H", "KH"), cards("3C", "AC"))


@given(st.lists(st.sampled_from(DECK), unique=True, max_size=17), st.sampled_from((*Suit, None)))
def test_order_is_a_sorted_permutation(hand: list[Card], trump: Suit | None) -> None:
    ordered = hand_order(hand, trump)
    assert sorted(ordered) == sorted(hand)
    position = {suit: index for index, suit in enumerate(suit_order(trump))}
    keys = [(position[card.suit], card.rank) for card in ordered]
    assert keys == sorted(keys)
    if trump is not None and any(card.suit == trump for card in hand):
        assert ordered[0].suit == trump
