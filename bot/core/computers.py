"""Moves for seats the bot plays: computer players, and people who timed out or left.

A computer player sees only its seat's view and decides in a worker thread, so a
slow decision never holds up other games' clicks. Decisions are seeded from the
game's seed and the move number, so a restarted bot makes the same choices.
"""

from __future__ import annotations

import asyncio
import hashlib
from concurrent.futures import ThreadPoolExecutor
from typing import Final

from ai.errors import NothingToChoose
from ai.factory import LEVELS, make_player
from engine import Bid, Card, Game, Phase, Play, SeatView

DEFAULT_LEVEL: Final = "medium"
"""Who plays for a person who timed out or left."""
PLAYABLE_LEVELS: Final = tuple(level for level in LEVELS if level != "reference")


def decision_seed(game: Game, seat: int) -> int:
    material = (game.seed or b"") + game.action_count.to_bytes(4, "big") + bytes([seat])
    return int.from_bytes(hashlib.sha256(material).digest()[:8], "big")


def decide(view: SeatView, level: str, seed: int) -> int | Card | None:
    """A bid, a card, or ``None`` for "my only card" in a one-card blind deal
    (the seat cannot see it). Pure: the view and the seed decide."""
    assert view.seat is not None
    player = make_player(level if level in LEVELS else DEFAULT_LEVEL, seed)
    if view.phase is Phase.BIDDING:
        bid = player.choose_bid(view)
        return bid if bid in view.legal_bids else view.legal_bids[0]
    if view.hand_hidden:
        return None
    try:
        card = player.choose_card(view)
    except NothingToChoose:
        return None
    return card if card in view.legal_cards else view.legal_cards[0]


def as_action(game: Game, seat: int, choice: int | Card | None) -> Bid | Play:
    if isinstance(choice, Card):  # before int: a card is an int too
        return Play(seat, choice)
    if choice is None:
        return Play(seat, game.legal_cards(seat)[0])  # the hidden one-card deal
    return Bid(seat, choice)


class ComputerPlayers:
    """Runs decisions in a small pool of worker threads, off the event loop."""

    def __init__(self, workers: int = 2) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="computer")

    async def choose(self, game: Game, seat: int, level: str) -> Bid | Play:
        """The move the computer makes for ``seat`` now (legal by construction)."""
        view = game.view(seat)
        seed = decision_seed(game, seat)
        loop = asyncio.get_running_loop()
        choice = await loop.run_in_executor(self._pool, decide, view, level, seed)
        return as_action(game, seat, choice)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
