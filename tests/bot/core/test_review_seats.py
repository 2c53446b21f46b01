"""A person's bid record in the server reaches the deal review's model of the table
(issue 31): computers by their level, people with their hits in the server's other
finished games (in all, zero bids and high bids), never the reviewed game's own."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from ai.review import (
    DealReview,
    LoggedGame,
    PlayerHistory,
    SeatModel,
    review_deal,
    review_logged_deal,
)
from ai.review.seats import table_skills
from bot.adapter.outbound import reviews as reviews_module
from bot.adapter.outbound.reviews import Reviews
from bot.core.review_seats import review_seats
from bot.storage import Storage
from engine import DealResult, Game
from tests.bot.storage.helpers import computer, human, play_finished_game

GUILD, OTHER_GUILD = 1, 2


def record(games: list[Game], seat: int) -> PlayerHistory:
    """``seat``'s bids over ``games``, from the engine: in all, zero bids and high bids
    (over an even share of the deal's tricks)."""
    deals = [(r, game.player_count) for game in games for r in game.results()]
    zero = [r for r, _ in deals if r.bids[seat] == 0]
    high = [r for r, players in deals if r.bids[seat] * players > r.hand_size]

    def hits(results: list[DealResult]) -> int:
        return sum(r.bids[seat] == r.tricks[seat] for r in results)

    every = [r for r, _ in deals]
    return PlayerHistory(len(every), hits(every), len(zero), hits(zero), len(high), hits(high))


async def test_each_persons_record_of_the_servers_other_games_reaches_the_model(
    storage: Storage,
) -> None:
    table = [human(1), human(2), computer("Mira (hard bot)", "hard")]
    earlier = [(await play_finished_game(storage, GUILD, table, seed=s))[1] for s in (1, 2)]
    await play_finished_game(storage, OTHER_GUILD, table, seed=3)  # another server's
    game_id, game = await play_finished_game(storage, GUILD, table, seed=4)

    seats = await review_seats(storage, game_id, game, (1, 2, None))

    # The reviewed game is finished and stored too, but only the two earlier count.
    assert seats == (
        SeatModel(history=record(earlier, 0)),
        SeatModel(history=record(earlier, 1)),
        SeatModel("hard"),
    )
    assert seats is not None and seats[0].history is not None
    assert seats[0].history.bids == 2 * len(game.results())
    assert sum(seat.history.high_bids for seat in seats if seat.history) > 0


async def test_a_newcomer_has_an_empty_record(storage: Storage) -> None:
    game_id, game = await play_finished_game(
        storage, GUILD, [human(5), human(6), computer("Ravi (easy bot)")], seed=9
    )
    seats = await review_seats(storage, game_id, game, (5, 6, None))
    assert seats == (*(SeatModel(history=PlayerHistory(0, 0)),) * 2, SeatModel("easy"))


async def test_the_bots_review_is_worked_out_with_the_records(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = [human(1), human(2), human(3)]
    for seed in (11, 12, 13):
        await play_finished_game(storage, GUILD, table, seed=seed)
    game_id, game = await play_finished_game(storage, GUILD, table, seed=14)
    seats = await review_seats(storage, game_id, game, (1, 2, 3))
    assert seats is not None
    sent: list[LoggedGame] = []

    def recording(logged: LoggedGame, deal: int, seat: int) -> DealReview:
        sent.append(logged)
        return review_logged_deal(logged, deal, seat)

    monkeypatch.setattr(reviews_module, "review_logged_deal", recording)
    worker = ThreadPoolExecutor(max_workers=1)
    try:
        review = await Reviews(lambda: worker).deal(game_id, game, 2, 0, seats)
    finally:
        worker.shutdown(wait=True)
    assert [logged.seats for logged in sent] == [seats]
    assert review == review_deal(game, 2, 0, seats=seats)
    # The records move the skills the review reads, away from the default's.
    assert table_skills(game, 2, seats) != table_skills(game, 2, None)
