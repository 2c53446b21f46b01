"""``decide``: a seat's view in, a legal move out, the same wherever it runs."""

from __future__ import annotations

import pickle

import pytest

from ai import make_player
from ai.decide import PlayHiddenCard, decide, decision_seed
from ai.errors import NothingToChoose
from engine.actions import Bid, Play
from engine.cards import Card
from engine.rules import Rules
from engine.view import SeatView
from tests.ai.helpers import bid_all, cards, dealt_game

FOUR_HANDS = ["AS KS 2H 3D", "QS 5H 6C 7D", "JS 9H 10C 2D", "4S 8H KC AD"]


def test_a_bid_is_the_players_choice_for_its_seat() -> None:
    game = dealt_game(Rules(max_hand=4, schedule="down"), FOUR_HANDS, dealer=3)
    view = game.view(0)
    move = decide(view, "hard", 11)
    assert move == Bid(0, make_player("hard", 11).choose_bid(view))
    assert move.bid in view.legal_bids


def test_a_card_is_the_players_choice_for_its_seat() -> None:
    game = dealt_game(Rules(max_hand=4, schedule="down"), FOUR_HANDS, dealer=3)
    bid_all(game, [1, 0, 1, 1])
    view = game.view(0)
    move = decide(view, "medium", 3)
    assert move == Play(0, make_player("medium", 3).choose_card(view))
    assert move.card in view.legal_cards


def test_the_same_view_gives_the_same_move_after_pickling() -> None:
    # What a process pool does to the arguments and the result.
    game = dealt_game(Rules(max_hand=4, schedule="down"), FOUR_HANDS, dealer=3)
    bid_all(game, [1, 0, 1, 1])
    view = game.view(0)
    copied: SeatView = pickle.loads(pickle.dumps(view))
    assert pickle.loads(pickle.dumps(decide(copied, "hard", 5))) == decide(view, "hard", 5)


def test_a_one_card_blind_deal_plays_the_hidden_card() -> None:
    rules = Rules(one_card_blind=True, max_hand=1, schedule="down", hook=False)
    game = dealt_game(rules, ["5H", "9H", "KD", "2C"], dealer=3)
    bid = decide(game.view(0), "hard", 1)
    assert isinstance(bid, Bid) and bid.bid in game.view(0).legal_bids
    bid_all(game, [0, 0, 0, 0])
    assert game.view(0).legal_cards == ()  # the seat cannot see its card
    assert decide(game.view(0), "hard", 1) == PlayHiddenCard(0)


class IllegalPlayer:
    """Chooses what the rules do not allow, to show the fallback."""

    level = "illegal"

    def choose_bid(self, view: SeatView) -> int:
        return 99

    def choose_card(self, view: SeatView) -> Card:
        return next(card for card in cards("AH KH QH JH 10H") if card not in view.hand)


def test_an_illegal_choice_becomes_the_first_legal_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("ai.decide.make_player", lambda level, seed: IllegalPlayer())
    game = dealt_game(Rules(max_hand=4, schedule="down"), FOUR_HANDS, dealer=3)
    view = game.view(0)
    assert decide(view, "any", 0) == Bid(0, view.legal_bids[0])
    bid_all(game, [1, 0, 1, 1])
    view = game.view(0)
    assert decide(view, "any", 0) == Play(0, view.legal_cards[0])


def test_nothing_to_choose_out_of_turn() -> None:
    game = dealt_game(Rules(max_hand=4, schedule="down"), FOUR_HANDS, dealer=3)
    with pytest.raises(NothingToChoose):
        decide(game.view(2), "hard", 0)
    with pytest.raises(NothingToChoose):
        decide(game.view(None), "hard", 0)


def test_an_unknown_level_is_refused() -> None:
    game = dealt_game(Rules(max_hand=4, schedule="down"), FOUR_HANDS, dealer=3)
    with pytest.raises(ValueError, match="no computer level"):
        decide(game.view(0), "expert", 0)


def test_decision_seeds_differ_by_moment_and_seat() -> None:
    seeds = {
        decision_seed(game_seed, actions, seat)
        for game_seed in (None, b"one", b"two")
        for actions in (0, 1, 300)
        for seat in range(8)
    }
    assert len(seeds) == 3 * 3 * 8
    assert decision_seed(b"one", 7, 2) == decision_seed(b"one", 7, 2)
