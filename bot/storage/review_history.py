"""People's bid records for a deal review (issue 31): bids made and hit in a server's
finished games, the reviewed game itself left out, so that a review never reads the
outcome of the deal it reviews. Public facts: the score sheets of those games."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bot.storage.backend import Backend
from bot.storage.values import check_id

# Results of the game's own server only: a server's members see its leaderboards.
_BID_RECORD: Final = """
SELECT COALESCE(SUM(deals_played), 0), COALESCE(SUM(bids_hit), 0)
FROM results
WHERE user_id = :user AND game_id <> :game
  AND guild_id = (SELECT guild_id FROM games WHERE id = :game)
"""


async def bid_records(
    db: Backend, game_id: int, user_ids: Iterable[int]
) -> dict[int, tuple[int, int]]:
    """For each person, (bids made, bids hit) in the other finished games of game
    ``game_id``'s server; (0, 0) for one with none."""
    check_id("game_id", game_id)
    users = [check_id("user_id", user) for user in dict.fromkeys(user_ids)]
    records: dict[int, tuple[int, int]] = {}
    async with db.snapshot("reading bid records for a review") as tx:
        for user in users:
            row = await tx.fetchone(_BID_RECORD, {"user": user, "game": game_id})
            bids, hits = (0, 0) if row is None else (int(row[0]), int(row[1]))
            records[user] = (bids, hits)
    return records
