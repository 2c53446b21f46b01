"""Moves for seats the bot plays: computer players, and people who timed out or left.

A computer player sees only its seat's view (``ai.decide``) and decides in a worker
thread, so a slow decision never holds up other games' clicks. Each decision is
seeded from the game's seed, the move number and the seat, and ``hard`` counts its
work rather than reading the clock, so a restarted bot makes the same choices on
any machine.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Final

from ai.callbreak import LEVELS as CALLBREAK_LEVELS
from ai.callbreak import decide_callbreak
from ai.decide import PlayHiddenCard, decide, decision_seed
from ai.factory import LEVELS
from engine import Bid, CallBreakGame, Play
from engine.kinds import AnyGame

DEFAULT_LEVEL: Final = "medium"
"""Who plays for a person who timed out or left."""
PLAYABLE_LEVELS: Final = tuple(level for level in LEVELS if level != "reference")


class ComputerPlayers:
    """Runs decisions in a small pool of worker threads, off the event loop."""

    def __init__(self, workers: int = 2) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="computer")

    async def choose(self, game: AnyGame, seat: int, level: str) -> Bid | Play:
        """The move the computer makes for ``seat`` now (legal by construction)."""
        seed = decision_seed(game.seed, game.action_count, seat)
        known = level if level in LEVELS else DEFAULT_LEVEL
        loop = asyncio.get_running_loop()
        if isinstance(game, CallBreakGame):
            # Call Break's own players, from the engine's legal calls and cards.
            known = level if level in CALLBREAK_LEVELS else DEFAULT_LEVEL
            return await loop.run_in_executor(self._pool, decide_callbreak, game.view(seat),
                                              known, seed)
        move = await loop.run_in_executor(self._pool, decide, game.view(seat), known, seed)
        if isinstance(move, PlayHiddenCard):
            return Play(seat, game.legal_cards(seat)[0])  # its only card, which it can't see
        return move

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
