"""The leaderboards and stats people ask for: which choices exist, and the reads.

A leaderboard page's button carries its choices as text; :func:`board_query` reads
them back, so that only a choice the bot offers ever reaches storage."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, get_args

from bot.storage import (
    GameKinds,
    LeaderboardPage,
    LeaderboardSort,
    Period,
    PlayerStats,
    Storage,
)
from engine.kinds import GameName

SORTS: Final[dict[str, LeaderboardSort]] = {sort: sort for sort in get_args(LeaderboardSort)}
PERIODS: Final[dict[str, Period]] = {period: period for period in get_args(Period)}
KINDS: Final[dict[str, GameKinds]] = {kinds: kinds for kinds in get_args(GameKinds)}
GAMES: Final[dict[str, GameName]] = {game: game for game in get_args(GameName)}


@dataclass(frozen=True, slots=True)
class BoardQuery:
    guild_id: int
    sort: LeaderboardSort = "rating"
    period: Period = "all"
    page: int = 1
    kinds: GameKinds = "all"
    """Online games, table games (score pads), or both."""
    game: GameName = "kachuful"


def board_query(guild_id: int, sort: str, period: str, page: int, kinds: str,
                game: str) -> BoardQuery | None:
    """The page asked for, or ``None`` if any choice is not one the bot offers."""
    if sort not in SORTS or period not in PERIODS or kinds not in KINDS or game not in GAMES:
        return None
    return BoardQuery(guild_id, SORTS[sort], PERIODS[period], max(1, page), KINDS[kinds],
                      GAMES[game])


class Standings:
    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    async def leaderboard(self, query: BoardQuery) -> LeaderboardPage:
        return await self._storage.stats.leaderboard(
            query.guild_id, sort=query.sort, period=query.period, page=query.page,
            kinds=query.kinds, game=query.game)

    async def player_stats(self, guild_id: int | None, user_id: int, kinds: GameKinds,
                           game: GameName) -> PlayerStats:
        """A player's stats in one server (``None``: every server)."""
        return await self._storage.stats.player_stats(guild_id, user_id, kinds=kinds,
                                                      game=game)
