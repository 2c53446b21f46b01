"""Call Break's rules one by one: calls, the card rules with each option, scoring."""

from __future__ import annotations

import random

import pytest

from engine import (
    Bid,
    Card,
    DealCards,
    FirstDealer,
    IllegalBid,
    MustFollowSuit,
    NotYourTurn,
    Phase,
    RulesError,
    parse_cards,
)
from engine.callbreak import CallBreakGame, CallBreakRules, legal_mask, points, points_text
from engine.cards import SUIT_OF, cards_of, mask_of
from engine.errors import IllegalAction

NAMES = ("Asha", "Bikram", "Chandra", "Deepa")
HANDS = (
    "AH 5H 2H 2S 3S 4S 2D 3D 4D 5D 2C 3C 4C",
    "KH 3H 5S 6S 7S 6D 7D 8D 9D 5C 6C 7C 8C",
    "QS KS AS 10D JD QD KD AD 9C 10C JC QC KC",
    "4H 6H 7H 8H 9H 10H JH QH 8S 9S 10S JS AC",
)


def dealt(rules: CallBreakRules | None = None) -> CallBreakGame:
    """Deepa deals the hands above, so Asha calls first and leads."""
    game = CallBreakGame(rules or CallBreakRules(), NAMES, None)
    game.choose_first_dealer(FirstDealer(3))
    game.deal(DealCards(tuple(parse_cards(hand.split()) for hand in HANDS)))
    return game


def called(rules: CallBreakRules | None = None) -> CallBreakGame:
    game = dealt(rules)
    for seat in range(4):
        game.bid(seat, 2)
    return game


def cards(text: str) -> set[Card]:
    return set(parse_cards(text.split()))


def legal(hand: str, led: str | None, best: str | None, must_head: bool = True) -> set[Card]:
    lead = -1 if led is None else SUIT_OF[Card.parse("2" + led)]
    top = -1 if best is None else Card.parse(best)
    return set(cards_of(legal_mask(mask_of(cards(hand)), lead, top, must_head)))


@pytest.mark.parametrize(
    ("hand", "led", "best", "must_head", "allowed"),
    [
        ("2H KH 3S", None, None, True, "2H KH 3S"),  # the leader plays anything
        ("2H KH 3S", "H", "5H", True, "KH"),  # must head the trick
        ("2H KH 3S", "H", "5H", False, "2H KH"),  # ... only with must_head
        ("2H 4H 3S", "H", "5H", True, "2H 4H"),  # cannot head: any card of the suit
        ("2H KH 3S", "H", "QS", True, "2H KH"),  # trumped: no heart heads a spade
        ("2D 9S 3S", "H", "5H", True, "9S 3S"),  # void: must trump
        ("2D 9S 3S", "H", "5S", True, "9S"),  # void: must overtrump
        ("2D 9S 3S", "H", "5S", False, "9S"),  # overtrumping does not depend on must_head
        ("2D 4S 3S", "H", "5S", True, "2D 4S 3S"),  # cannot overtrump: any card
        ("2D 3C", "H", "5H", True, "2D 3C"),  # no heart, no spade: any card
        ("3S QS 2H", "S", "10S", True, "QS"),  # spades led: head with a higher spade
        ("3S QS 2H", "S", "10S", False, "3S QS"),
        ("2H 4D", "S", "10S", True, "2H 4D"),  # no spade when spades are led
    ],
)
def test_the_card_rules(
    hand: str, led: str | None, best: str | None, must_head: bool, allowed: str
) -> None:
    assert legal(hand, led, best, must_head) == cards(allowed)


def test_calls_run_from_one_to_eight_in_turn_from_the_dealers_left() -> None:
    game = dealt()
    assert game.dealer == 3 and game.turn == 0
    assert game.legal_bids(0) == tuple(range(1, 9))
    assert game.legal_bids(1) == ()
    for bad in (0, 9, 13, -1):
        with pytest.raises(IllegalBid, match="Calls run from 1 to 8"):
            game.bid(0, bad)
    with pytest.raises(NotYourTurn):
        game.bid(1, 3)
    with pytest.raises(IllegalBid):
        game.bid(0, "3")  # type: ignore[arg-type]
    game.bid(0, 8)
    game.bid(1, 8)
    game.bid(2, 8)
    game.bid(3, 8)  # no hook: the calls may add up to anything
    assert game.phase is Phase.PLAYING and sum(game.bids()) == 32  # type: ignore[arg-type]


def test_a_blind_call_is_refused_by_verify_as_by_apply() -> None:
    game = dealt()
    with pytest.raises(IllegalBid, match="no blind calls"):
        game.verify(Bid(0, 3, blind=True))
    with pytest.raises(IllegalBid, match="no blind calls"):
        game.apply(Bid(0, 3, blind=True))
    assert game.bids() == (None,) * 4 and game.turn == 0


