"""The fixed choices of slash command options (Discord shows them as menus)."""

from __future__ import annotations

from typing import Literal

PresetChoice = Literal["classic", "judgement", "oh-hell", "short", "one-to-seven"]
ScheduleChoice = Literal["down-up", "up-down", "down", "up"]
TrumpChoice = Literal["cycle", "cycle-no-trump", "turn-up", "none", "no-trump-one-card"]
ScoringChoice = Literal["classic", "ten-times", "trick-plus-bonus", "penalty-per-trick",
                        "judgement", "quadratic", "ten-per-trick"]
ZeroChoice = Literal["formula", "five", "five-plus-cards"]
BiddingChoice = Literal["in-turn", "simultaneous"]
SortChoice = Literal["wins", "points", "average", "win_rate", "bid_accuracy"]
PeriodChoice = Literal["all", "30d", "7d"]
GamesChoice = Literal["all", "online", "table"]
