"""Deal reviews for the people who played: computed in a worker process, cached per
player and deal, and refused with "try again later" when the bot is busy, so that a
review never slows the games being played.

The worker is a process, not a thread: a review is pure Python and holds the
interpreter for up to a second, which in a thread would slow the event loop that
serves every game. It is started at the first review (about half a second, then some
40 MB), and a worker that died is replaced at the next review. Where a host can't
make processes, a thread does the work (see :func:`review_process`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final

from ai.review import (
    DealReview,
    GameReview,
    LoggedGame,
    SeatModel,
    game_review_of,
    review_logged_deal,
)
from engine import Game

log = logging.getLogger(__name__)

CACHED_REVIEWS: Final = 512
WAITING_AT_MOST: Final = 2
"""Reviews waiting for the worker beyond the one it runs; more and the asker is told
to try again later."""


SUMMARIES_WAITING: Final = 8
"""Game summaries for final DMs (:meth:`Reviews.game_summary`) waiting their turn, two
tables' players; beyond that the DM says where to ask later instead."""


class ReviewBusy(Exception):
    """The review worker has enough to do (or has just been replaced); the asker should
    try again in a minute."""


def review_process() -> Executor:
    """One worker process, started fresh rather than forked: a fork of the running bot
    would copy its event loop, connections and threads. Where processes can't be made
    (no POSIX semaphores, as on some hosts), a thread does the work instead."""
    try:
        return ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn")
        )
    except (NotImplementedError, ImportError, OSError) as exc:
        log.warning("reviews run in a thread: no worker process here (%s)", exc)
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")


class Reviews:
    def __init__(self, worker: Callable[[], Executor] = review_process) -> None:
        self._new_worker = worker
        self._worker: Executor | None = None
        self._cache: OrderedDict[tuple[int, int, int], DealReview] = OrderedDict()
        self._pending = 0
        self._summary_turn = asyncio.Lock()
        self._summaries_waiting = 0

    async def deal(
        self, game_id: int, game: Game, deal: int, seat: int,
        seats: Sequence[SeatModel] | None = None,
    ) -> DealReview:
        """``seat``'s review of finished deal ``deal``, with who sits at each seat
        (``seats``: default read from the names); raises ``ReviewError`` for a deal
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
            review = await self._work_out(LoggedGame.of(game, seats), deal, seat)
        finally:
            self._pending -= 1
        self._cache[key] = review
        while len(self._cache) > CACHED_REVIEWS:
            self._cache.popitem(last=False)
        return review

    async def game(
        self, game_id: int, game: Game, seat: int, seats: Sequence[SeatModel] | None = None
    ) -> GameReview:
        """The review of every finished deal, with the game's summary (cached deals
        reused)."""
        deals = [await self.deal(game_id, game, result.number, seat, seats)
                 for result in game.results()]
        return game_review_of(game, seat, deals)

    async def game_summary(
        self, game_id: int, game: Game, seat: int, seats: Sequence[SeatModel] | None = None
    ) -> GameReview:
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
                return await self.game(game_id, game, seat, seats)
        finally:
            self._summaries_waiting -= 1

    async def _work_out(self, game: LoggedGame, deal: int, seat: int) -> DealReview:
        if self._worker is None:
            self._worker = self._new_worker()
        worker = self._worker
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(worker, review_logged_deal, game, deal, seat)
        except BrokenProcessPool:
            # The worker died (killed, out of memory): the next review starts another.
            log.warning("the review worker stopped; starting another at the next review")
            if self._worker is worker:
                self._worker = None
            worker.shutdown(wait=False, cancel_futures=True)
            raise ReviewBusy from None

    def cached_reviews(self) -> int:
        """How many deal reviews the cache holds."""
        return len(self._cache)

    def close(self) -> None:
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)
            self._worker = None
