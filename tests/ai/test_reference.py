"""The reference player is exactly the heuristic issue 7 specifies."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from ai.estimates import estimate_units, reference_bid_mask
from ai.match import chance_plan, play_game
from ai.reference import (
    ReferencePlayer,
    bid_from_estimate,
    reference_card,
    reference_estimate,
    round_half_up,
)
from ai.rollout import play_out, reference_choice, strongest_in, weakest_in
from ai.tables import TRUMP_MASK, trick_winner_position, trump_index
from engine.cards import BIT, DECK, Card, Suit
from engine.rules import PRESETS, Rules
from tests.ai.helpers import bid_all, cards, dealt_game, play_cards

S, D, C, H = Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS


@pytest.mark.parametrize(
    ("hand", "trump", "size", "largest", "expected"),
    [
        ("AS", S, 1, 13, Fraction(1)),
        ("KS", S, 1, 13, Fraction(85, 100)),
        ("QS", S, 1, 13, Fraction(6, 10)),
        ("JS", S, 1, 13, Fraction(4, 10)),
        ("10S", S, 1, 13, Fraction(2, 10) + Fraction(3, 10) * (1 - Fraction(1, 13))),
        ("2S", S, 13, 13, Fraction(2, 10)),
        ("5D", D, 5, 10, Fraction(2, 10) + Fraction(3, 10) * Fraction(1, 2)),
        ("AH", S, 4, 13, 1 - Fraction(3, 10) * Fraction(4, 13)),
        ("AH", None, 13, 13, Fraction(7, 10)),
        ("KH 2H", S, 2, 13, Fraction(55, 100) - Fraction(25, 100) * Fraction(2, 13)),
        ("KH", S, 1, 13, Fraction(2, 10)),
        ("KH KD", S, 2, 13, Fraction(4, 10)),
        ("QH JH 10H", S, 3, 13, Fraction(0)),
        ("AS KS 2S", S, 3, 13, Fraction(1) + Fraction(85, 100) + Fraction(2, 10)
         + Fraction(3, 10) * Fraction(10, 13)),
        ("KS 2S", None, 2, 13, Fraction(55, 100) - Fraction(25, 100) * Fraction(2, 13)),
    ],
)
def test_bid_estimate_table(
    hand: str, trump: Suit | None, size: int, largest: int, expected: Fraction
) -> None:
    assert reference_estimate(cards(hand), trump, size, largest) == expected


@pytest.mark.parametrize(
    ("estimate", "size", "legal", "expected"),
    [
        (Fraction(3, 2), 3, (0, 1, 2, 3), 2),  # half rounds up
        (Fraction(1, 2), 1, (0, 1), 1),
        (Fraction(149, 100), 3, (0, 1, 2, 3), 1),
        (Fraction(5), 3, (0, 1, 2, 3), 3),  # clamped to the hand size
        (Fraction(0), 3, (0, 1, 2, 3), 0),
        (Fraction(3, 2), 3, (0, 1, 3), 1),  # hooked: the neighbour closer to 1.5
        (Fraction(2), 3, (0, 1, 3), 1),  # hooked, equally close: the lower
        (Fraction(9, 4), 4, (0, 1, 3, 4), 3),  # hooked: 3 is closer to 2.25
        (Fraction(1, 5), 2, (1, 2), 1),  # 0 forbidden: the only neighbour
        (Fraction(13, 5), 3, (0, 1, 2), 2),  # 3 forbidden at the top
    ],
)
def test_rounding_and_hook_table(
    estimate: Fraction, size: int, legal: tuple[int, ...], expected: int
) -> None:
    assert bid_from_estimate(estimate, size, legal) == expected


def test_round_half_up_is_exact() -> None:
    assert [round_half_up(Fraction(n, 2)) for n in range(6)] == [0, 1, 1, 2, 2, 3]


def test_hooked_dealer_holding_trump_ace_takes_the_lower_neighbour() -> None:
    # Dealer (seat 3) holds A♠ (trump) and 2♥: estimate 1.0; the others bid 1 in
    # total, so 1 is forbidden; 0 and 2 are equally close and the lower wins.
    rules = Rules(max_hand=2, schedule="down")
    game = dealt_game(rules, ["KH QH", "3D 4D", "5C 6C", "AS 2H"], dealer=3)
    bid_all(game, [1, 0, 0])
    view = game.view(3)
    assert view.legal_bids == (0, 2)
    assert ReferencePlayer().choose_bid(view) == 0


T = Suit.SPADES  # trump in the play table


@pytest.mark.parametrize(
    ("legal", "trick", "trump", "short", "last", "expected"),
    [
        ("2S AH", "", T, True, False, "2S"),  # a trump is stronger than any side card
        ("2S AH 3D", "", T, False, False, "3D"),  # made: the weakest
        ("2D 2C", "", T, False, False, "2D"),  # equal strength: first suit ♠♦♣♥
        ("AD AC", "", T, True, False, "AD"),
        ("2H JH KH", "10H", T, True, False, "KH"),  # short, not last: strongest winner
        ("2H JH KH", "10H 5H 9H", T, True, True, "JH"),  # short, last: cheapest winner
        ("2H 5H", "AH", T, True, False, "2H"),  # short, no winner: the weakest
        ("3S 9S 4D", "AH", T, True, False, "9S"),  # void: the strongest trump wins it
        ("3S 9S 4D", "AH 2H 3H", T, True, True, "3S"),  # last: the cheapest trump
        ("2H 9H JH", "10H", T, False, False, "9H"),  # made: strongest that loses
        ("5H 9H", "2H", T, False, False, "5H"),  # made, all win, not last: weakest
        ("5H 9H", "2H 3H 4H", T, False, True, "9H"),  # made, all win, last: strongest
        ("QS 4D", "KH", T, False, False, "4D"),  # made, void: the trump would win
        ("QS 4D", "KH AS", T, False, False, "QS"),  # over-trumped: shed the trump
        ("AS 2D", "10H", None, True, False, "2D"),  # no trump: nothing can win
    ],
)
def test_play_rule_table(
    legal: str, trick: str, trump: Suit | None, short: bool, last: bool, expected: str
) -> None:
    trick_cards = list(parse(trick))
    chosen = reference_card(cards(legal), trick_cards, trump, short, last)
    assert chosen == Card.parse(expected)
    # The bit-mask version used in playouts picks the same card.
    trump_idx = trump_index(trump)
    mask = sum(BIT[c] for c in cards(legal))
    win = trick_cards[trick_winner_position(trick_cards, trump_idx)] if trick_cards else -1
    trump_mask = 0 if trump is None else sum(BIT[c] for c in DECK if c.suit == trump)
    assert reference_choice(mask, trick_cards, win, short, last, trump_mask) == chosen


def parse(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def test_player_plays_the_rule_through_a_view() -> None:
    # Seat 1 leads; seat 1 bid 1 and is short: it leads its strongest card.
    rules = Rules(max_hand=3, schedule="down")
    game = dealt_game(rules, ["2C 3C 4C", "AH 2S 7D", "5C 6C 7C", "8C 9C 10C"], dealer=0)
    bid_all(game, [1, 0, 0, 0])
    assert ReferencePlayer().choose_card(game.view(1)) == Card.parse("2S")
    play_cards(game, "2S 5C 8C 2C")
    # Bid made: now it leads its weakest.
    assert ReferencePlayer().choose_card(game.view(1)) == Card.parse("7D")


def test_integer_estimate_matches_fractions_on_random_hands() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        size = rng.randint(1, 13)
        largest = rng.randint(size, 17)
        hand = rng.sample(DECK, size)
        trump = rng.choice([None, *Suit])
        mask = sum(BIT[c] for c in hand)
        exact = reference_estimate(hand, trump, size, largest)
        assert estimate_units(mask, trump_index(trump), size, largest) == exact * 20 * largest
        forbidden = rng.choice([None, *range(size + 1)])
        legal = tuple(b for b in range(size + 1) if b != forbidden)
        assert reference_bid_mask(mask, trump_index(trump), size, largest, forbidden) == (
            bid_from_estimate(exact, size, legal)
        )


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_playouts_reproduce_reference_games(preset: str) -> None:
    """The bit-mask playout plays every deal exactly as reference players do."""
    rules = PRESETS[preset]
    for seed in range(2):
        game = play_game(rules, [ReferencePlayer() for _ in range(4)], chance_plan(rules, 4, seed))
        for result in game.results():
            hands = [sum(BIT[c] for c in hand) for hand in result.hands]
            tricks = [0] * 4
            leader = (result.dealer + 1) % 4
            play_out(hands, result.bids, tricks, trump_index(result.trump), leader, ())
            assert tuple(tricks) == result.tricks


def test_strongest_and_weakest_cards_of_a_mask_follow_the_reference_order() -> None:
    # The playouts' helpers use bit tricks; here the reference's order is spelled out:
    # strongest is the highest trump, else the highest rank, the first suit on a tie;
    # weakest is the lowest non-trump rank (the first suit on a tie), else the lowest trump.
    rng = random.Random(7)
    for _ in range(3000):
        hand = rng.sample(range(52), rng.randint(1, 13))
        mask = sum(BIT[c] for c in hand)
        trump = rng.randrange(5)  # 4: no trump
        trumps = [c for c in hand if trump < 4 and c // 13 == trump]
        side = [c for c in hand if c not in trumps]
        strongest = max(trumps) if trumps else min(side, key=lambda c: (-(c % 13), c // 13))
        weakest = min(side, key=lambda c: (c % 13, c // 13)) if side else min(trumps)
        assert strongest_in(mask, TRUMP_MASK[trump]) == strongest
        assert weakest_in(mask, TRUMP_MASK[trump]) == weakest
