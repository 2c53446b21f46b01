"""Computer players for Call Break (see :mod:`ai.callbreak.players`)."""

from ai.callbreak.decide import decide_callbreak
from ai.callbreak.players import LEVELS, CallBreakPlayer, make_callbreak_player

__all__ = ["LEVELS", "CallBreakPlayer", "decide_callbreak", "make_callbreak_player"]
