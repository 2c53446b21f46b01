"""Call Break (Call Bridge, Lakdi): the second game on Kachuful's table.

It shares the deck, tricks, dealing, seeded shuffles, records and replay with
Kachuful, and has its own rules (:class:`CallBreakRules`) and game
(:class:`CallBreakGame`). Scores are kept in tenths of a point; see :mod:`.points`.
"""

from engine.callbreak.game import CallBreakGame
from engine.callbreak.legal import legal_mask
from engine.callbreak.points import points, points_text
from engine.callbreak.rules import GAME, CallBreakRules
from engine.callbreak.view import CallBreakView

__all__ = [
    "GAME",
    "CallBreakGame",
    "CallBreakRules",
    "CallBreakView",
    "legal_mask",
    "points",
    "points_text",
]
