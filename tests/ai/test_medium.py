"""Medium fixes the known weaknesses of simple bots (issue 7)."""

from __future__ import annotations

from ai.medium import MediumPlayer
from ai.reference import ReferencePlayer
from engine.cards import Card
from engine.rules import Rules
from tests.ai.helpers import bid_all, dealt_game, play_cards


def test_hooked_dealer_with_the_trump_ace_does_not_bid_zero() -> None:
    rules = Rules(max_hand=2, schedule="down")
    game = dealt_game(rules, ["KH QH", "3D 4D", "5C 6C", "AS 2H"], dealer=3)
    bid_all(game, [1, 0, 0])
    view = game.view(3)
    assert view.legal_bids == (0, 2)
    assert ReferencePlayer().choose_bid(view) == 0  # the weakness
    assert MediumPlayer().choose_bid(view) == 2


def test_takes_every_remaining_trick_with_top_cards() -> None:
    # Seat 1 bid 2 with A♥ and 2♠ (trump ♠). Needing both tricks, it cashes the
    # side ace first; the reference would lead the trump two (stronger by its rule).
    rules = Rules(max_hand=2, schedule="down")
    game = dealt_game(rules, ["3D 4D", "AH 2S", "5C 6C", "7C 8C"], dealer=0)
    bid_all(game, [2, 0, 0, 1])
    view = game.view(1)
    assert ReferencePlayer().choose_card(view) == Card.parse("2S")
    assert MediumPlayer().choose_card(view) == Card.parse("AH")


def test_wins_with_its_highest_card_when_winning_is_certain() -> None:
    # Seat 1 has made its bid (0) and holds only A♥ K♥, both above the 2♥ led; no
    # higher heart is out and nobody has shown a void: K♥ would win too, so medium
    # gets rid of the ace now, the reference keeps it (plays its weakest).
    rules = Rules(max_hand=3, schedule="down")
    game = dealt_game(rules, ["2H 3C 4C", "AH KH 5D", "5C 6C 7C", "8C 9C 10C"], dealer=3)
    bid_all(game, [1, 0, 0, 1])
    play_cards(game, "2H")
    view = game.view(1)
    assert ReferencePlayer().choose_card(view) == Card.parse("KH")
    assert MediumPlayer().choose_card(view) == Card.parse("AH")


def test_wins_with_the_cheapest_sure_card_when_short() -> None:
    # Seat 2 needs a trick and Q♥ K♥ A♥ all beat the J♥ led. Every heart above
    # the queen is its own and nobody has shown a void (so nobody is known to be
    # able to trump): the queen is a sure winner, and the cheapest one. The
    # reference plays its strongest winner.
    rules = Rules(max_hand=4, schedule="down")
    game = dealt_game(
        rules, ["2C 3C 4C 5C", "10H JH 2D 3D", "QH KH AH 4D", "6C 7C 8C 9C"], dealer=0
    )
    bid_all(game, [1, 1, 0, 0])
    play_cards(game, "JH")
    view = game.view(2)
    assert ReferencePlayer().choose_card(view) == Card.parse("AH")
    assert MediumPlayer().choose_card(view) == Card.parse("QH")
