"""What the rules fix before a card is dealt, for a number of players: the hand sizes,
the trump cycle, the scoring and the seating order. Computed once per (rules, n)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.rules import Rules
from engine.scoring import ScoreFunction, score_function
from engine.tables import NO_TRUMP


@dataclass(frozen=True, slots=True)
class Plan:
    """A match's fixed facts, shared by every game with the same rules and players."""

    hand_sizes: tuple[int, ...]
    trumps: tuple[int, ...]
    """Trump index per deal from the cycle (``NO_TRUMP`` for none); unused for turn-up."""
    turn_up: bool
    score: ScoreFunction
    zero_limit: bool
    in_turn: bool
    next_seat: tuple[int, ...]


@lru_cache(maxsize=512)
def plan_for(rules: Rules, n: int) -> Plan:
    """The plan of ``rules`` for ``n`` players (raises if they can't seat ``n``)."""
    sizes = rules.hand_sizes(n)
    turn_up = rules.trump == "turn-up"
    trumps: tuple[int, ...] = ()
    if not turn_up:
        cycle = (rules.cycle_trump(k + 1, size) for k, size in enumerate(sizes))
        trumps = tuple(NO_TRUMP if suit is None else int(suit) for suit in cycle)
    return Plan(
        hand_sizes=sizes,
        trumps=trumps,
        turn_up=turn_up,
        score=score_function(rules),
        zero_limit=rules.zero_bid_limit_applies(n),
        in_turn=rules.bidding == "in-turn",
        next_seat=tuple((seat + 1) % n for seat in range(n)),
    )
