"""People's bid records for a deal review (issue 31): bids made and hit in a server's
finished games of the reviewed game's kind, the reviewed game itself left out, so that
a review never reads the outcome of the deal it reviews. Public facts: the score
sheets of those games."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bot.storage.backend import Backend
from bot.storage.models import BidRecord
from bot.storage.values import check_id

# Results of the game's own server only (a server's members see its leaderboards), and
# of its own game: a Call Break call "made" is not a Kachuful bid hit.
_BID_RECORD: Final = """
SELECT COALESCE(SUM(r.deals_played), 0), COALESCE(SUM(r.bids_hit), 0),
       COALESCE(SUM(r.zero_bids), 0), COALESCE(SUM(r.zero_hits), 0),
       COALESCE(SUM(r.high_bids), 0), COALESCE(SUM(r.high_hits), 0)
FROM results r JOIN games g ON g.id = :game
WHERE r.user_id = :user AND r.game_id <> :game
  AND r.guild_id = g.guild_id AND r.game = g.game
"""


async def bid_records(
    db: Backend, game_id: int, user_ids: Iterable[int]
) -> dict[int, BidRecord]:
    """For each person, their :class:`BidRecord` in the other finished games of game
    ``game_id``'s server and game (Kachuful or Call Break); all 0 for one with none."""
    check_id("game_id", game_id)
    users = [check_id("user_id", user) for user in dict.fromkeys(user_ids)]
    records: dict[int, BidRecord] = {}
    async with db.snapshot("reading bid records for a review") as tx:
        for user in users:
            row = await tx.fetchone(_BID_RECORD, {"user": user, "game": game_id})
            records[user] = BidRecord() if row is None else BidRecord(*map(int, row))
    return records
