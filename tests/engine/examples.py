"""The records shipped in ``examples/``, rebuilt from code so tests can keep them honest."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine import DealCards, Game, preset_rules
from engine.record import game_to_record
from tests.engine.worked_example import BIDS, DEALER_BID, HANDS, PLAYS, game_at_worked_example

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _sensible_bid(game: Game, seat: int, rng: random.Random) -> int:
    """A rough table bid: high cards and trumps count as tricks."""
    trump = game.trump
    strong = sum(1 for card in game.hand(seat) if card.rank >= 11 or card.suit == trump)
    legal = game.legal_bids(seat)
    want = max(0, round(strong * 0.6) + rng.choice((-1, 0, 0, 1)))
    return min(legal, key=lambda bid: (abs(bid - want), bid))


def short_game() -> Game:
    """A complete game of the ``short`` preset, played by a seeded rough strategy."""
    rng = random.Random(2026)
    game = Game(preset_rules("short"), ["Asha", "Bikram", "Chandra", "Deepa"], 2026)
    while not game.is_over:
        seat = game.awaiting()[0]
        if game.legal_bids(seat):
            game.bid(seat, _sensible_bid(game, seat, rng))
        else:
            game.play(seat, rng.choice(game.legal_cards(seat)))
    return game


def short_game_record() -> dict[str, Any]:
    return game_to_record(short_game(), include_seed=True)


def worked_example_record() -> dict[str, Any]:
    """RULES.md's worked example as deal 3 of a record, the game left unfinished."""
    game = game_at_worked_example()
    game.deal(DealCards(HANDS))
    for seat, bid in BIDS.items():
        game.bid(seat, bid)
    game.bid(3, DEALER_BID)
    for card in PLAYS:
        seat = game.turn
        assert seat is not None
        game.play(seat, card)
    return game_to_record(game)
