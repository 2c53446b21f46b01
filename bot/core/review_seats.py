"""Who sits at each seat, for a deal review (issue 31): computers by the level in their
name, people with their bid record in the game's server from storage (the reviewed
game left out), so the review reads a strong player's chances as theirs. Public
facts only: the score sheets of the server's finished games."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ai.review import PlayerHistory, SeatModel
from ai.review.seats import seats_with_histories
from bot.storage import Storage, StorageError
from bot.storage.models import BidRecord
from engine import Game

log = logging.getLogger(__name__)


async def review_seats(
    storage: Storage, game_id: int, game: Game, users: Sequence[int | None]
) -> tuple[SeatModel, ...] | None:
    """The seat models of ``game`` (``users``: each seat's user id, ``None`` for a
    computer); ``None`` (read from the names) when the records cannot be read, so a
    storage fault costs the history, not the review."""
    people = [user for user in users if user is not None]
    try:
        records = await storage.stats.bid_records(game_id, people) if people else {}
    except StorageError:
        log.exception("bid records for a review of game %s could not be read", game_id)
        return None
    histories = [
        None if user is None else _history(records.get(user, BidRecord())) for user in users
    ]
    return seats_with_histories(game.players, histories)


def _history(record: BidRecord) -> PlayerHistory:
    return PlayerHistory(
        bids=record.bids,
        hits=record.hits,
        zero_bids=record.zero_bids,
        zero_hits=record.zero_hits,
        high_bids=record.high_bids,
        high_hits=record.high_hits,
    )
