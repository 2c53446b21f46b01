"""Deal reviews are worked out in a worker process, cached, and survive its death."""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from ai.review import ReviewError, review_deal
from bot.adapter.outbound import reviews as reviews_module
from bot.adapter.outbound.reviews import ReviewBusy, Reviews, review_process
from engine import Game
from engine.record import load_record

EXAMPLES = Path(__file__).resolve().parents[4] / "examples"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_record((EXAMPLES / "short-game.json").read_text())


@pytest.fixture
def workers() -> Iterator[list[Executor]]:
    started: list[Executor] = []
    yield started
    for worker in started:
        worker.shutdown(wait=True, cancel_futures=True)


def counting(started: list[Executor]) -> Reviews:
    def worker() -> Executor:
        started.append(review_process())
        return started[-1]

    return Reviews(worker)


async def test_a_review_from_the_worker_process_is_the_one_worked_out_here(
    game: Game, workers: list[Executor]
) -> None:
    reviews = counting(workers)
    assert not workers, "no process is started before the first review"
    review = await reviews.deal(7, game, 2, 1)
    assert review == review_deal(game, 2, 1)
    assert isinstance(workers[0], ProcessPoolExecutor)
    # The worker runs in another process, not a thread of this one.
    pid = workers[0].submit(os.getpid).result(timeout=30)
    assert pid != os.getpid()
    assert await reviews.deal(7, game, 2, 1) is review, "cached"
    assert reviews.cached_reviews() == 1
    reviews.close()


async def test_an_unfinished_deal_is_refused_through_the_worker(
    game: Game, workers: list[Executor]
) -> None:
    reviews = counting(workers)
    with pytest.raises(ReviewError, match="there is no deal 99"):
        await reviews.deal(7, game, 99, 0)
    assert reviews.cached_reviews() == 0
    reviews.close()


async def test_a_dead_worker_is_replaced_at_the_next_review(
    game: Game, workers: list[Executor]
) -> None:
    reviews = counting(workers)
    await reviews.deal(7, game, 1, 0)
    # The worker process dies (as if killed or out of memory).
    dying = workers[0].submit(os._exit, 1)
    with pytest.raises(BrokenProcessPool):
        dying.result(timeout=30)
    with pytest.raises(ReviewBusy):
        await reviews.deal(7, game, 2, 0)
    assert len(workers) == 1, "the broken worker is dropped, not restarted at once"
    review = await reviews.deal(7, game, 2, 0)
    assert review == review_deal(game, 2, 0)
    assert len(workers) == 2, "a new worker answered"
    reviews.close()


async def test_where_no_process_can_be_made_a_thread_reviews_instead(
    game: Game, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_processes(*args: object, **kwargs: object) -> Executor:
        raise NotImplementedError("no sem_open")

    monkeypatch.setattr(reviews_module, "ProcessPoolExecutor", no_processes)
    worker = review_process()
    try:
        assert isinstance(worker, ThreadPoolExecutor)
        assert "no worker process here" in caplog.text
        reviews = Reviews(lambda: worker)
        assert await reviews.deal(7, game, 1, 2) == review_deal(game, 1, 2)
    finally:
        worker.shutdown(wait=True)
