"""Moves for seats the bot plays: computer players, and people who timed out or left.

The computer players (``ai``) see only their seat's view. Decisions are seeded from
the game and the move number, so a restarted bot makes the same choices.
"""

from __future__ import annotations

import hashlib
from typing import Final

from ai.errors import NothingToChoose
from ai.factory import LEVELS, make_player
from ai.names import computer_name
from engine import Bid, Game, Phase, Play

DEFAULT_LEVEL: Final = "medium"
"""Who plays for a person who timed out or left."""
LEVEL_LABELS: Final = {
    "easy": "Easy — plays plausibly, makes mistakes",
    "medium": "Medium — a sound rule-based player",
    "hard": "Hard — searches ahead, bids sharply",
    "reference": "Reference — the simple benchmark heuristic",
}

__all__ = ["DEFAULT_LEVEL", "LEVELS", "LEVEL_LABELS", "choose_action", "computer_name"]


def _decision_seed(game: Game, seat: int) -> int:
    material = (game.seed or b"") + game.action_count.to_bytes(4, "big") + bytes([seat])
    return int.from_bytes(hashlib.sha256(material).digest()[:8], "big")


def choose_action(game: Game, seat: int, level: str) -> Bid | Play:
    """The move the computer makes for ``seat`` now (legal by construction)."""
    player = make_player(level if level in LEVELS else DEFAULT_LEVEL, _decision_seed(game, seat))
    view = game.view(seat)
    if game.phase is Phase.BIDDING:
        bid = player.choose_bid(view)
        return Bid(seat, bid if bid in view.legal_bids else game.legal_bids(seat)[0])
    try:
        card = player.choose_card(view)
    except NothingToChoose:
        card = game.legal_cards(seat)[0]  # a one-card blind deal: the only card
    legal = game.legal_cards(seat)
    return Play(seat, card if card in legal else legal[0])
