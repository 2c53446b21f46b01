"""Skill ratings in storage, on both backends: after every game of a sequence the
stored ratings are openskill's own computation for the same placings (ties, computer
levels and score pads included); a rebuild reproduces them; cancelled games, forget-me
and a server reset behave; the migration rates games played before ratings existed."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from bot.core.scorepad_state import PadState
from bot.storage import Storage
from engine import Rules
from tests.bot.storage.conftest import Location, OpenStorage
from tests.bot.storage.helpers import (
    NOW,
    Player,
    computer,
    first_legal,
    human,
    play_finished_game,
    save_and_apply,
    start_game,
)
from tests.bot.storage.postgres_server import raw_execute
from tests.bot.storage.test_migrations import latest_version

GUILD_A, GUILD_B = 31, 32
OPENSKILL = PlackettLuce()

TABLES: list[tuple[int, list[Player]]] = [
    (GUILD_A, [human(1), human(2), human(3)]),
    (GUILD_A, [human(1), human(2), computer("Robo", "easy"), computer("Ada", "hard")]),
    (GUILD_A, [human(2), human(3), human(4), computer("Ada", "hard")]),
    # Two computers of one level: both play with the level's rating.
    (GUILD_A, [human(1), computer("Robo", "easy"), computer("Eve", "easy")]),
    (GUILD_B, [human(1), human(5), human(6)]),
    (GUILD_A, [human(1), human(3), human(4), human(2)]),
    (GUILD_A, [human(1), human(2), human(3)]),
    (GUILD_A, [human(4), human(1), human(2)]),
]

# A score pad (real cards at a table) in which Asha (1) and Bikram (2) tie on 20, with
# Chandra (3) last and a guest, Esha, who is not rated.
PAD_RULES = Rules(max_hand=2, schedule="down")
PAD_ENTRIES: list[dict[str, Any]] = [
    {"do": "join", "by": 1, "name": "Asha"},
    {"do": "join", "by": 2, "name": "Bikram"},
    {"do": "join", "by": 3, "name": "Chandra"},
    {"do": "guest", "by": 1, "name": "Esha"},
    {"do": "start", "by": 1, "dealer": 0},
]


def key(player: Player) -> str | None:
    if player.user_id is not None:
        return f"user:{player.user_id}"
    return f"computer:{player.level}"


@dataclass
class Oracle:
    """Ratings computed with openskill directly, game after game."""

    ratings: dict[tuple[int, str], PlackettLuceRating] = field(default_factory=dict)
    games: dict[tuple[int, str], int] = field(default_factory=dict)

    def play(self, guild: int, keys: list[str | None], places: list[int]) -> None:
        seats = [(k, p) for k, p in zip(keys, places, strict=True) if k is not None]
        if len(seats) < 2 or not any(k.startswith("user:") for k, _ in seats):
            return
        # One rating object per seat: a level seated twice is two players of equal rating.
        teams = [[self._copy(self.ratings.get((guild, k)))] for k, _ in seats]
        rated = OPENSKILL.rate(teams, ranks=[float(p) for _, p in seats])
        done: set[str] = set()
        for (k, _), team in zip(seats, rated, strict=True):
            if k not in done:  # a level seated twice keeps its first seat's rating
                done.add(k)
                self.ratings[(guild, k)] = team[0]
                self.games[(guild, k)] = self.games.get((guild, k), 0) + 1

    @staticmethod
    def _copy(rating: PlackettLuceRating | None) -> PlackettLuceRating:
        if rating is None:
            return OPENSKILL.rating()
        return OPENSKILL.rating(mu=rating.mu, sigma=rating.sigma)

    def stored_form(self) -> set[tuple[int, str, float, float, int]]:
        return {
            (guild, k, r.mu, r.sigma, self.games[(guild, k)])
            for (guild, k), r in self.ratings.items()
        }


async def stored_ratings(location: Location) -> set[tuple[int, str, float, float, int]]:
    rows = await raw_execute(location, "SELECT guild_id, player, mu, sigma, games FROM ratings")
    return {(int(g), str(p), float(mu), float(s), int(n)) for g, p, mu, s, n in rows}


def pad_entries() -> list[dict[str, Any]]:
    by = {"by": 1}
    entries = list(PAD_ENTRIES)
    # Deal 1, 2 cards, Asha deals: Bikram, Chandra, Esha, Asha bid.
    for seat, bid in ((1, 0), (2, 1), (3, 0), (0, 0)):
        entries.append({"do": "bid", **by, "seat": seat, "bid": bid})
    for seat, tricks in ((0, 0), (1, 0), (2, 0), (3, 2)):
        entries.append({"do": "tricks", **by, "seat": seat, "tricks": tricks})
    # Deal 2, 1 card, Bikram deals.
    for seat, bid in ((2, 0), (3, 0), (0, 0), (1, 0)):
        entries.append({"do": "bid", **by, "seat": seat, "bid": bid})
    for seat, tricks in ((0, 0), (1, 0), (2, 1), (3, 0)):
        entries.append({"do": "tricks", **by, "seat": seat, "tricks": tricks})
    return entries


async def finish_tie_pad(
    storage: Storage, oracle: Oracle | None, when: datetime = NOW
) -> tuple[int, ...]:
    entries = pad_entries()
    pad_id = await storage.pads.create_pad(guild_id=GUILD_A, channel_id=77, keeper_user_id=1,
                                      rules=PAD_RULES, first_entry=entries[0], now=NOW)
    for seq, entry in enumerate(entries[1:], start=1):
        await storage.pads.append_pad_entry(pad_id, seq, entry)
    state = PadState.fold(PAD_RULES, 1, entries)
    assert state.game is not None and state.game.is_over
    places, _ = state.game.standings()
    assert places[0] == places[1] == 1, "Asha and Bikram share first place"
    seats = [(seat.user_id, seat.name) for seat in state.seats]
    _, results = await storage.pads.finish_pad(pad_id, state.game, seats, now=when)
    if oracle is not None:
        oracle.play(GUILD_A, [None if u is None else f"user:{u}" for u, _ in seats], places)
    assert results[3].rating_change is None, "the guest is not rated"
    return tuple(places)


async def play_history(
    storage: Storage, database: Location, oracle: Oracle, *, check: bool = True
) -> None:
    for number, (guild, players) in enumerate(TABLES):
        when = NOW - timedelta(hours=len(TABLES) - number)
        _, game = await play_finished_game(storage, guild, players, seed=700 + number,
                                           finished=when)
        places, _ = game.standings()
        oracle.play(guild, [key(p) for p in players], places)
        if check:
            assert await stored_ratings(database) == oracle.stored_form(), f"after game {number}"
        if number == 3:
            await finish_tie_pad(storage, oracle, when + timedelta(minutes=1))
            if check:
                assert await stored_ratings(database) == oracle.stored_form(), "after the pad"


async def test_ratings_are_openskills_after_every_game_and_rebuild_reproduces_them(
    storage: Storage, database: Location
) -> None:
    oracle = Oracle()
    # A cancelled game with moves played counts nowhere.
    game_id, game = await start_game(storage, GUILD_A, [human(1), human(9), human(2)], seed=5)
    for _ in range(6):
        await save_and_apply(storage, game_id, game, first_legal(game))
    await storage.games.cancel_game(game_id, running=True, now=NOW)
    await play_history(storage, database, oracle)
    assert not any(k == "user:9" for _, k, *_ in await stored_ratings(database))

    report = await storage.ratings.rebuild_ratings()
    assert report.reproduced, report.examples
    assert (report.servers, report.games_rated) == (2, len(TABLES) + 1)
    assert (report.people, report.computers) == (4 + 3, 2)  # per server

    # A tampered rating is found, named and put right.
    await raw_execute(database, "UPDATE ratings SET mu = mu + 1 WHERE player = 'user:2'")
    broken = await storage.ratings.rebuild_ratings()
    assert not broken.reproduced and any("user:2" in line for line in broken.examples)
    assert await stored_ratings(database) == oracle.stored_form()
    assert (await storage.ratings.rebuild_ratings()).reproduced


async def test_leaderboard_and_stats_show_the_conservative_rating(
    storage: Storage, database: Location
) -> None:
    oracle = Oracle()
    await play_history(storage, database, oracle, check=False)
    page = await storage.stats.leaderboard(GUILD_A, sort="rating", page_size=50)
    expected = {
        int(k.split(":")[1]): (round(r.ordinal()), oracle.games[(GUILD_A, k)])
        for (guild, k), r in oracle.ratings.items() if guild == GUILD_A and k.startswith("user:")
    }
    assert {row.user_id: (row.rating, row.rated_games) for row in page.rows} == expected
    assert page.total_players == 4, "computers are rated but never listed"
    # Established players (5+ rated games) first, each part by rating.
    flags = [row.provisional for row in page.rows]
    assert flags == sorted(flags) and flags.count(False) == 3 and flags.count(True) == 1
    assert all(row.provisional == (row.rated_games < 5) for row in page.rows)
    for part in (False, True):
        ratings = [
            oracle.ratings[(GUILD_A, f"user:{row.user_id}")].ordinal()
            for row in page.rows if row.provisional == part
        ]
        assert ratings == sorted(ratings, reverse=True)

    # One kind of game lists the people who played it, still by their whole rating.
    table = await storage.stats.leaderboard(GUILD_A, sort="rating", kinds="table", page_size=50)
    assert [row.user_id for row in table.rows] == [
        row.user_id for row in page.rows if row.user_id in (1, 2, 3)
    ]
    assert [row.rating for row in table.rows] == [
        row.rating for row in page.rows if row.user_id in (1, 2, 3)
    ]
    recent = await storage.stats.leaderboard(GUILD_A, sort="rating", period="7d", now=NOW)
    assert recent.total_players == 4 and recent.period == "7d"
    later = await storage.stats.leaderboard(GUILD_A, sort="rating", period="7d",
                                      now=NOW + timedelta(days=30))
    assert later.rows == () and later.total_players == 0

    stats = await storage.stats.player_stats(GUILD_A, 1)
    mine = oracle.ratings[(GUILD_A, "user:1")]
    assert (stats.rating, stats.rated_games) == (round(mine.ordinal()), 7)  # with the pad
    assert len(stats.rating_history) == 8 and stats.rating_history[0] == 0.0
    assert stats.rating_history[-1] == mine.ordinal()
    assert stats.rating_change == round(stats.rating_history[-1]) - round(stats.rating_history[-2])
    assert (await storage.stats.player_stats(None, 1)).rating is None, "ratings are per server"
    assert (await storage.stats.player_stats(GUILD_A, 5)).rating is None, "5 plays in B only"


async def test_forget_me_and_a_reset_remove_ratings(storage: Storage, database: Location) -> None:
    await play_history(storage, database, Oracle(), check=False)
    before = {(g, k): mu for g, k, mu, _, _ in await stored_ratings(database)}
    await storage.stats.forget_user(3)
    after = {(g, k): mu for g, k, mu, _, _ in await stored_ratings(database)}
    assert (GUILD_A, "user:3") not in after and (GUILD_A, "user:3") in before
    # The others' ratings are rebuilt from the results that are left, without 3's:
    # those who played with 3 moved, server B (where 3 never played) did not.
    assert after[(GUILD_A, "user:2")] != before[(GUILD_A, "user:2")]
    assert all(after[k] == before[k] for k in after if k[0] == GUILD_B)
    assert (await storage.ratings.rebuild_ratings()).reproduced
    assert (GUILD_A, "computer:hard") in after, "computer levels stay rated"

    await storage.stats.reset_guild_leaderboard(GUILD_A)
    left = await stored_ratings(database)
    assert {guild for guild, *_ in left} == {GUILD_B}, "server B keeps its ratings"
    assert (await storage.stats.leaderboard(GUILD_A, sort="rating")).rows == ()
    assert (await storage.stats.player_stats(GUILD_A, 1)).rating_history == ()
    assert (await storage.ratings.rebuild_ratings()).reproduced
    assert await stored_ratings(database) == left


async def test_the_migration_rates_the_games_played_before(
    database: Location, open_storage: OpenStorage
) -> None:
    storage = await open_storage(database)
    await play_history(storage, database, Oracle(), check=False)
    rated = await stored_ratings(database)
    boards = [await storage.stats.leaderboard(GUILD_A, sort=sort, page_size=50, now=NOW)
              for sort in ("wins", "rating")]
    seats = await raw_execute(
        database, "SELECT game_id, seat, rating_mu, rating_sigma, rating_before FROM results "
        "ORDER BY game_id, seat"
    )
    await storage.close()
    await _back_to_version_5(database)
    assert await raw_execute(database, "SELECT COUNT(*) FROM games") == [(len(TABLES) + 1,)]

    again = await open_storage(database)
    assert (again.version_before, again.version) == (5, latest_version())
    assert await stored_ratings(database) == rated
    assert await raw_execute(
        database, "SELECT game_id, seat, rating_mu, rating_sigma, rating_before FROM results "
        "ORDER BY game_id, seat"
    ) == seats
    assert (await again.ratings.rebuild_ratings()).reproduced
    # 0008 rebuilt the running totals and ratings with the game in their key: the same
    # leaderboards, now Kachuful's.
    assert [await again.stats.leaderboard(GUILD_A, sort=sort, page_size=50, now=NOW)
            for sort in ("wins", "rating")] == boards


def _player_totals_without_game(location: Location) -> list[str]:
    """Migration 0008's key of the running totals taken back to (guild, user)."""
    if isinstance(location, str):  # PostgreSQL
        return ["ALTER TABLE player_totals DROP CONSTRAINT player_totals_pkey",
                "ALTER TABLE player_totals DROP COLUMN game",
                "ALTER TABLE player_totals ADD PRIMARY KEY (guild_id, user_id)"]
    columns = ("guild_id, user_id, display_name, last_played, games, wins, shared_wins, "
               "points, best, deals, hits, zero_bids, zero_hits, hooked")
    return [f"CREATE TABLE totals_before AS SELECT {columns} FROM player_totals",
            "DROP TABLE player_totals",
            "ALTER TABLE totals_before RENAME TO player_totals"]


