"""Rules in words: one line for a lobby, and the phrases it is built from."""

from __future__ import annotations

from typing import Final

RULES_DOC: Final = "docs/rules.md"
"""The complete rules in words, relative to the repository's root; linked from the
README, ``kachuful --help`` and ``/kachuful rules``."""

SCHEDULE_TEXT: Final = {
    "down-up": "largest hand down to 1 and back up",
    "up-down": "1 card up to the largest hand and back down",
    "down": "largest hand down to 1",
    "up": "1 card up to the largest hand",
}
TRUMP_TEXT: Final = {
    "cycle": "trump ♠♦♣♥ in turn",
    "cycle-no-trump": "trump ♠♦♣♥ then a no-trump deal",
    "turn-up": "trump from the turned-up card",
    "none": "no trump",
    "no-trump-one-card": "trump ♠♦♣♥ in turn, none in one-card deals",
}
SCORING_TEXT: Final = {
    "classic": "exact bid scores 10 + bid, a miss 0",
    "ten-times": "exact bid scores 10 × bid + 10, a miss 0",
    "trick-plus-bonus": "1 point a trick, +10 for an exact bid",
    "penalty-per-trick": "exact bid scores 10 + bid, a miss −1 a trick off",
    "judgement": "exact bid +10, a miss −10",
    "quadratic": "exact bid scores 10 + bid², a miss −(difference²)",
    "ten-per-trick": "exact bid scores 10 a trick, a miss −10 a trick off",
}
ZERO_TEXT: Final = {
    "formula": "",
    "five": "an exact 0 scores 5",
    "five-plus-cards": "an exact 0 scores 5 + cards dealt",
}
