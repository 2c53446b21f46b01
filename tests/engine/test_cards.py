from __future__ import annotations

import copy
import pickle

import pytest

from engine import DECK, Card, CardError, Suit


@pytest.mark.parametrize(
    ("text", "code", "label"),
    [
        ("AS", "AS", "A♠"),
        ("10H", "10H", "10♥"),
        ("TH", "10H", "10♥"),
        ("qd", "QD", "Q♦"),
        ("A♠", "AS", "A♠"),
        ("10♥", "10H", "10♥"),
        (" 2c ", "2C", "2♣"),
        ("jS", "JS", "J♠"),
    ],
)
def test_parse_and_print(text: str, code: str, label: str) -> None:
    card = Card.parse(text)
    assert card.code == code
    assert str(card) == card.label == label
    assert Card.parse(code) is card


@pytest.mark.parametrize("text", ["", "ZZ", "1", "11H", "AX", "A♠♠", "10", "S", "AS,"])
def test_unknown_text_is_a_clear_error(text: str) -> None:
    with pytest.raises(CardError, match="card"):
        Card.parse(text)


def test_all_52_cards_round_trip_and_are_distinct() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    for card in DECK:
        assert Card.parse(card.code) is card
        assert Card.parse(card.label) is card
        assert Card.of(card.rank, card.suit) is card


def test_cards_are_ordered_by_suit_then_rank_and_hashable() -> None:
    assert Card.parse("2S") < Card.parse("AS") < Card.parse("2D") < Card.parse("2H")
    assert sorted([Card.parse("KH"), Card.parse("3S")]) == [Card.parse("3S"), Card.parse("KH")]
    assert {Card.parse("AS"): 1}[Card.parse("A♠")] == 1


def test_cards_are_frozen_and_interned() -> None:
    card = Card.parse("QC")
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert Card(int(card)) is card


def test_suits_follow_the_trump_cycle_order() -> None:
    assert [s.symbol for s in Suit] == ["♠", "♦", "♣", "♥"]
    assert Suit.parse("h") is Suit.HEARTS and Suit.parse("♣") is Suit.CLUBS


@pytest.mark.parametrize("index", [-1, 52, 3.0, "3"])
def test_bad_indices_are_rejected(index: object) -> None:
    with pytest.raises(CardError):
        Card(index)  # type: ignore[arg-type]


def test_every_card_is_truthy_even_the_two_of_spades() -> None:
    two_of_spades = Card.parse("2S")
    assert int(two_of_spades) == 0
    assert two_of_spades and all(DECK)
    assert (two_of_spades.suit if two_of_spades else None) is Suit.SPADES