async def _back_to_version_5(location: Location) -> None:
    """The database as migrations 1–5 left it: what 0006 to 0014 added taken away
    (0013 only added columns to routed_clicks; 0014's high hits go before the high
    bids their check names)."""
    statements = [
        "ALTER TABLE results DROP COLUMN high_hits",
        "ALTER TABLE results DROP COLUMN high_bids",
        "DROP TABLE routed_clicks",
        "DROP INDEX games_showing_due",
        "ALTER TABLE games DROP COLUMN showing_seq",
        "ALTER TABLE games DROP COLUMN showing_due",
        "DROP INDEX games_idle_due",
        "ALTER TABLE games DROP COLUMN idle_due",
        "ALTER TABLE seats DROP COLUMN looked_deal",
        "DROP TABLE bot_token_budget",
        "DROP INDEX results_by_game",
        "ALTER TABLE results DROP COLUMN game",
        "ALTER TABLE games DROP COLUMN game",
        "ALTER TABLE score_pads DROP COLUMN game",
        *_player_totals_without_game(location),
        "DROP INDEX games_by_channel",
        "DROP INDEX games_progress_due",
        "ALTER TABLE games DROP COLUMN progress_due",
        "DROP TABLE ratings",
        "DROP INDEX games_rating_order",
        "ALTER TABLE games DROP COLUMN rating_seq",
        "ALTER TABLE results DROP COLUMN rating_mu",
        "ALTER TABLE results DROP COLUMN rating_sigma",
        "ALTER TABLE results DROP COLUMN rating_before",
    ]
    for statement in statements:
        await raw_execute(location, statement)
    if isinstance(location, str):
        await raw_execute(location, "DELETE FROM schema_migrations WHERE version >= 6")
    else:
        await raw_execute(location, "PRAGMA user_version = 5")


