"""Where a match is: the phases every game of the engine goes through."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    """Where the match is. ``DRAW`` and ``DEAL`` wait for chance actions."""

    DRAW = "draw"
    DEAL = "deal"
    BIDDING = "bidding"
    PLAYING = "playing"
    GAME_OVER = "game-over"


# Module-level names: reading an enum member through its class costs several times
# more than a global, and the play path reads the phase on every card.
DRAW: Final = Phase.DRAW
DEAL: Final = Phase.DEAL
BIDDING: Final = Phase.BIDDING
PLAYING: Final = Phase.PLAYING
GAME_OVER: Final = Phase.GAME_OVER
