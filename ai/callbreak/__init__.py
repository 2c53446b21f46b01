"""Computer players for Call Break (see :mod:`ai.callbreak.players`)."""

from ai.callbreak.players import LEVELS, CallBreakPlayer, make_callbreak_player

__all__ = ["LEVELS", "CallBreakPlayer", "make_callbreak_player"]
