"""Every level plays legal, complete games under every rules option."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ai import LEVELS, NothingToChoose, computer_name, make_player
from ai.easy import EasyPlayer
from ai.hard import HardPlayer
from ai.match import Decision, chance_plan, play_game
from ai.medium import MediumPlayer
from ai.player import ComputerPlayer
from ai.reference import ReferencePlayer
from engine.game import Phase
from engine.rules import Rules
from tests.ai.helpers import bid_all, dealt_game


def small_hard(seed: int) -> HardPlayer:
    return HardPlayer(seed, max_work=400)


def table(players: int, seed: int) -> list[ComputerPlayer]:
    makers: list[Callable[[int], ComputerPlayer]] = [
        small_hard, MediumPlayer, EasyPlayer, ReferencePlayer
    ]
    return [makers[k % 4](seed + k) for k in range(players)]


RULE_VARIANTS = {
    "classic-short": (Rules(max_hand=4), 4),
    "turn-up": (Rules(trump="turn-up", scoring="trick-plus-bonus", max_hand=4), 4),
    "turn-up-dealt-out": (Rules(trump="turn-up", max_hand=13, schedule="down"), 4),
    "no-trump": (Rules(trump="none", max_hand=4), 4),
    "cycle-no-trump": (Rules(trump="cycle-no-trump", max_hand=3), 5),
    "no-trump-one-card": (Rules(trump="no-trump-one-card", max_hand=3), 4),
    "simultaneous": (Rules(bidding="simultaneous", hook=False, max_hand=4), 4),
    "no-hook": (Rules(hook=False, max_hand=4), 4),
    "ten-times": (Rules(scoring="ten-times", max_hand=3), 4),
    "penalty-per-trick": (Rules(scoring="penalty-per-trick", max_hand=3), 4),
    "judgement": (Rules(scoring="judgement", max_hand=3), 4),
    "quadratic": (Rules(scoring="quadratic", max_hand=3), 4),
    "ten-per-trick": (Rules(scoring="ten-per-trick", max_hand=3), 4),
    "zero-five": (Rules(zero_bid_reward="five", max_hand=3), 4),
    "zero-five-plus-cards": (Rules(zero_bid_reward="five-plus-cards", max_hand=3), 4),
    "zero-limit": (Rules(zero_bid_limit=True, max_hand=2, schedule="up-down"), 5),
    "blind-bids-allowed": (Rules(blind_bids=True, max_hand=3), 4),
    "one-card-blind": (Rules(one_card_blind=True, max_hand=3), 4),
    "three-players": (Rules(max_hand=5), 3),
    "seven-players": (Rules(), 7),
    "eight-players": (Rules(allow_eight_players=True, max_hand=3), 8),
}


@pytest.mark.parametrize("variant", sorted(RULE_VARIANTS))
def test_all_levels_finish_games_with_legal_moves(variant: str) -> None:
    rules, players = RULE_VARIANTS[variant]
    decisions: list[Decision] = []
    # The engine raises on any illegal bid or card, so finishing proves legality.
    game = play_game(rules, table(players, 5), chance_plan(rules, players, 11), None,
                     decisions.append)
    assert game.phase is Phase.GAME_OVER
    assert len(game.results()) == len(rules.hand_sizes(players))
    assert {d.kind for d in decisions} == {"bid", "card"}
    assert not any(game.results()[k].blind[s] for k in range(len(game.results()))
                   for s in range(players))  # computer players never bid blind


def test_same_seed_same_game() -> None:
    rules = Rules(max_hand=5)
    plan = chance_plan(rules, 4, 3)
    first = play_game(rules, table(4, 9), plan)
    second = play_game(rules, table(4, 9), plan)
    assert first.player_actions() == second.player_actions()


def test_factory_levels_and_errors() -> None:
    for level in LEVELS:
        assert make_player(level, 3).level == level
    assert make_player(" Hard ", 1).level == "hard"
    with pytest.raises(ValueError, match="no computer level 'wizard'"):
        make_player("wizard", 1)


def test_computer_names_show_the_level() -> None:
    assert computer_name("hard", 0) == "Mira (hard bot)"
    names = [computer_name("easy", k) for k in range(30)]
    assert len(set(names)) == 30
    assert all(name.endswith(" (easy bot)") for name in names)
    with pytest.raises(ValueError):
        computer_name("easy", -1)


@pytest.mark.parametrize("level", LEVELS)
def test_nothing_to_choose_when_not_the_seats_turn(level: str) -> None:
    rules = Rules(max_hand=2, schedule="down")
    game = dealt_game(rules, ["2C 3C", "4C 5C", "6C 7C", "8C 9C"], dealer=3)
    player = make_player(level, 1)
    waiting = game.view(2)  # seat 0 bids first
    with pytest.raises(NothingToChoose):
        player.choose_bid(waiting)
    with pytest.raises(NothingToChoose):
        player.choose_card(game.view(0))  # bidding: no card to play yet


@pytest.mark.parametrize("level", LEVELS)
def test_one_card_blind_deal(level: str) -> None:
    rules = Rules(one_card_blind=True, max_hand=1, schedule="down", hook=False)
    game = dealt_game(rules, ["5H", "9H", "KD", "AS"], dealer=3)
    player = make_player(level, 4)
    view = game.view(0)
    assert view.hand_hidden and view.hand == ()
    assert player.choose_bid(view) in view.legal_bids
    bid_all(game, [0, 0, 0, 0])
    with pytest.raises(NothingToChoose):
        player.choose_card(game.view(0))
