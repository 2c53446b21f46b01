"""The search player: view-only, deterministic under a cap, optimising real scores."""

from __future__ import annotations

import itertools
import logging
import random
from collections import Counter

import pytest

from ai import LEVELS, make_player
from ai.hard import HardPlayer, distinct_choices
from ai.knowledge import deal_knowledge
from ai.one_card import best_blind_bid, win_chance_blind
from ai.player import ComputerPlayer
from ai.reference import ReferencePlayer
from engine.actions import Bid, DealCards, FirstDealer, Play
from engine.cards import DECK
from engine.game import Game, Phase
from engine.rules import Rules
from tests.ai.helpers import bid_all, cards, dealt_game, play_cards

LEAK_RULES = Rules(max_hand=6, schedule="down")


def capped(level: str, seed: int) -> ComputerPlayer:
    if level == "hard":
        return HardPlayer(seed, max_work=3000)
    return make_player(level, seed)


def reference_history(seed: int, actions: int) -> tuple[DealCards, list[Bid | Play]]:
    """The first ``actions`` player actions of a reference game's first deal."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    deal = DealCards(tuple(tuple(sorted(deck[6 * s : 6 * s + 6])) for s in range(4)))
    game = Game(LEAK_RULES, ["a", "b", "c", "d"], None)
    game.apply(FirstDealer(3))
    game.apply(deal)
    players = [ReferencePlayer() for _ in range(4)]
    for _ in range(actions):
        if game.phase is Phase.BIDDING:
            seat = game.awaiting()[0]
            game.bid(seat, players[seat].choose_bid(game.view(seat)))
        else:
            seat = game.turn or 0
            game.play(seat, players[seat].choose_card(game.view(seat)))
    return deal, list(game.player_actions())


def consistent_alternative(deal: DealCards, history: list[Bid | Play], seat: int,
                           rng: random.Random) -> DealCards:
    """Another deal the seat cannot tell apart: its own cards and every played card
    stay where they were; all other cards — dealt or not — are dealt again at
    random, never giving a seat a suit it has shown it lacks."""
    game = Game(LEAK_RULES, ["a", "b", "c", "d"], None)
    game.apply(FirstDealer(3))
    game.apply(deal)
    for action in history:
        game.apply(action)
    view = game.view(seat)
    played = [{c for c in hand if c not in game.hand(s)} for s, hand in enumerate(deal.hands)]
    voids = view.shown_voids()
    pool = [c for c in DECK if c not in deal.hands[seat] and not any(c in p for p in played)]
    while True:
        rng.shuffle(pool)
        hands, start = [], 0
        for s in range(4):
            if s == seat:
                hands.append(deal.hands[seat])
                continue
            need = len(deal.hands[s]) - len(played[s])
            hands.append(tuple(sorted(played[s] | set(pool[start : start + need]))))
            start += need
        if all(not any(c.suit in voids[s] for c in hands[s] if c not in played[s])
               for s in range(4)):
            return DealCards(tuple(hands))


def game_after(deal: DealCards, history: list[Bid | Play]) -> Game:
    game = Game(LEAK_RULES, ["a", "b", "c", "d"], None)
    game.apply(FirstDealer(3))
    game.apply(deal)
    for action in history:
        game.apply(action)
    return game


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("seed", "actions"), [(1, 0), (2, 6), (3, 9), (4, 14), (5, 19)])
def test_decision_ignores_hidden_hands(level: str, seed: int, actions: int) -> None:
    """The information-leak test of issue 7: swap the hidden hands for another deal
    consistent with what the seat has seen; the decision does not change."""
    deal, history = reference_history(seed, actions)
    real = game_after(deal, history)
    seat = real.awaiting()[0]
    rng = random.Random(seed)
    for _ in range(2):
        other_deal = consistent_alternative(deal, history, seat, rng)
        assert other_deal.hands != deal.hands
        other = game_after(other_deal, history)
        mine, theirs = real.view(seat), other.view(seat)
        assert mine == theirs
        if real.phase is Phase.BIDDING:
            assert capped(level, 7).choose_bid(mine) == capped(level, 7).choose_bid(theirs)
        else:
            assert capped(level, 7).choose_card(mine) == capped(level, 7).choose_card(theirs)


def test_capped_search_is_deterministic() -> None:
    deal, history = reference_history(8, 10)
    game = game_after(deal, history)
    seat = game.awaiting()[0]
    choices = {HardPlayer(5, max_work=2000).choose_card(game.view(seat)) for _ in range(3)}
    assert len(choices) == 1


def test_capped_bids_are_deterministic() -> None:
    deal, history = reference_history(9, 2)
    game = game_after(deal, history)
    seat = game.awaiting()[0]
    bids = {HardPlayer(5, max_work=2000).choose_bid(game.view(seat)) for _ in range(3)}
    assert len(bids) == 1


# Positions where the default search needs many worlds: stopped after one world, as
# the old 0.2 s clock did whenever the machine was slow enough, it picks another move.
@pytest.mark.parametrize(("seed", "actions"), [(1, 6), (2, 1), (3, 2), (4, 14)])
def test_a_slow_clock_does_not_change_the_move(
    seed: int, actions: int, caplog: pytest.LogCaptureFixture
) -> None:
    deal, history = reference_history(seed, actions)
    game = game_after(deal, history)
    view = game.view(game.awaiting()[0])
    ticks = itertools.count(0, 10)  # ten seconds pass at every reading
    slow = HardPlayer(5, clock=lambda: float(next(ticks)))
    frozen = HardPlayer(5, clock=lambda: 0.0)
    with caplog.at_level(logging.WARNING, logger="ai.search"):
        if game.phase is Phase.BIDDING:
            assert slow.choose_bid(view) == frozen.choose_bid(view)
        else:
            assert slow.choose_card(view) == frozen.choose_card(view)
    warnings = [r.getMessage() for r in caplog.records if r.name == "ai.search"]
    assert len(warnings) == 1  # the slow decision's, once
    assert warnings[0].startswith(f"hard {game.phase.value} decision (deal 1, seat ")


@pytest.mark.parametrize(("scoring", "expected"), [("classic", 0), ("ten-times", 1)])
def test_bids_optimise_the_real_score_function(scoring: str, expected: int) -> None:
    # Leading a lone A♥ (trump ♠) into three unknown cards wins about 40% of the
    # time: a 1 is worth 11 × 0.4 < 10 × 0.6 in classic scoring, but 20 × 0.4 > 10 × 0.6
    # with 10 × bid + 10.
    rules = Rules(max_hand=1, schedule="down", hook=False, scoring=scoring)
    game = dealt_game(rules, ["AH", "2C", "3C", "4C"], dealer=3)
    votes = Counter(
        HardPlayer(seed, max_work=6000).choose_bid(game.view(0))
        for seed in range(7)
    )
    assert votes.most_common(1)[0][0] == expected


@pytest.mark.parametrize(("scoring", "expected"), [("classic", 0), ("ten-times", 1)])
def test_one_card_blind_bid_is_exact(scoring: str, expected: int) -> None:
    # Seat 3 plays last and cannot see its card; the others show 5♥, 9♥, K♦ (trump
    # ♠). It wins with any of the 13 spades or a heart above the nine: 18 of 49.
    rules = Rules(one_card_blind=True, max_hand=1, schedule="down", hook=False,
                  scoring=scoring)
    game = dealt_game(rules, ["5H", "9H", "KD", "2C"], dealer=3)
    bid_all(game, [0, 0, 0])
    view = game.view(3)
    assert win_chance_blind(view) == pytest.approx(18 / 49)
    assert best_blind_bid(view) == expected
    assert HardPlayer(1).choose_bid(view) == expected


def test_touching_cards_count_once() -> None:
    rules = Rules(max_hand=5, schedule="down")
    game = dealt_game(
        rules, ["9H 10H QH 2C 3C", "JH 4D 5D 6D 7D", "8C 9C 10C JC QC", "2S 3S 4S 5S 6S"],
        dealer=3,
    )
    bid_all(game, [0, 0, 0, 0])
    know = deal_knowledge(game.view(0))
    # 9♥ and 10♥ touch; J♥ is out, so Q♥ is different; 2♣ and 3♣ touch.
    assert distinct_choices(game.view(0).legal_cards, know) == list(cards("9H QH 2C"))
    # Seat 1, void in clubs, throws J♥; seat 3 trumps and leads a spade.
    play_cards(game, "2C JH 8C 2S 3S")
    view = game.view(0)
    assert view.legal_cards == cards("9H 10H QH 3C")
    # With J♥ gone the three hearts touch: one of them stands for all.
    assert distinct_choices(view.legal_cards, deal_knowledge(view)) == list(cards("9H 3C"))
