"""Playouts in which `easy` and `medium` seats play as their level plays
(ai/review/level_playout.py), checked against the real players in the engine."""

from __future__ import annotations

import random

import pytest

from ai.factory import make_player
from ai.match import chance_plan, play_game
from ai.review.chances import bid_trick_chances
from ai.review.level_playout import play_out_by_levels, plays_by_level
from ai.review.moments import seat_moments
from ai.rollout import play_out
from ai.tables import trump_index
from engine.cards import BIT
from engine.game import Game
from engine.results import DealResult
from engine.rules import Rules

RULES = Rules(max_hand=7)


def _game(levels: tuple[str, ...], seed: int) -> Game:
    players = [make_player(level, seed * 10 + seat) for seat, level in enumerate(levels)]
    return play_game(RULES, players, chance_plan(RULES, 4, seed))


def _mask(cards: tuple[int, ...]) -> int:
    return sum(BIT[card] for card in cards)


def _replay(
    result: DealResult, levels: tuple[str | None, ...], slips: random.Random,
    order: list[int] | None = None,
) -> list[int]:
    hands = [_mask(hand) for hand in result.hands]
    seen = BIT[result.turn_up] if result.turn_up is not None else 0
    tricks = [0] * 4
    play_out_by_levels(hands, list(result.bids), tricks, trump_index(result.trump),
                       (result.dealer + 1) % 4, levels, seen, (0,) * 4, slips, order)
    assert not any(hands)
    return tricks


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_medium_seats_play_every_card_as_the_medium_player_does(seed: int) -> None:
    game = _game(("medium",) * 4, seed)
    unlike_reference = 0
    for result in game.results():
        if result.hand_size > 1:
            order: list[int] = []
            tricks = _replay(result, ("medium",) * 4, random.Random(0), order)
            assert order == list(result.plays), f"deal {result.number}"
            assert tuple(tricks) == result.tricks
            as_reference: list[int] = []
            _replay(result, ("reference",) * 4, random.Random(0), as_reference)
            unlike_reference += as_reference != order
    assert unlike_reference > 0  # the check can tell the two rules apart


def test_other_seats_play_the_reference_rule_as_the_fast_playout_does() -> None:
    game = _game(("reference",) * 4, 4)
    for result in game.results():
        hands = [_mask(hand) for hand in result.hands]
        tricks = [0] * 4
        play_out(hands, list(result.bids), tricks, trump_index(result.trump),
                 (result.dealer + 1) % 4, ())
        assert _replay(result, ("hard", None, "reference", None), random.Random(0)) == tricks


class _NeverSlips(random.Random):
    def random(self) -> float:
        return 0.99


def test_easy_seats_slip_only_by_their_generator() -> None:
    game = _game(("reference",) * 4, 5)
    for result in game.results():
        steady = _replay(result, ("easy",) * 4, _NeverSlips())
        assert steady == _replay(result, ("reference",) * 4, random.Random(0))
    slipped = [_replay(r, ("easy",) * 4, random.Random(7)) for r in game.results()]
    again = [_replay(r, ("easy",) * 4, random.Random(7)) for r in game.results()]
    assert slipped == again


def test_only_tables_with_easy_or_medium_seats_change_the_playouts() -> None:
    assert not plays_by_level(None)
    assert not plays_by_level(("hard", None, "reference", "hard"))
    assert plays_by_level(("hard", "medium", None, None))
    game = _game(("hard", "reference", "reference", "reference"), 6)
    view = seat_moments(game, 3, 0).bid_view
    plain = bid_trick_chances(view, 20, worlds=40)
    assert bid_trick_chances(view, 20, worlds=40, levels=("hard", None, None, None)) == plain
    assert bid_trick_chances(view, 20, worlds=40,
                             levels=("hard", "easy", "medium", None)) != plain
