"""Leaderboards and player stats, and forgetting a person (``storage.stats``)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from bot.storage import (
    review_history,
    stats,
)
from bot.storage.backend import Backend
from bot.storage.models import (
    BidRecord,
    GameKinds,
    LeaderboardPage,
    LeaderboardSort,
    Period,
    PlayerStats,
)
from engine.kinds import GameName


class StatsStore:
    def __init__(self, db: Backend) -> None:
        self._db = db

    async def leaderboard(
        self,
        guild_id: int,
        *,
        sort: LeaderboardSort = "wins",
        period: Period = "all",
        page: int = 1,
        page_size: int = 10,
        min_games: int | None = None,
        now: datetime | None = None,
        kinds: GameKinds = "all",
        game: GameName = "kachuful",
    ) -> LeaderboardPage:
        """One page of a server's human ranking. ``min_games`` defaults to 1 for the
        rating, wins and points and 5 for the ratios (average, win rate, bid accuracy).
        ``sort="rating"`` ranks by skill rating (provisional players below the others);
        a period or kind of game then picks the people who played such games."""
        return await stats.leaderboard(
            self._db,
            guild_id,
            sort=sort,
            period=period,
            page=page,
            page_size=page_size,
            min_games=min_games,
            now=now,
            kinds=kinds,
            game=game,
        )

    async def player_stats(
        self, guild_id: int | None, user_id: int, kinds: GameKinds = "all",
        game: GameName = "kachuful",
    ) -> PlayerStats:
        """A player's stats in one server, or across every server (``guild_id=None``),
        over online games, table games (score pads) or both."""
        return await stats.player_stats(self._db, guild_id, user_id, kinds, game)

    async def bid_records(
        self, game_id: int, user_ids: Iterable[int]
    ) -> dict[int, BidRecord]:
        """For each person, their bids made and hit (in all, zero and high ones) in the
        other finished games of game ``game_id``'s server and game (Kachuful or Call
        Break): their public record for a deal review of that game; all 0 for none."""
        return await review_history.bid_records(self._db, game_id, user_ids)

    async def forget_user(self, user_id: int) -> int:
        """Delete a player's stats in every server (forget-me); returns the number of
        game results deleted."""
        return await stats.forget_user(self._db, user_id)

    async def reset_guild_leaderboard(self, guild_id: int) -> int:
        """Delete a server's leaderboard, stats and ratings; returns the results deleted."""
        return await stats.reset_guild_leaderboard(self._db, guild_id)
