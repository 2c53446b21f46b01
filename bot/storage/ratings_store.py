"""Skill ratings rebuilt from the stored results (``storage.ratings``); the rating
leaderboard is a sort of ``storage.stats.leaderboard``."""

from __future__ import annotations

from bot.storage.backend import Backend
from bot.storage.rating_rebuild import RebuildReport, rebuild_ratings


class RatingsStore:
    def __init__(self, db: Backend) -> None:
        self._db = db

    async def rebuild_ratings(self) -> RebuildReport:
        """Recompute every server's ratings from the stored results in rating order,
        compare them with the stored ones and save them where they differ."""
        async with self._db.transaction("rebuilding the ratings") as tx:
            return await rebuild_ratings(tx)
