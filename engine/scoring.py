"""Deal scoring and final standings (RULES.md: "Scoring, after every deal")."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.rules import Rules

ScoreFunction = Callable[[int, int, int, bool], int]
"""``(bid, tricks, hand_size, blind) -> points`` for one player in one deal."""


def _hit_and_miss(rules: Rules) -> tuple[Callable[[int], int], Callable[[int, int], int]]:
    """The formula's points for an exact bid, and for a miss by (tricks, bid)."""
    scoring = rules.scoring
    if scoring == "classic":
        return (lambda bid: 10 + bid), (lambda tricks, bid: 0)
    if scoring == "ten-times":
        return (lambda bid: 10 * bid + 10), (lambda tricks, bid: 0)
    if scoring == "trick-plus-bonus":
        return (lambda bid: bid + 10), (lambda tricks, bid: tricks)
    if scoring == "penalty-per-trick":
        return (lambda bid: 10 + bid), (lambda tricks, bid: -abs(tricks - bid))
    if scoring == "judgement":
        return (lambda bid: 10), (lambda tricks, bid: -10)
    if scoring == "quadratic":
        return (lambda bid: 10 + bid * bid), (lambda tricks, bid: -((tricks - bid) ** 2))
    if scoring == "ten-per-trick":
        return (lambda bid: 10 * bid), (lambda tricks, bid: -10 * abs(tricks - bid))
    raise AssertionError(f"unhandled scoring {scoring!r}")  # the Literal type forbids it


def score_function(rules: Rules) -> ScoreFunction:
    """The points one player scores in one deal under ``rules``.

    An exact bid of 0 may have its own reward (``zero_bid_reward``); an exact
    blind bid scores double. Misses are never doubled: the rule rewards the risk.
    """
    hit, miss = _hit_and_miss(rules)
    reward = rules.zero_bid_reward

    def score(bid: int, tricks: int, hand_size: int, blind: bool) -> int:
        if tricks != bid:
            return miss(tricks, bid)
        if bid == 0 and reward == "five":
            points = 5
        elif bid == 0 and reward == "five-plus-cards":
            points = 5 + hand_size
        else:
            points = hit(bid)
        return 2 * points if blind else points

    return score


def standings(totals: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Places (1 = best, equal totals share a place, "1, 1, 3") and the winners.

    Highest total wins; equal leaders share the win.
    """
    places = tuple(1 + sum(1 for other in totals if other > mine) for mine in totals)
    best = max(totals)
    winners = tuple(seat for seat, total in enumerate(totals) if total == best)
    return places, winners

