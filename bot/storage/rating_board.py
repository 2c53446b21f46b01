"""Reading the skill ratings: a server's rating leaderboard, and one player's rating.

Ratings are kept per server and game (Kachuful's apart from Call Break's) over every
finished game of both kinds (online and score pad). A rating
leaderboard asked for a period or one kind of game lists the people who played such
games then, still by their whole rating. People with fewer than
``PROVISIONAL_GAMES`` rated games are provisional and listed below the others;
computer levels are rated but never listed.
"""

from __future__ import annotations

from typing import Any, Final

from bot.storage.backend import Backend, Tx
from bot.storage.board_rows import leaderboard_row, page_rows
from bot.storage.models import GameKinds, LeaderboardPage, LeaderboardRow, Period
from bot.storage.ratings import PROVISIONAL_GAMES, ordinal, shown
from engine.kinds import GameName

HISTORY_GAMES: Final = 60
"""The last games a player's rating history holds (a picture shows no more)."""

_SOURCE: Final = """
SELECT r.user_id, t.display_name, COALESCE(t.games, 0) AS games, COALESCE(t.wins, 0) AS wins,
       COALESCE(t.points, 0) AS points, COALESCE(t.deals, 0) AS deals,
       COALESCE(t.hits, 0) AS hits, r.ordinal, r.games AS rated,
       CASE WHEN r.games >= :established THEN 0 ELSE 1 END AS provisional
FROM ratings AS r
LEFT JOIN player_totals AS t
    ON t.guild_id = r.guild_id AND t.game = r.game AND t.user_id = r.user_id
WHERE r.guild_id = :guild AND r.game = :game AND r.user_id IS NOT NULL
      AND r.games >= :min_games {played}
"""
# The people who played in the period (and kind) asked for: one range of results_recent.
_PLAYED: Final = """
AND r.user_id IN (
    SELECT user_id FROM results
    WHERE guild_id = :guild AND game = :game AND finished_at >= :since AND user_id IS NOT NULL
          {kind_filter}
)"""
_PAGE: Final = """
WITH ranked AS ({source})
SELECT RANK() OVER (ORDER BY provisional, ordinal DESC), user_id, display_name, games, wins,
       points, deals, hits, COUNT(*) OVER (), ordinal, rated, provisional
FROM ranked
ORDER BY provisional, ordinal DESC, user_id
LIMIT :limit OFFSET :offset
"""
_COUNT: Final = "SELECT COUNT(*) FROM ({source}) AS source"
_HISTORY: Final = """
SELECT r.rating_mu, r.rating_sigma, r.rating_before
FROM results AS r JOIN games AS g ON g.id = r.game_id
WHERE r.user_id = :user AND r.guild_id = :guild AND r.game = :game AND r.rating_mu IS NOT NULL
ORDER BY g.rating_seq DESC
LIMIT :limit
"""


async def rating_leaderboard(
    db: Backend, guild_id: int, page: int, page_size: int, min_games: int,
    played: tuple[Period, int, GameKinds] = ("all", 0, "all"), game: GameName = "kachuful",
) -> LeaderboardPage:
    """One page of a server's people by conservative rating (checked arguments);
    ``played``: (period, its start in epoch seconds, kinds) the people played in."""
    period, since, kinds = played
    narrowed = period != "all" or kinds != "all"
    kind_filter = "" if kinds == "all" else "AND table_game = :table"
    source = _SOURCE.format(played=_PLAYED.format(kind_filter=kind_filter) if narrowed else "")
    params = {
        "since": since,
        "table": int(kinds == "table"),
        "guild": guild_id,
        "game": game,
        "established": PROVISIONAL_GAMES,
        "min_games": min_games,
        "limit": page_size,
        "offset": (page - 1) * page_size,
    }
    rows, total = await page_rows(
        db, _PAGE.format(source=source), _COUNT.format(source=source), params,
        "reading the rating leaderboard",
    )
    return LeaderboardPage(
        guild_id=guild_id,
        sort="rating",
        period=period,
        page=page,
        page_size=page_size,
        min_games=min_games,
        total_players=total,
        rows=tuple(_row(row) for row in rows),
        game=game,
    )


def _row(row: tuple[Any, ...]) -> LeaderboardRow:
    rating, rated, provisional = row[9], row[10], row[11]
    return leaderboard_row(row, rating=shown(float(rating)), rated_games=int(rated),
                           provisional=bool(provisional))


async def player_rating(
    tx: Tx, guild_id: int, user_id: int, game: GameName = "kachuful"
) -> tuple[int | None, int, int | None, tuple[float, ...]]:
    """(shown rating, rated games, change in the last rated game, history) of a person
    in one server; ``(None, 0, None, ())`` when they have no rating there."""
    row = await tx.fetchone(
        "SELECT ordinal, games FROM ratings WHERE guild_id = ? AND game = ? AND player = ?",
        (guild_id, game, f"user:{user_id}"),
    )
    if row is None:
        return None, 0, None, ()
    recent = await tx.fetchall(
        _HISTORY, {"user": user_id, "guild": guild_id, "game": game, "limit": HISTORY_GAMES}
    )
    recent.reverse()
    history = tuple(
        [float(recent[0][2])] + [ordinal(float(mu), float(sigma)) for mu, sigma, _ in recent]
    ) if recent else ()
    change = shown(history[-1]) - shown(float(recent[-1][2])) if recent else None
    return shown(float(row[0])), int(row[1]), change, history
