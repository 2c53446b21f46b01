"""High bids in storage (issue 31): each result counts its seat's high bids (more than
an even share of the deal's tricks) and how many were hit, Kachuful only; a deal
review's bid records sum them per person over the server's other games of the same
game; results stored before migration 0014 keep 0 (SQLite and PostgreSQL)."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from bot.storage import Storage, summarize
from bot.storage.models import BidRecord
from engine import Bid, Game, Phase, Play, Rules
from tests.bot.storage.conftest import OpenStorage
from tests.bot.storage.helpers import (
    NOW,
    first_legal,
    human,
    play_finished_game,
    play_until,
    start_game,
)
from tests.bot.storage.postgres_server import Location, raw_execute
from tests.bot.storage.test_game_kinds import play_callbreak

GUILD, OTHER_GUILD = 1, 2
# Hands of 3, 2 and 1 cards at three seats, no hook: every scripted bid is legal.
RULES = Rules(max_hand=3, schedule="down", hook=False)
SCRIPT = {0: None, 1: 0, 2: 1}
"""Each seat's bid: seat 0 the whole hand (always high), seat 1 zero (never high),
seat 2 one (high in hands of 2 and 1, whose even share is under one trick)."""


def scripted(game: Game) -> Bid | Play:
    if game.phase is not Phase.BIDDING:
        return first_legal(game)
    bids = [a for a in game.legal_actions() if isinstance(a, Bid)]
    wanted = SCRIPT[bids[0].seat]
    return next(b for b in bids if b.bid == (game.hand_size if wanted is None else wanted))


async def stored_kinds(location: Location, game_id: int) -> list[tuple[int, ...]]:
    return await raw_execute(
        location, "SELECT seat, zero_bids, zero_hits, high_bids, high_hits FROM results "
        "WHERE game_id = ? ORDER BY seat", (game_id,))


async def test_a_finished_game_stores_each_seats_high_bids_and_hits(
    storage: Storage, database: Location
) -> None:
    game_id, game = await start_game(
        storage, GUILD, [human(1), human(2), human(3)], seed=5, rules=RULES)
    play_until(game, scripted, lambda _: False)
    deals = game.results()
    assert [(d.hand_size, d.bids) for d in deals] == [(3, (3, 0, 1)), (2, (2, 0, 1)),
                                                     (1, (1, 0, 1))]
    results = await storage.games.finish_game(game_id, game, now=NOW)

    def hits(seat: int, sizes: tuple[int, ...]) -> int:
        return sum(d.tricks[seat] == d.bids[seat] for d in deals if d.hand_size in sizes)

    expected = [
        (0, 0, 0, 3, hits(0, (3, 2, 1))),
        (1, 3, hits(1, (3, 2, 1)), 0, 0),
        (2, 0, 0, 2, hits(2, (2, 1))),
    ]
    assert await stored_kinds(database, game_id) == expected
    assert [(r.high_bids, r.high_hits) for r in results] == [row[3:] for row in expected]


async def test_call_break_results_count_no_high_bids(
    storage: Storage, database: Location
) -> None:
    game_id, game = await play_callbreak(storage, [human(1), human(2), human(3), human(4)], 7)
    # Calls over an even share of 13 tricks were made, yet none is counted as high.
    assert any(bid * 4 > 13 for deal in game.results() for bid in deal.bids)
    assert all(row[3:] == (0, 0) for row in await stored_kinds(database, game_id))


def records_of(games: list[Game], seats: dict[int, int]) -> dict[int, BidRecord]:
    """Each person's summed results over ``games`` (``seats``: user id → seat)."""
    records = {}
    for user, seat in seats.items():
        rows = [summarize(game)[seat] for game in games]
        records[user] = BidRecord(
            sum(r.deals_played for r in rows), sum(r.bids_hit for r in rows),
            sum(r.zero_bids for r in rows), sum(r.zero_hits for r in rows),
            sum(r.high_bids for r in rows), sum(r.high_hits for r in rows))
    return records


async def test_bid_records_sum_the_kinds_of_the_servers_other_games_of_the_same_game(
    storage: Storage,
) -> None:
    people = [human(1), human(2), human(3)]
    earlier = [(await play_finished_game(storage, GUILD, people, seed=s))[1] for s in (1, 2)]
    await play_finished_game(storage, OTHER_GUILD, people, seed=3)
    callbreak_id, _ = await play_callbreak(storage, [*people, human(4)], 8)
    _, other_callbreak = await play_callbreak(storage, [*people, human(4)], 9)
    reviewed, _ = await play_finished_game(storage, GUILD, people, seed=4)

    records = await storage.stats.bid_records(reviewed, [1, 2, 3, 99])
    expected = records_of(earlier, {1: 0, 2: 1, 3: 2})
    assert records == {**expected, 99: BidRecord()}
    assert sum(record.high_bids for record in records.values()) > 0
    # A Call Break game's review reads the other Call Break game only: its calls made.
    made = summarize(other_callbreak)[0]
    assert await storage.stats.bid_records(callbreak_id, [1]) == {
        1: BidRecord(made.deals_played, made.bids_hit)}


async def _back_to_version_13(location: Location) -> None:
    """The database as migrations 1–13 left it: 0014's columns taken away (the hits
    first: their check names the bids)."""
    for column in ("high_hits", "high_bids"):
        await raw_execute(location, f"ALTER TABLE results DROP COLUMN {column}")
    if isinstance(location, str):
        await raw_execute(location, "DELETE FROM schema_migrations WHERE version >= 14")
    else:
        await raw_execute(location, "PRAGMA user_version = 13")


async def test_the_migration_keeps_older_results_with_no_high_bids(
    database: Location, open_storage: OpenStorage
) -> None:
    storage = await open_storage(database)
    old_id, _ = await play_finished_game(storage, GUILD, [human(1), human(2), human(3)], seed=1)
    columns = ("game_id, seat, user_id, total, place, deals_played, bids_hit, zero_bids, "
               "zero_hits, hooked, rating_mu, game")
    before = await raw_execute(database, f"SELECT {columns} FROM results ORDER BY game_id, seat")
    await storage.close()
    await _back_to_version_13(database)

    again = await open_storage(database)
    assert again.version_before == 13
    assert await raw_execute(
        database, f"SELECT {columns} FROM results ORDER BY game_id, seat") == before
    assert all(row[3:] == (0, 0) for row in await stored_kinds(database, old_id))
    new_id, game = await start_game(again, GUILD, [human(1), human(2), human(3)], seed=6,
                                    rules=RULES)
    play_until(game, scripted, lambda _: False)
    await again.games.finish_game(new_id, game, now=NOW)
    assert [row[3] for row in await stored_kinds(database, new_id)] == [3, 0, 2]
    # A record reads the old game's bids with no high ones (they were never counted).
    old_only = (await again.stats.bid_records(new_id, [1]))[1]
    assert (old_only.bids, old_only.high_bids) == (9, 0)
    new_only = (await again.stats.bid_records(old_id, [1]))[1]
    assert (new_only.bids, new_only.high_bids) == (3, 3)


@pytest.mark.parametrize("change", [
    "high_hits = high_bids + 1",
    "high_bids = deals_played + 1",
    "high_bids = -1, high_hits = -1",
])
async def test_the_database_refuses_impossible_high_bids(
    storage: Storage, database: Location, change: str
) -> None:
    await play_finished_game(storage, GUILD, [human(1), human(2), human(3)], seed=1)
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await raw_execute(database, f"UPDATE results SET {change}")
