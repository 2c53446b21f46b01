"""Leaderboards and player stats, checked against figures computed from the engine."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pytest

from bot.storage import (
    LEADERBOARD_SORTS,
    GuildSettings,
    InvalidValue,
    LeaderboardRow,
    LeaderboardSort,
    Period,
    Storage,
)
from bot.storage.stats import FORGOTTEN_NAME
from engine import Game
from tests.bot.storage.helpers import (
    NOW,
    Player,
    computer,
    first_legal,
    human,
    play_finished_game,
    play_until,
    save_and_apply,
    start_game,
)

GUILD_A, GUILD_B = 1, 2


@dataclass
class Tally:
    """What the oracle knows about one player, added up straight from engine games."""

    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    points: int = 0
    best: int | None = None
    deals: int = 0
    hits: int = 0
    zero_bids: int = 0
    zero_hits: int = 0
    hooked: int = 0
    last: datetime | None = None
    by_size: dict[int, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))

    def add(self, game: Game, seat: int, when: datetime) -> None:
        _, winners = game.standings()
        total = game.totals()[seat]
        self.games += 1
        self.wins += seat in winners
        self.shared_wins += seat in winners and len(winners) > 1
        self.points += total
        self.best = total if self.best is None else max(self.best, total)
        self.last = when if self.last is None else max(self.last, when)
        for deal in game.results():
            bid, won = deal.bids[seat], deal.tricks[seat]
            self.deals += 1
            self.hits += bid == won
            self.zero_bids += bid == 0
            self.zero_hits += bid == 0 and won == 0
            others = sum(deal.bids) - bid
            self.hooked += deal.dealer == seat and game.rules.hook and others <= deal.hand_size
            self.by_size[deal.hand_size][0] += 1
            self.by_size[deal.hand_size][1] += bid == won

    def figure(self, sort: LeaderboardSort) -> float:
        return {
            "wins": self.wins,
            "points": self.points,
            "average": self.points / self.games,
            "win_rate": self.wins / self.games,
            "bid_accuracy": self.hits / self.deals,
        }[sort]


@dataclass
class History:
    """Finished games as the oracle saw them: (guild, finished at, game, seat → user)."""

    games: list[tuple[int, datetime, Game, dict[int, int]]] = field(default_factory=list)

    def tallies(
        self, guild: int | None, since: datetime | None = None, users: Iterable[int] = ()
    ) -> dict[int, Tally]:
        skip = set(users)
        result: dict[int, Tally] = defaultdict(Tally)
        for game_guild, when, game, seat_users in self.games:
            if guild is not None and game_guild != guild:
                continue
            if since is not None and when < since:
                continue
            for seat, user in seat_users.items():
                if user not in skip:
                    result[user].add(game, seat, when)
        return dict(result)


TABLES: list[tuple[int, list[Player], int]] = [
    (GUILD_A, [human(1), human(2), human(3)], 2),
    (GUILD_A, [human(1), human(2), human(4), computer("Robo")], 5),
    (GUILD_A, [human(2), human(3), human(5), human(6)], 9),
    (GUILD_A, [human(1), computer("Robo"), computer("Ada", "hard")], 12),
    (GUILD_A, [human(1), human(3), human(4), human(5), human(6)], 20),
    (GUILD_A, [human(2), human(4), human(6)], 25),
    (GUILD_A, [human(1), human(2), human(3), human(4)], 31),
    (GUILD_A, [human(5), human(6), computer("Robo")], 38),
    (GUILD_A, [human(1), human(5), human(6), human(2)], 45),
    (GUILD_A, [human(3), human(4), computer("Ada", "hard")], 60),
    (GUILD_B, [human(1), human(7), human(8)], 3),
    (GUILD_B, [human(1), human(7), human(8), computer("Robo")], 16),
    (GUILD_B, [human(7), human(8), human(9)], 40),
]


async def record_history(storage: Storage) -> History:
    """Finish every table at its own time (days before NOW), plus games that must not
    count: a cancelled one and an abandoned one, both with moves played."""
    history = History()
    for number, (guild, players, days_ago) in enumerate(TABLES):
        when = NOW - timedelta(days=days_ago, hours=number)
        _, game = await play_finished_game(
            storage, guild, players, seed=1000 + number, finished=when
        )
        users = {seat: p.user_id for seat, p in enumerate(players) if p.user_id is not None}
        history.games.append((guild, when, game, users))
    for abandoned in (False, True):
        game_id, game = await start_game(storage, GUILD_A, [human(1), human(2), human(9)], seed=7)
        for _ in range(12):
            await save_and_apply(storage, game_id, game, first_legal(game))
        await storage.games.cancel_game(game_id, abandoned=abandoned, running=True, now=NOW)
    return history


@pytest.fixture
async def history(storage: Storage) -> History:
    return await record_history(storage)


def assert_rows_match(rows: Iterable[LeaderboardRow], tallies: dict[int, Tally]) -> None:
    for row in rows:
        tally = tallies[row.user_id]
        assert (row.games, row.wins, row.points) == (tally.games, tally.wins, tally.points)
        assert (row.deals, row.bids_hit) == (tally.deals, tally.hits)
        assert row.average == pytest.approx(tally.points / tally.games)
        assert row.win_rate == pytest.approx(tally.wins / tally.games)
        assert row.bid_accuracy == pytest.approx(tally.hits / tally.deals)
        assert row.display_name == f"User{row.user_id}"


# Ratings are no tally of figures: tests/bot/storage/test_ratings.py checks them.
@pytest.mark.parametrize("sort", [sort for sort in LEADERBOARD_SORTS if sort != "rating"])
@pytest.mark.parametrize(("period", "days"), [("all", None), ("30d", 30), ("7d", 7)])
async def test_leaderboard_ranks_like_the_engine_figures(
    storage: Storage, history: History, sort: LeaderboardSort, period: Period, days: int | None
) -> None:
    since = None if days is None else NOW - timedelta(days=days)
    tallies = history.tallies(GUILD_A, since)
    page = await storage.stats.leaderboard(
        GUILD_A, sort=sort, period=period, min_games=1, page_size=50, now=NOW
    )
    assert {row.user_id for row in page.rows} == set(tallies)
    assert page.total_players == len(tallies) == len(page.rows)
    assert_rows_match(page.rows, tallies)
    figures = [tallies[row.user_id].figure(sort) for row in page.rows]
    assert figures == sorted(figures, reverse=True)
    for row, mine in zip(page.rows, figures, strict=True):
        assert row.rank == 1 + sum(other > mine for other in figures)


async def test_computer_players_and_other_servers_never_rank(
    storage: Storage, history: History
) -> None:
    page = await storage.stats.leaderboard(GUILD_A, page_size=50, now=NOW)
    ranked = {row.user_id for row in page.rows}
    assert ranked == {1, 2, 3, 4, 5, 6}  # 7, 8 play in B; 9 only in cancelled A games
    other = await storage.stats.leaderboard(GUILD_B, page_size=50, now=NOW)
    assert {row.user_id for row in other.rows} == {1, 7, 8, 9}
    assert_rows_match(other.rows, history.tallies(GUILD_B))


async def test_cancelled_and_abandoned_games_count_nowhere(
    storage: Storage, history: History
) -> None:
    stats = await storage.stats.player_stats(GUILD_A, 9)
    assert stats.games == 0 and stats.wins == 0 and stats.best_score is None
    assert stats.win_rate is None and stats.last_played is None
    assert stats.by_hand_size == ()
    assert (await storage.stats.player_stats(None, 9)).games == history.tallies(None)[9].games


async def test_pages_split_the_ranking_in_order(storage: Storage, history: History) -> None:
    full = await storage.stats.leaderboard(GUILD_A, sort="points", page_size=50, now=NOW)
    pages = [
        await storage.stats.leaderboard(GUILD_A, sort="points", page=n, page_size=4, now=NOW)
        for n in (1, 2, 3)
    ]
    assert [len(p.rows) for p in pages] == [4, 2, 0]
    assert [row for p in pages for row in p.rows] == list(full.rows)
    assert all(p.total_players == 6 and p.page_count == 2 for p in pages)
    assert full.page_count == 1


async def test_min_games_filters_the_ranking(storage: Storage, history: History) -> None:
    tallies = history.tallies(GUILD_A)
    for least in (1, 4, 6, 99):
        page = await storage.stats.leaderboard(
            GUILD_A, sort="win_rate", min_games=least, page_size=50, now=NOW
        )
        expected = {user for user, tally in tallies.items() if tally.games >= least}
        assert {row.user_id for row in page.rows} == expected
        assert page.total_players == len(expected) and page.min_games == least
    default = await storage.stats.leaderboard(GUILD_A, sort="win_rate", page_size=50, now=NOW)
    assert default.min_games == 5
    assert {row.user_id for row in default.rows} == {
        user for user, tally in tallies.items() if tally.games >= 5
    }


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"sort": "luck"}, "sort is one of"),
        ({"period": "1y"}, "period is one of"),
        ({"page": 0}, "numbered from 1"),
        ({"page_size": 51}, "page_size is 1 to 50"),
        ({"min_games": 0}, "min_games"),
    ],
)
async def test_bad_leaderboard_requests_are_refused(
    storage: Storage, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidValue, match=message):
        await storage.stats.leaderboard(GUILD_A, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("guild", [GUILD_A, GUILD_B, None])
@pytest.mark.parametrize("user", [1, 2, 7])
async def test_player_stats_match_the_engine(
    storage: Storage, history: History, guild: int | None, user: int
) -> None:
    tally = history.tallies(guild).get(user, Tally())
    stats = await storage.stats.player_stats(guild, user)
    assert (stats.games, stats.wins, stats.shared_wins) == (
        tally.games,
        tally.wins,
        tally.shared_wins,
    )
    assert (stats.total_points, stats.best_score) == (tally.points, tally.best)
    assert (stats.deals, stats.bids_hit) == (tally.deals, tally.hits)
    assert (stats.zero_bids, stats.zero_hits) == (tally.zero_bids, tally.zero_hits)
    assert stats.hooked_as_dealer == tally.hooked
    assert stats.last_played == tally.last
    assert [(h.hand_size, h.deals, h.hits) for h in stats.by_hand_size] == sorted(
        (size, dealt, hit) for size, (dealt, hit) in tally.by_size.items()
    )
    if tally.games:
        assert stats.win_rate == pytest.approx(tally.wins / tally.games)
        assert stats.average_score == pytest.approx(tally.points / tally.games)
        assert stats.bid_accuracy == pytest.approx(tally.hits / tally.deals)
        assert stats.display_name == f"User{user}"
    if tally.zero_bids:
        assert stats.zero_bid_success == pytest.approx(tally.zero_hits / tally.zero_bids)


async def test_forget_me_deletes_a_player_everywhere(storage: Storage, history: History) -> None:
    open_id, open_game = await start_game(storage, GUILD_B, [human(1), human(8), human(9)], seed=3)
    await save_and_apply(storage, open_id, open_game, first_legal(open_game))
    before_other = await storage.stats.player_stats(None, 2)
    removed = await storage.stats.forget_user(1)
    assert removed == history.tallies(None)[1].games
    for guild in (GUILD_A, GUILD_B, None):
        assert (await storage.stats.player_stats(guild, 1)).games == 0
    for guild in (GUILD_A, GUILD_B):
        page = await storage.stats.leaderboard(guild, page_size=50, now=NOW)
        assert 1 not in {row.user_id for row in page.rows}
        assert_rows_match(page.rows, history.tallies(guild, users=[1]))
    assert await storage.stats.player_stats(None, 2) == before_other
    # Ended games keep their record without the name; the open game goes on.
    finished = await storage.games.load_game(1)
    assert finished.seats[0].user_id is None
    assert finished.seats[0].display_name == FORGOTTEN_NAME
    assert finished.game is not None and finished.game.is_over
    still_open = await storage.games.load_game(open_id)
    assert still_open.seats[0].user_id == 1 and still_open.game is not None
    assert await storage.stats.forget_user(1) == 0


async def test_a_server_reset_clears_only_that_server(storage: Storage, history: History) -> None:
    before_b = await storage.stats.leaderboard(GUILD_B, page_size=50, now=NOW)
    removed = await storage.stats.reset_guild_leaderboard(GUILD_A)
    assert removed == sum(t.games for t in history.tallies(GUILD_A).values())
    page = await storage.stats.leaderboard(GUILD_A, page_size=50, now=NOW)
    assert page.rows == () and page.total_players == 0 and page.page_count == 1
    assert (await storage.stats.player_stats(GUILD_A, 1)).games == 0
    assert await storage.stats.leaderboard(GUILD_B, page_size=50, now=NOW) == before_b
    everywhere = await storage.stats.player_stats(None, 1)
    in_b = await storage.stats.player_stats(GUILD_B, 1)
    # Ratings are per server: the stats across every server have none.
    assert everywhere == dataclasses.replace(
        in_b, guild_id=None, rating=None, rated_games=0, rating_change=None, rating_history=()
    )
    # The games themselves stay for the record.
    assert (await storage.games.load_game(1)).status == "finished"


async def test_new_results_after_a_reset_count_again(storage: Storage) -> None:
    players = [human(1), human(2), human(3)]
    await play_finished_game(storage, GUILD_A, players, seed=1, finished=NOW)
    await storage.stats.reset_guild_leaderboard(GUILD_A)
    _, game = await play_finished_game(storage, GUILD_A, players, seed=2, finished=NOW)
    page = await storage.stats.leaderboard(GUILD_A, sort="points", now=NOW)
    assert sorted(row.points for row in page.rows) == sorted(game.totals())


async def test_latest_display_name_is_shown(storage: Storage) -> None:
    early = [human(1, "Old name"), human(2), human(3)]
    late = [human(1, "New name"), human(2), human(3)]
    await play_finished_game(storage, GUILD_A, late, seed=1, finished=NOW)
    await play_finished_game(storage, GUILD_A, early, seed=2, finished=NOW - timedelta(days=1))
    page = await storage.stats.leaderboard(GUILD_A, now=NOW)
    assert {row.user_id: row.display_name for row in page.rows}[1] == "New name"
    assert (await storage.stats.player_stats(None, 1)).display_name == "New name"


async def test_guild_settings_round_trip(storage: Storage) -> None:
    assert await storage.settings.guild_settings(GUILD_A) is None
    await storage.settings.save_guild_settings(GuildSettings(GUILD_A, "judgement", 90, True))
    assert await storage.settings.guild_settings(GUILD_A) == GuildSettings(
        GUILD_A, "judgement", 90, True)
    await storage.settings.save_guild_settings(GuildSettings(GUILD_A, "classic", 3600, False))
    assert await storage.settings.guild_settings(GUILD_A) == GuildSettings(
        GUILD_A, "classic", 3600, False)
    assert await storage.settings.guild_settings(GUILD_B) is None
    bad: list[tuple[dict[str, Any], str]] = [
        ({"guild_id": GUILD_A, "default_preset": "poker"}, "no preset"),
        ({"guild_id": GUILD_A, "turn_timeout": 10}, "turn timeout"),
        ({"guild_id": GUILD_A, "thread_mode": 1}, "true or false"),
        ({"guild_id": 0}, "positive integer"),
    ]
    for fields, message in bad:
        with pytest.raises(InvalidValue, match=message):
            GuildSettings(**fields)


async def test_an_unfinished_game_adds_nothing(storage: Storage) -> None:
    game_id, game = await start_game(storage, GUILD_A, [human(1), human(2), human(3)], seed=4)
    play_until(game, first_legal, lambda g: g.deal_number == 3)
    page = await storage.stats.leaderboard(GUILD_A, now=NOW)
    assert page.rows == () and page.total_players == 0
    assert (await storage.games.load_game(game_id)).status == "active"
