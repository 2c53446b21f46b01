"""Deal reviews for the people who played: computed off the event loop, cached per
player and deal, and refused with "try again later" when the bot is busy, so that a
review never slows the games being played."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Final

from ai.review import DealReview, GameReview, game_review_of, review_deal
from engine import Game

CACHED_REVIEWS: Final = 512
WAITING_AT_MOST: Final = 2
"""Reviews waiting for the worker beyond the one it runs; more and the asker is told
to try again later."""


SUMMARIES_WAITING: Final = 8
"""Game summaries for final DMs (:meth:`Reviews.game_summary`) waiting their turn, two
tables' players; beyond that the DM says where to ask later instead."""


class ReviewBusy(Exception):
    """The review worker has enough to do; the asker should try again in a minute."""


class Reviews:
    def __init__(self) -> None:
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        self._cache: OrderedDict[tuple[int, int, int], DealReview] = OrderedDict()
        self._pending = 0
        self._summary_turn = asyncio.Lock()
        self._summaries_waiting = 0

    async def deal(self, game_id: int, game: Game, deal: int, seat: int) -> DealReview:
        """``seat``'s review of finished deal ``deal``; raises ``ReviewError`` for a deal
        that is not finished, ``ReviewBusy`` when too many reviews are waiting."""
        key = (game_id, seat, deal)
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
            return found
        if self._pending > WAITING_AT_MOST:
            raise ReviewBusy
        self._pending += 1
        try:
            loop = asyncio.get_running_loop()
            review = await loop.run_in_executor(self._worker, review_deal, game, deal, seat)
        finally:
            self._pending -= 1
        self._cache[key] = review
        while len(self._cache) > CACHED_REVIEWS:
            self._cache.popitem(last=False)
        return review

    async def game(self, game_id: int, game: Game, seat: int) -> GameReview:
        """The review of every finished deal, with the game's summary (cached deals
        reused)."""
        deals = [await self.deal(game_id, game, result.number, seat)
                 for result in game.results()]
        return game_review_of(game, seat, deals)

    async def game_summary(self, game_id: int, game: Game, seat: int) -> GameReview:
        """The game's review for its final DM: summaries are worked out one at a time,
        each deal's review queued behind any a player asked for, so they never hold up
        a review someone is waiting for. Raises ``ReviewBusy`` when
        ``SUMMARIES_WAITING`` summaries are already waiting, or when the asked-for
        reviews pile up while this one is worked out."""
        if self._summaries_waiting >= SUMMARIES_WAITING:
            raise ReviewBusy
        self._summaries_waiting += 1
        try:
            async with self._summary_turn:
                return await self.game(game_id, game, seat)
        finally:
            self._summaries_waiting -= 1

    def cached_reviews(self) -> int:
        """How many deal reviews the cache holds."""
        return len(self._cache)

    def close(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)
