"""Chance plans, the game driver and the statistics."""

from __future__ import annotations

from ai.match import Decision, chance_plan, play_game
from ai.reference import ReferencePlayer
from ai.stats import LevelStats
from engine.rules import PRESETS, Rules


def test_chance_plan_is_reproducible_and_valid() -> None:
    rules = PRESETS["oh-hell"]
    plan = chance_plan(rules, 5, 4)
    assert plan == chance_plan(rules, 5, 4)
    assert plan != chance_plan(rules, 5, 5)
    assert [len(deal.hands[0]) for deal in plan.deals] == list(rules.hand_sizes(5))
    for deal in plan.deals:
        dealt = [card for hand in deal.hands for card in hand]
        assert len(set(dealt)) == len(dealt)
        assert deal.turn_up is not None and deal.turn_up not in dealt


def test_driver_and_statistics_add_up() -> None:
    rules = Rules(max_hand=4)
    plan = chance_plan(rules, 4, 9)
    decisions: list[Decision] = []
    game = play_game(rules, [ReferencePlayer() for _ in range(4)], plan, None, decisions.append)
    stats = LevelStats()
    for decision in decisions:
        if decision.seat == 0:
            stats.add_decision(decision)
    stats.add_game(game, 0)
    stats.add_duplicate(game, game, 0)
    summary = stats.summary()
    deals = len(rules.hand_sizes(4))
    assert summary["deals"] == deals
    rates = summary["bid_hit"] + summary["overbid_rate"] + summary["underbid_rate"]
    assert abs(rates - 1) < 1e-9
    assert summary["points_per_game"] == game.totals()[0]
    assert summary["gain_per_deal"] == 0.0
    assert summary["decisions"] == deals + sum(rules.hand_sizes(4))
    merged = LevelStats()
    merged.merge(stats)
    merged.merge(stats)
    assert merged.summary()["deals"] == 2 * deals
    assert merged.summary()["bid_hit"] == summary["bid_hit"]
