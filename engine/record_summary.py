"""What ``kachuful replay`` prints for a game of either kind."""

from __future__ import annotations

from typing import Any

from engine.callbreak.game import CallBreakGame
from engine.callbreak.points import points
from engine.callbreak.record import callbreak_summary_deal
from engine.callbreak.rules import GAME as CALLBREAK
from engine.game import Game

AnyGame = Game | CallBreakGame
"""A game of either kind a record can hold: Kachuful (no ``"game"`` field) or Call Break."""


def replay_summary(game: AnyGame) -> dict[str, Any]:
    """What ``kachuful replay`` prints: finished deals, totals, and the winners of a
    complete game. Call Break's scores and totals are JSON numbers such as ``4.2``."""
    if isinstance(game, CallBreakGame):
        summary: dict[str, Any] = {
            "game": CALLBREAK,
            "complete": game.is_over,
            "totals": [points(total) for total in game.totals()],
        }
        if game.is_over:
            summary["winners"] = list(game.standings()[1])
        summary["deals"] = [callbreak_summary_deal(result) for result in game.results()]
        return summary
    deals = [
        {
            "number": result.number,
            "hand_size": result.hand_size,
            "trump": None if result.trump is None else result.trump.letter,
            "dealer": result.dealer,
            "bids": list(result.bids),
            "tricks": list(result.tricks),
            "trick_winners": list(result.trick_winners),
            "scores": list(result.scores),
            "totals": list(result.totals),
        }
        | ({"revokes": list(result.revokes)} if any(result.revokes) else {})
        for result in game.results()
    ]
    summary = {"complete": game.is_over, "totals": list(game.totals())}
    if game.is_over:
        summary["winners"] = list(game.standings()[1])
    summary["deals"] = deals
    return summary


