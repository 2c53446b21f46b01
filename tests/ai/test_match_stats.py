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


def test_statistics_can_count_some_deals_only() -> None:
    rules = Rules(max_hand=4)
    plan = chance_plan(rules, 4, 9)
    game = play_game(rules, [ReferencePlayer() for _ in range(4)], plan)
    other = play_game(rules, [ReferencePlayer() for _ in range(4)], chance_plan(rules, 4, 10))
    chosen = {1, 3}
    results = [result for result in game.results() if result.number in chosen]
    stats = LevelStats()
    stats.add_game(game, 2, chosen)
    stats.add_duplicate(game, other, 2, chosen)
    summary = stats.summary()
    assert summary["deals"] == len(chosen)
    assert summary["bid_hit"] == sum(r.bids[2] == r.tricks[2] for r in results) / len(chosen)
    assert summary["bid_hit_by_hand_size"] == {
        str(r.hand_size): float(r.bids[2] == r.tricks[2]) for r in results
    }
    assert summary["points_per_game"] == sum(r.scores[2] for r in results)
    theirs = [r.scores[2] for r in other.results() if r.number in chosen]
    assert summary["gain_per_deal"] == (
        sum(r.scores[2] for r in results) - sum(theirs)
    ) / len(chosen)
    # A win is about whole games: it is not read from some of a game's deals.
    assert "win_rate" not in summary
    stats.add_game(game, 2)
    assert "win_rate" in stats.summary()
