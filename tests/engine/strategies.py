"""Hypothesis strategies: random rules and random legal games."""

from __future__ import annotations

from typing import get_args

from hypothesis import strategies as st

from engine import Rules
from engine.rules import Schedule, Scoring, TrumpMode, ZeroBidReward

SCHEDULES = get_args(Schedule)
TRUMPS = get_args(TrumpMode)
SCORINGS = get_args(Scoring)
REWARDS = get_args(ZeroBidReward)


@st.composite
def rules_and_players(draw: st.DrawFn, max_hand_cap: int = 6) -> tuple[Rules, int]:
    """Any valid rules with a player count they allow. Hands are capped to keep
    whole games quick; the schedule logic is the same for larger hands."""
    eight = draw(st.booleans())
    players = draw(st.integers(3, 8 if eight else 7))
    simultaneous = draw(st.booleans())
    rules = Rules(
        allow_eight_players=eight,
        max_hand=draw(st.integers(1, min(max_hand_cap, 52 // players))),
        schedule=draw(st.sampled_from(SCHEDULES)),
        trump=draw(st.sampled_from(TRUMPS)),
        hook=False if simultaneous else draw(st.booleans()),
        bidding="simultaneous" if simultaneous else "in-turn",
        scoring=draw(st.sampled_from(SCORINGS)),
        zero_bid_reward=draw(st.sampled_from(REWARDS)),
        zero_bid_limit=draw(st.booleans()),
        blind_bids=draw(st.booleans()),
        one_card_blind=draw(st.booleans()),
    )
    return rules, players
