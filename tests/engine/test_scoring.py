"""Every scoring formula, the zero-bid rewards, blind doubling and shared wins."""

from __future__ import annotations

import pytest

from engine import Rules, score_function, standings

# (scoring, bid, tricks, points) with hand size 5
CASES = [
    ("classic", 3, 3, 13),
    ("classic", 0, 0, 10),
    ("classic", 3, 2, 0),
    ("classic", 1, 4, 0),
    ("ten-times", 3, 3, 40),
    ("ten-times", 0, 0, 10),
    ("ten-times", 2, 1, 0),
    ("trick-plus-bonus", 3, 3, 13),
    ("trick-plus-bonus", 0, 0, 10),
    ("trick-plus-bonus", 1, 3, 3),
    ("trick-plus-bonus", 3, 1, 1),
    ("penalty-per-trick", 3, 3, 13),
    ("penalty-per-trick", 3, 1, -2),
    ("penalty-per-trick", 0, 4, -4),
    ("judgement", 4, 4, 10),
    ("judgement", 0, 0, 10),
    ("judgement", 4, 0, -10),
    ("quadratic", 3, 3, 19),
    ("quadratic", 0, 0, 10),
    ("quadratic", 1, 4, -9),
    ("quadratic", 4, 2, -4),
    ("ten-per-trick", 3, 3, 30),
    ("ten-per-trick", 0, 0, 0),
    ("ten-per-trick", 1, 4, -30),
]


@pytest.mark.parametrize(("scoring", "bid", "tricks", "points"), CASES)
def test_formula(scoring: str, bid: int, tricks: int, points: int) -> None:
    score = score_function(Rules(scoring=scoring))  # type: ignore[arg-type]
    assert score(bid, tricks, 5, False) == points


@pytest.mark.parametrize(
    ("reward", "scoring", "points"),
    [
        ("formula", "classic", 10),
        ("five", "classic", 5),
        ("five-plus-cards", "classic", 5 + 6),
        ("five", "ten-per-trick", 5),
        ("formula", "ten-per-trick", 0),
    ],
)
def test_zero_bid_reward(reward: str, scoring: str, points: int) -> None:
    rules = Rules(zero_bid_reward=reward, scoring=scoring)  # type: ignore[arg-type]
    score = score_function(rules)
    assert score(0, 0, 6, False) == points
    assert score(0, 1, 6, False) == score_function(Rules(scoring=scoring))(0, 1, 6, False)  # type: ignore[arg-type]


def test_exact_blind_bid_scores_double_and_a_miss_is_not_doubled() -> None:
    score = score_function(Rules(blind_bids=True, scoring="penalty-per-trick"))
    assert score(2, 2, 5, True) == 24
    assert score(2, 3, 5, True) == -1


def test_standings_share_places_and_wins() -> None:
    places, winners = standings([50, 80, 80, 20])
    assert places == (3, 1, 1, 4)
    assert winners == (1, 2)
    assert standings([5, 5, 5]) == ((1, 1, 1), (0, 1, 2))
