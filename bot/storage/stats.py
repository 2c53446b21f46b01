"""Leaderboards, player stats, and deleting them (forget-me, server reset).

Only finished games have result rows, so cancelled and abandoned games count
nowhere; computer players' rows have no user id, so they never rank.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from bot.storage.backend import Backend
from bot.storage.board_rows import leaderboard_row, page_rows
from bot.storage.errors import InvalidValue
from bot.storage.models import (
    DEFAULT_MIN_GAMES,
    GAME_KINDS,
    LEADERBOARD_SORTS,
    PERIOD_DAYS,
    PERIODS,
    GameKinds,
    HandSizeAccuracy,
    LeaderboardPage,
    LeaderboardSort,
    Period,
    PlayerStats,
)
from bot.storage.rating_board import player_rating, rating_leaderboard
from bot.storage.rating_rebuild import rebuild_ratings
from bot.storage.score_pads import forget_in_pads
from bot.storage.values import check_id, from_epoch, now_or
from engine.kinds import GAME_NAMES, GameName

MAX_PAGE_SIZE: Final = 50
FORGOTTEN_NAME: Final = "—"
"""What a forgotten person's seats and pad entries are renamed to: no words in any
language (storage speaks no player's language); each reader sees it worded in theirs
(``i18n.computer_names.shown_name``)."""

# The ranked figure, then tie-breakers; `rank` shares places on the figure alone.
# Fixed SQL chosen by a checked sort name: no caller text reaches the query.
# (Ratings have a module of their own: rating_board.)
_ORDER: Final[dict[LeaderboardSort, tuple[str, str]]] = {
    "wins": ("wins", "points DESC, games ASC"),
    "points": ("points", "wins DESC, games ASC"),
    "average": ("CAST(points AS DOUBLE PRECISION) / games", "games DESC"),
    "win_rate": ("CAST(wins AS DOUBLE PRECISION) / games", "games DESC"),
    "bid_accuracy": ("CAST(hits AS DOUBLE PRECISION) / NULLIF(deals, 0)", "deals DESC"),
}

# Where a leaderboard's per-player figures come from: running totals for all time, or
# the results of a recent period summed on the fly (one range of `results_recent`).
_ALL_TIME_SOURCE: Final = """
SELECT user_id, display_name, games, wins, points, deals, hits
FROM player_totals WHERE guild_id = :guild AND game = :game AND games >= :min_games
"""
_PERIOD_SOURCE: Final = """
SELECT recent.user_id, names.display_name, recent.games, recent.wins, recent.points,
       recent.deals, recent.hits
FROM (
    SELECT user_id, COUNT(*) AS games, SUM(won) AS wins, SUM(total) AS points,
           SUM(deals_played) AS deals, SUM(bids_hit) AS hits
    FROM results
    WHERE guild_id = :guild AND game = :game AND finished_at >= :since AND user_id IS NOT NULL
          {kind_filter}
    GROUP BY user_id HAVING COUNT(*) >= :min_games
) AS recent
LEFT JOIN player_totals AS names
    ON names.guild_id = :guild AND names.game = :game AND names.user_id = recent.user_id
"""
_LEADERBOARD: Final = """
WITH source AS ({source}), ranked AS (SELECT *, {figure} AS figure FROM source)
SELECT RANK() OVER (ORDER BY figure DESC NULLS LAST), user_id, display_name, games, wins,
       points, deals, hits, COUNT(*) OVER ()
FROM ranked
ORDER BY figure DESC NULLS LAST, {tiebreak}, user_id
LIMIT :limit OFFSET :offset
"""
_COUNT_RANKED: Final = "SELECT COUNT(*) FROM ({source}) AS source"

_STATS_TOTALS: Final = """
SELECT SUM(games), SUM(wins), SUM(shared_wins), SUM(points), MAX(best), SUM(deals),
       SUM(hits), SUM(zero_bids), SUM(zero_hits), SUM(hooked), MAX(last_played)
FROM player_totals WHERE user_id = :user AND game = :game {guild_filter}
"""
# Running totals mix both kinds of game; one kind is summed from its results instead.
_STATS_KIND_TOTALS: Final = """
SELECT COUNT(*), SUM(won), SUM(shared_win), SUM(total), MAX(total), SUM(deals_played),
       SUM(bids_hit), SUM(zero_bids), SUM(zero_hits), SUM(hooked), MAX(finished_at)
FROM results WHERE user_id = :user AND game = :game AND table_game = :table {guild_filter}
"""
_KIND_FILTER: Final = "AND table_game = :table"
_STATS_HANDS: Final = """
SELECT hand_size, SUM(deals), SUM(hits) FROM hand_accuracy
WHERE user_id = :user {guild_filter} GROUP BY hand_size ORDER BY hand_size
"""
_STATS_NAME: Final = """
SELECT display_name FROM player_totals WHERE user_id = :user {guild_filter}
ORDER BY last_played DESC LIMIT 1
"""


def _check_page(page: object, page_size: object) -> tuple[int, int]:
    if isinstance(page, bool) or not isinstance(page, int) or page < 1:
        raise InvalidValue(f"pages are numbered from 1, not {page!r}")
    if isinstance(page_size, bool) or not isinstance(page_size, int):
        raise InvalidValue(f"page_size is a whole number, not {page_size!r}")
    if not 1 <= page_size <= MAX_PAGE_SIZE:
        raise InvalidValue(f"page_size is 1 to {MAX_PAGE_SIZE}, not {page_size}")
    return page, page_size


def _since(period: Period, now: datetime | None) -> int:
    days = PERIOD_DAYS[period]
    return -(1 << 62) if days is None else now_or(now) - days * 86_400


async def leaderboard(
    db: Backend,
    guild_id: int,
    *,
    sort: LeaderboardSort,
    period: Period,
    page: int,
    page_size: int,
    min_games: int | None,
    now: datetime | None,
    kinds: GameKinds = "all",
    game: GameName = "kachuful",
) -> LeaderboardPage:
    """One page of a server's ranking in one game (Kachuful's and Call Break's are
    kept apart; Call Break's points are in tenths)."""
    check_id("guild_id", guild_id)
    _check_kinds(kinds)
    _check_game(game)
    if sort not in LEADERBOARD_SORTS:
        raise InvalidValue(f"sort is one of {', '.join(LEADERBOARD_SORTS)}, not {sort!r}")
    if period not in PERIODS:
        raise InvalidValue(f"period is one of {', '.join(PERIODS)}, not {period!r}")
    page, page_size = _check_page(page, page_size)
    least = DEFAULT_MIN_GAMES[sort] if min_games is None else min_games
    if isinstance(least, bool) or not isinstance(least, int) or least < 1:
        raise InvalidValue(f"min_games is a whole number from 1, not {min_games!r}")
    if sort == "rating":  # every game of the server counts; period and kind pick people
        played = (period, _since(period, now), kinds)
        return await rating_leaderboard(db, guild_id, page, page_size, least, played, game)
    figure, tiebreak = _ORDER[sort]
    params = {
        "guild": guild_id,
        "since": _since(period, now),
        "min_games": least,
        "limit": page_size,
        "offset": (page - 1) * page_size,
        "table": int(kinds == "table"),
        "game": game,
    }
    kind_filter = "" if kinds == "all" else _KIND_FILTER
    source = (
        _ALL_TIME_SOURCE if period == "all" and kinds == "all"
        else _PERIOD_SOURCE.format(kind_filter=kind_filter)
    )
    rows, total = await page_rows(
        db, _LEADERBOARD.format(source=source, figure=figure, tiebreak=tiebreak),
        _COUNT_RANKED.format(source=source), params, "reading a leaderboard",
    )
    return LeaderboardPage(
        guild_id=guild_id,
        sort=sort,
        period=period,
        page=page,
        page_size=page_size,
        min_games=least,
        total_players=total,
        rows=tuple(leaderboard_row(row) for row in rows),
        game=game,
    )


def _check_game(game: object) -> None:
    if game not in GAME_NAMES:
        raise InvalidValue(f"game is one of {', '.join(GAME_NAMES)}, not {game!r}")


def _check_kinds(games: object) -> None:
    if games not in GAME_KINDS:
        raise InvalidValue(f"games is one of {', '.join(GAME_KINDS)}, not {games!r}")


async def player_stats(
    db: Backend, guild_id: int | None, user_id: int, kinds: GameKinds = "all",
    game: GameName = "kachuful",
) -> PlayerStats:
    """A player's record in one server, or across all of them (``guild_id=None``).
    Bid accuracy by hand size is kept for all games together, so one kind has none."""
    check_id("user_id", user_id)
    _check_kinds(kinds)
    _check_game(game)
    params: dict[str, int | str] = {"user": user_id, "table": int(kinds == "table"),
                                    "game": game}
    guild_filter = ""
    if guild_id is not None:
        params["guild"] = check_id("guild_id", guild_id)
        guild_filter = "AND guild_id = :guild"
    async with db.snapshot("reading a player's stats") as tx:
        source = _STATS_TOTALS if kinds == "all" else _STATS_KIND_TOTALS
        totals = await tx.fetchone(source.format(guild_filter=guild_filter), params)
        # Only Kachuful's hands differ in size (Call Break's are all one size).
        hands = (await tx.fetchall(_STATS_HANDS.format(guild_filter=guild_filter), params)
                 if kinds == "all" and game == "kachuful" else [])
        name = await tx.fetchone(_STATS_NAME.format(guild_filter=guild_filter), params)
        rating, rated, change, history = (
            (None, 0, None, ()) if guild_id is None
            else await player_rating(tx, guild_id, user_id, game)
        )
    assert totals is not None
    # SUM over no rows is NULL: a player with no games has zeros.
    games, wins, shared, points, deals, hits, zeros, zero_hits, hooked = (
        int(value or 0) for value in (*totals[:4], *totals[5:10])
    )
    best, last = totals[4], totals[10]
    return PlayerStats(
        user_id=user_id,
        guild_id=guild_id,
        display_name=None if name is None else str(name[0]),
        games=games,
        wins=wins,
        shared_wins=shared,
        total_points=points,
        best_score=None if best is None else int(best),
        deals=deals,
        bids_hit=hits,
        zero_bids=zeros,
        zero_hits=zero_hits,
        hooked_as_dealer=hooked,
        last_played=from_epoch(last),
        by_hand_size=tuple(
            HandSizeAccuracy(int(size), int(dealt), int(hit)) for size, dealt, hit in hands
        ),
        rating=rating,
        rated_games=rated,
        rating_change=change,
        rating_history=history,
        game=game,
    )


async def forget_user(db: Backend, user_id: int) -> int:
    """Delete a player's stats in every server; returns how many game results went.

    Their seats in ended games lose the user id and name; seats in open games are
    left alone so those games can go on. Their ratings go, and the ratings of the
    servers they played in are recomputed without their results (ratings are derived
    from the stored results, which no longer hold theirs).
    """
    check_id("user_id", user_id)
    async with db.transaction("forgetting a player") as tx:
        guilds = [int(row[0]) for row in await tx.fetchall(
            "SELECT DISTINCT guild_id FROM results WHERE user_id = ?", (user_id,)
        )]
        removed = await tx.execute("DELETE FROM results WHERE user_id = ?", (user_id,))
        await tx.execute("DELETE FROM ratings WHERE user_id = ?", (user_id,))
        await tx.execute("DELETE FROM hand_accuracy WHERE user_id = ?", (user_id,))
        await tx.execute("DELETE FROM player_totals WHERE user_id = ?", (user_id,))
        await tx.execute("DELETE FROM player_languages WHERE user_id = ?", (user_id,))
        ended = "SELECT id FROM games WHERE status NOT IN ('lobby', 'active')"
        await tx.execute(
            "UPDATE seats SET user_id = NULL, display_name = ?, dm_channel_id = NULL, "
            f"dm_message_id = NULL WHERE user_id = ? AND game_id IN ({ended})",
            (FORGOTTEN_NAME, user_id),
        )
        await forget_in_pads(tx, user_id, FORGOTTEN_NAME)
        await tx.execute(
            f"UPDATE games SET host_user_id = NULL WHERE host_user_id = ? AND id IN ({ended})",
            (user_id,),
        )
        if guilds:
            await rebuild_ratings(tx, guilds)
    return removed


async def reset_guild_leaderboard(db: Backend, guild_id: int) -> int:
    """Delete a server's player results and counters; its games stay for the record
    (computer players' rows stay too: they rank nowhere and name nobody). Its ratings
    go, computer levels' too: with no person's results left, no game is rated.
    Returns how many results went."""
    check_id("guild_id", guild_id)
    async with db.transaction("resetting a leaderboard") as tx:
        removed = await tx.execute(
            "DELETE FROM results WHERE guild_id = ? AND user_id IS NOT NULL", (guild_id,)
        )
        await tx.execute("DELETE FROM hand_accuracy WHERE guild_id = ?", (guild_id,))
        await tx.execute("DELETE FROM player_totals WHERE guild_id = ?", (guild_id,))
        await tx.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
        await tx.execute(
            "UPDATE results SET rating_mu = NULL, rating_sigma = NULL, rating_before = NULL "
            "WHERE guild_id = ?",
            (guild_id,),
        )
    return removed