@pytest.mark.parametrize(
    ("options", "players", "calls"),
    [
        ({"min_call": 2}, 4, range(2, 9)),
        ({"max_call": 13}, 4, range(1, 14)),
        ({"max_call": 13}, 3, range(1, 14)),
        ({"max_call": 13}, 5, range(1, 11)),  # never more than the 10 tricks of a deal
        ({"min_call": 2, "max_call": 13}, 4, range(2, 14)),
    ],
)
def test_call_options(options: dict[str, int], players: int, calls: range) -> None:
    rules = CallBreakRules.from_options(options)
    game = CallBreakGame(rules, NAMES[:3] + ("Esha", "Farhan")[: players - 3], 7)
    assert game.legal_bids(game.turn or 0) == tuple(calls)


@pytest.mark.parametrize(("players", "size"), [(3, 17), (4, 13), (5, 10)])
def test_hand_sizes_leave_the_rest_unseen(players: int, size: int) -> None:
    names = ["P1", "P2", "P3", "P4", "P5"][:players]
    game = CallBreakGame(CallBreakRules(), names, 11)
    assert game.hand_size == size
    assert all(len(hand) == size for hand in game.dealt_hands())
    assert len({card for hand in game.dealt_hands() for card in hand}) == players * size


@pytest.mark.parametrize("players", [2, 6])
def test_three_to_five_players(players: int) -> None:
    with pytest.raises(RulesError, match="3 to 5 players"):
        CallBreakGame(CallBreakRules(), [f"P{i}" for i in range(players)], 1)


def test_following_players_must_head_the_trick_and_void_ones_trump() -> None:
    game = called()
    game.play(0, Card.parse("5H"))
    assert set(game.legal_cards(1)) == cards("KH")
    with pytest.raises(MustFollowSuit, match="beat 5♥"):
        game.play(1, Card.parse("3H"))
    game.play(1, Card.parse("KH"))
    assert set(game.legal_cards(2)) == cards("QS KS AS")  # Chandra has no heart
    with pytest.raises(MustFollowSuit, match="must trump"):
        game.play(2, Card.parse("KC"))
    game.play(2, Card.parse("QS"))
    assert set(game.legal_cards(3)) == cards("4H 6H 7H 8H 9H 10H JH QH")  # trumped
    events = game.play(3, Card.parse("4H"))
    assert game.tricks_won() == (0, 0, 1, 0) and game.turn == 2
    assert events[-1].winning_card == Card.parse("QS")  # type: ignore[union-attr]


def test_without_must_head_any_card_of_the_suit_follows() -> None:
    game = called(CallBreakRules(must_head=False))
    game.play(0, Card.parse("5H"))
    assert set(game.legal_cards(1)) == cards("KH 3H")
    game.play(1, Card.parse("3H"))


def test_an_illegal_card_leaves_the_game_unchanged() -> None:
    game = called()
    game.play(0, Card.parse("5H"))
    before = (game.log, game.hand(1), game.current_trick())
    for bad in ("3H", "AS", "2C"):
        with pytest.raises(IllegalAction):
            game.play(1, Card.parse(bad))
    assert (game.log, game.hand(1), game.current_trick()) == before


@pytest.mark.parametrize(
    ("call", "tricks", "strict", "tenths", "shown"),
    [
        (4, 6, False, 42, 4.2),
        (4, 4, False, 40, 4),
        (3, 2, False, -30, -3),
        (8, 13, False, 85, 8.5),
        (1, 0, False, -10, -1),
        (4, 6, True, 40, 4),
        (3, 2, True, -30, -3),
    ],
)
def test_scoring(call: int, tricks: int, strict: bool, tenths: int, shown: float) -> None:
    rules = CallBreakRules(strict=strict)
    assert rules.score_tenths(call, tricks) == tenths
    assert points(tenths) == shown and type(points(tenths)) is type(shown)


def test_points_are_shown_with_one_decimal() -> None:
    assert [points_text(t) for t in (42, -30, 0, -5, 123)] == ["4.2", "-3.0", "0.0", "-0.5", "12.3"]


def test_a_match_is_five_deals_or_as_many_as_the_option_says() -> None:
    for deals in (5, 3, 1):
        rng = random.Random(deals)
        game = CallBreakGame(CallBreakRules(deals=deals), NAMES, deals)
        first = game.first_dealer
        assert first is not None
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        assert len(game.results()) == deals
        assert [r.dealer for r in game.results()] == [(first + k) % 4 for k in range(deals)]


@pytest.mark.parametrize(
    "options",
    [{"deals": 0}, {"min_call": 3}, {"max_call": 9}, {"bonus": True}, {"must_head": "maybe"}],
)
def test_bad_options_are_one_readable_error(options: dict[str, object]) -> None:
    with pytest.raises(RulesError) as caught:
        CallBreakRules.from_options(options)
    assert "\n" not in str(caught.value)
    if "bonus" in options:
        assert "options: deals, min_call, max_call, must_head, strict" in str(caught.value)
