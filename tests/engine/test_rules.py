"""Schedules, deal counts, trump by deal number, presets and nonsense combinations."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine import PRESETS, Rules, RulesError, Suit, preset_rules

S, D, C, H = Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS


@pytest.mark.parametrize(
    ("players", "largest", "deals"),
    [(3, 17, 33), (4, 13, 25), (5, 10, 19), (6, 8, 15), (7, 7, 13), (8, 6, 11)],
)
def test_default_schedule_runs_down_to_one_and_back(players: int, largest: int, deals: int) -> None:
    rules = Rules(allow_eight_players=True)
    sizes = rules.hand_sizes(players)
    assert rules.largest_hand(players) == largest == 52 // players
    assert len(sizes) == deals == 2 * largest - 1
    assert sizes == tuple(range(largest, 0, -1)) + tuple(range(2, largest + 1))
    assert sizes.count(1) == 1, "the one-card deal happens once"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("schedule", ["down-up", "up-down", "down", "up"])
def test_every_schedule_for_every_table(players: int, schedule: str) -> None:
    rules = Rules(schedule=schedule, allow_eight_players=True)  # type: ignore[arg-type]
    top = 52 // players
    expected = {
        "down-up": [*range(top, 0, -1), *range(2, top + 1)],
        "up-down": [*range(1, top + 1), *range(top - 1, 0, -1)],
        "down": [*range(top, 0, -1)],
        "up": [*range(1, top + 1)],
    }[schedule]
    assert list(rules.hand_sizes(players)) == expected


def test_fixed_max_hand_one_to_seven_and_back() -> None:
    sizes = Rules(max_hand=7, schedule="up-down").hand_sizes(4)
    assert sizes == (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)


def test_trump_cycles_by_deal_number_across_the_turning_point() -> None:
    rules = Rules()
    sizes = rules.hand_sizes(4)
    trumps = [rules.cycle_trump(k + 1, size) for k, size in enumerate(sizes)]
    assert trumps[:5] == [S, D, C, H, S]
    assert sizes[12] == 1 and trumps[12] == S  # deal 13, the one-card deal: 13 ≡ 1 (mod 4)
    assert trumps[13] == D, "the cycle does not restart after the one-card deal"
    assert trumps == [[S, D, C, H][k % 4] for k in range(25)]


def test_cycle_with_a_no_trump_deal() -> None:
    rules = Rules(trump="cycle-no-trump")
    assert [rules.cycle_trump(k, 5) for k in range(1, 11)] == [S, D, C, H, None] * 2


def test_no_trump_only_in_the_one_card_deal_keeps_counting() -> None:
    rules = Rules(trump="no-trump-one-card")
    sizes = rules.hand_sizes(4)
    trumps = [rules.cycle_trump(k + 1, size) for k, size in enumerate(sizes)]
    assert trumps[12] is None
    assert trumps[11] == H and trumps[13] == D


def test_no_trump_at_all() -> None:
    assert {Rules(trump="none").cycle_trump(k, 3) for k in range(1, 9)} == {None}


def test_classic_is_all_defaults_and_presets_exist() -> None:
    assert preset_rules("classic") == Rules()
    assert preset_rules("classic").changed_fields() == {}
    assert preset_rules("judgement").scoring == "judgement"
    assert preset_rules("oh-hell").trump == "turn-up"
    short = preset_rules("short")
    assert short.max_hand == 5 and short.schedule == "down-up"
    assert short.hand_sizes(4) == (5, 4, 3, 2, 1, 2, 3, 4, 5)
    seven = preset_rules("one-to-seven")
    assert seven.schedule == "up-down" and max(seven.hand_sizes(5)) == 7
    assert set(PRESETS) >= {"classic", "judgement", "oh-hell", "short", "one-to-seven"}


def test_unknown_preset_names_the_known_ones() -> None:
    with pytest.raises(RulesError, match="classic"):
        preset_rules("poker")


def test_hook_with_simultaneous_bidding_is_rejected_with_a_fix() -> None:
    with pytest.raises(ValidationError, match="set hook to false"):
        Rules(bidding="simultaneous")
    assert Rules(bidding="simultaneous", hook=False).hook is False


def test_fixed_max_hand_above_what_the_pack_allows_is_rejected() -> None:
    with pytest.raises(RulesError, match="set max_hand to 8 or less"):
        Rules(max_hand=10).check_players(6)
    Rules(max_hand=8).check_players(6)


@pytest.mark.parametrize("players", [0, 2, 8, 9])
def test_player_count_outside_three_to_seven_is_rejected(players: int) -> None:
    with pytest.raises(RulesError, match="players"):
        Rules().check_players(players)


def test_eight_players_need_the_option() -> None:
    with pytest.raises(RulesError, match="allow_eight_players"):
        Rules().check_players(8)
    assert Rules(allow_eight_players=True).largest_hand(8) == 6


@pytest.mark.parametrize(
    "options",
    [{"scoring": "poker"}, {"max_hand": 0}, {"max_hand": 18}, {"colour": "red"}, {"hook": "maybe"}],
)
def test_bad_option_values_give_a_readable_error(options: dict[str, object]) -> None:
    with pytest.raises(RulesError) as error:
        Rules.from_options(options)
    assert next(iter(options)) in str(error.value)


def test_rules_are_immutable_and_hashable() -> None:
    rules = Rules()
    with pytest.raises(ValidationError):
        rules.hook = False  # type: ignore[misc]
    assert hash(rules) == hash(Rules())


def test_zero_bid_limit_only_applies_at_five_or_more() -> None:
    rules = Rules(zero_bid_limit=True)
    assert not rules.zero_bid_limit_applies(4)
    assert rules.zero_bid_limit_applies(5)


def test_summary_names_the_options_in_one_line() -> None:
    text = Rules(trump="turn-up", scoring="judgement", blind_bids=True).summary()
    assert "\n" not in text
    assert "turned-up" in text and "−10" in text and "blind" in text
