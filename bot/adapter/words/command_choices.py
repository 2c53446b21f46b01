"""Slash command options shared by several commands: their fixed choices (Discord shows
them as menus) and the descriptions of the rule options."""

from __future__ import annotations

from typing import Any, Final, Literal

from i18n import N_

PresetChoice = Literal["classic", "judgement", "oh-hell", "short", "one-to-seven"]
ScheduleChoice = Literal["down-up", "up-down", "down", "up"]
TrumpChoice = Literal["cycle", "cycle-no-trump", "turn-up", "none", "no-trump-one-card"]
ScoringChoice = Literal["classic", "ten-times", "trick-plus-bonus", "penalty-per-trick",
                        "judgement", "quadratic", "ten-per-trick"]
ZeroChoice = Literal["formula", "five", "five-plus-cards"]
BiddingChoice = Literal["in-turn", "simultaneous"]
SortChoice = Literal["rating", "wins", "points", "average", "win_rate", "bid_accuracy"]
PeriodChoice = Literal["all", "30d", "7d"]
GamesChoice = Literal["all", "online", "table"]
GameChoice = Literal["kachuful", "callbreak"]
"""Which game: the values are ``engine.kinds.GAME_NAMES`` (Kachuful is the default)."""


RULE_OPTION_WORDS: Final = {
    "preset": N_("Rules to start from (default: the server's)"),
    "schedule": N_("Order of hand sizes"),
    "max_hand": N_("Largest hand (default: 52 / players)"),
    "trump": N_("How trump is chosen"),
    "hook": N_("The dealer may not make the bids total the tricks"),
    "bidding": N_("Bid in turn, or all at once"),
    "scoring": N_("How a deal is scored"),
    "zero_bid_reward": N_("What an exact bid of 0 scores"),
    "zero_bid_limit": N_("5+ players: no more than five zero bids in a row"),
    "blind_bids": N_("Allow bidding before looking (exact scores double)"),
}
"""The descriptions of the rule options that ``start`` and ``scorepad`` share."""


def chosen_options(**values: object) -> dict[str, Any]:
    """The rule options the person set (Discord passes ``None`` for the others)."""
    return {key: value for key, value in values.items() if value is not None}