@pytest.mark.parametrize("places", [[1, 1, 2], [1, 2, 2, 4], [2, 1, 3]])
def test_the_rating_of_one_game_is_the_librarys(places: list[int]) -> None:
    from bot.storage.ratings import Entry, rate

    entries = [Entry(seat, f"user:{seat}", place) for seat, place in enumerate(places)]
    updated, seats = rate({}, entries)
    expected = OPENSKILL.rate([[OPENSKILL.rating()] for _ in places],
                              ranks=[float(p) for p in places])
    for seat, team in enumerate(expected):
        assert (updated[f"user:{seat}"].mu, updated[f"user:{seat}"].sigma) == (
            team[0].mu, team[0].sigma)
        assert seats[seat].before == 0.0
    tied = [s for s, p in enumerate(places) if places.count(p) > 1]
    assert len({updated[f"user:{s}"].mu for s in tied}) <= 1, "a shared place is a tie"


async def test_games_finished_at_once_by_two_processes_rate_in_turn(
    database: Location, open_storage: OpenStorage
) -> None:
    """Two processes share the database and finish games of one server at the same time:
    each rates after the other, so a rebuild in rating order reproduces them."""
    first, second = await open_storage(database), await open_storage(database)
    ready = []
    for number, storage in enumerate([first, second] * 3):
        # Different people (one open game each), one computer level they all share.
        players = [human(100 + 2 * number), human(101 + 2 * number), computer("Robo", "hard")]
        game_id, game = await start_game(storage, GUILD_A, players, seed=900 + number)
        while not game.is_over:
            await save_and_apply(storage, game_id, game, first_legal(game))
        ready.append((storage, game_id, game))
    await asyncio.gather(*(storage.games.finish_game(game_id, game, now=NOW)
                           for storage, game_id, game in ready))
    order = await raw_execute(database, "SELECT rating_seq FROM games ORDER BY rating_seq")
    assert [seq for (seq,) in order] == [1, 2, 3, 4, 5, 6]
    assert (await first.ratings.rebuild_ratings()).reproduced
