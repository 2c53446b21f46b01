"""RULES.md's worked example and its "more facts for tests", exactly."""

from __future__ import annotations

import pytest

from engine import (
    DECK,
    DealCards,
    DealScored,
    FirstDealer,
    Game,
    HookedBid,
    Rules,
    Suit,
    TrickWon,
    parse_cards,
)
from tests.engine.worked_example import (
    BIDS,
    DEALER_BID,
    HANDS,
    PLAYS,
    A,
    B,
    C,
    D,
    game_at_worked_example,
)


@pytest.fixture
def game() -> Game:
    game = game_at_worked_example()
    game.deal(DealCards(HANDS))
    return game


def test_deepa_deals_three_cards_with_clubs_trump_and_asha_bids_first(game: Game) -> None:
    assert game.dealer == D
    assert game.hand_size == 3
    assert game.trump is Suit.CLUBS
    assert game.turn == A


def test_the_hooked_dealer_may_not_bid_one(game: Game) -> None:
    for seat, bid in BIDS.items():
        game.bid(seat, bid)
    assert sum(BIDS.values()) == 2
    assert game.forbidden_bid() == 1
    assert game.legal_bids(D) == (0, 2, 3)
    before = game.action_count
    with pytest.raises(HookedBid) as error:
        game.bid(D, 1)
    assert str(error.value) == (
        "Deepa is the dealer and can't bid 1: the bids would total 3 = the tricks in this deal"
    )
    assert game.action_count == before and game.turn == D
    game.bid(D, DEALER_BID)
    assert game.bids() == (1, 0, 1, 0)


def test_the_ruffed_trick_and_the_deal_scores(game: Game) -> None:
    for seat, bid in BIDS.items():
        game.bid(seat, bid)
    game.bid(D, DEALER_BID)
    events = []
    for card in PLAYS:
        seat = game.turn
        assert seat is not None
        events.extend(game.play(seat, card))
    tricks = [e for e in events if isinstance(e, TrickWon)]
    first = tricks[0]
    assert first.leader == A
    assert first.cards == parse_cards(["KH", "2C", "AH", "7H"])
    assert first.winner == B, "the only trump wins, despite Bikram's bid of 0"
    assert [t.winner for t in tricks] == [B, C, A]
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.tricks == (1, 1, 1, 0)
    assert scored.scores == (11, 0, 11, 10)


def test_forty_cards_are_never_played_in_a_four_player_three_card_deal(game: Game) -> None:
    dealt = {card for hand in game.dealt_hands() for card in hand}
    assert len(dealt) == 12
    assert 52 - len(dealt) == 40


def _deal_with_bids(players: int, size: int, others: list[int]) -> Game:
    """A game whose first deal has ``size`` cards, with the non-dealers' bids made."""
    game = Game(Rules(max_hand=size, schedule="down"), [f"P{i}" for i in range(players)], None)
    game.choose_first_dealer(FirstDealer(players - 1))
    hands = tuple(tuple(DECK[s * size : (s + 1) * size]) for s in range(players))
    game.deal(DealCards(hands))
    for seat, bid in enumerate(others):
        game.bid(seat, bid)
    return game


def test_eight_tricks_others_bid_seven_dealer_may_not_bid_one() -> None:
    game = _deal_with_bids(4, 8, [3, 2, 2])
    assert game.legal_bids(3) == (0, 2, 3, 4, 5, 6, 7, 8)


def test_three_cards_others_bid_four_every_dealer_bid_is_legal() -> None:
    game = _deal_with_bids(4, 3, [2, 1, 1])
    assert game.legal_bids(3) == (0, 1, 2, 3)
    assert game.forbidden_bid() is None
