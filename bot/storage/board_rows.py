"""One leaderboard page's rows and lines from its query: shared by the figure boards
and the rating board (whose query adds the rating columns)."""

from __future__ import annotations

from typing import Any

from bot.storage.backend import Backend, Params, Row
from bot.storage.models import LeaderboardRow


async def page_rows(
    db: Backend, page_sql: str, count_sql: str, params: Params, doing: str
) -> tuple[list[Row], int]:
    """A page's rows, and how many people the board ranks: the page's rows carry that
    count in their ninth column (``COUNT(*) OVER ()``); past the last page it is
    counted on its own."""
    rows = await db.fetchall(page_sql, params, doing)
    if rows:
        return rows, int(rows[0][8])
    return rows, int((await db.fetchall(count_sql, params, doing))[0][0])


def leaderboard_row(
    row: tuple[Any, ...], *, rating: int | None = None, rated_games: int = 0,
    provisional: bool = False,
) -> LeaderboardRow:
    """``row``: place, user id, name, games, wins, points, deals, hits (then anything)."""
    place, user_id, name, games, wins, points, deals, hits = (row[i] for i in range(8))
    return LeaderboardRow(
        rank=int(place),
        user_id=int(user_id),
        display_name=str(name) if name is not None else f"Player {user_id}",
        games=int(games),
        wins=int(wins),
        points=int(points),
        average=points / games if games else 0.0,
        win_rate=wins / games if games else 0.0,
        bid_accuracy=hits / deals if deals else None,
        deals=int(deals),
        bids_hit=int(hits),
        rating=rating,
        rated_games=rated_games,
        provisional=provisional,
    )
