"""The values storage takes and returns: frozen dataclasses, no SQL."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal, get_args

from bot.storage.errors import InvalidValue
from bot.storage.values import check_id, check_name, check_turn_timeout
from engine.kinds import AnyGame, AnyRules, GameName
from engine.rules import PRESETS
from i18n import is_language

GameStatus = Literal["lobby", "active", "finished", "cancelled", "abandoned"]
OPEN_STATUSES: Final[tuple[GameStatus, ...]] = ("lobby", "active")
Durability = Literal["FULL", "NORMAL"]
"""``PRAGMA synchronous``: NORMAL (in WAL mode) survives a crash of the bot but may
lose the last moves on a power cut; FULL also survives that, at one fsync per commit."""
LeaderboardSort = Literal["rating", "wins", "points", "average", "win_rate", "bid_accuracy"]
Period = Literal["all", "30d", "7d"]
GameKinds = Literal["all", "online", "table"]
"""Which games a leaderboard or stats count: played in Discord, at a table (score
pad), or both."""
GAME_KINDS: Final[tuple[GameKinds, ...]] = ("all", "online", "table")
LEADERBOARD_SORTS: Final[tuple[LeaderboardSort, ...]] = get_args(LeaderboardSort)
PERIODS: Final[tuple[Period, ...]] = get_args(Period)
PERIOD_DAYS: Final[dict[Period, int | None]] = {"all": None, "30d": 30, "7d": 7}
DEFAULT_MIN_GAMES: Final[dict[LeaderboardSort, int]] = {
    "rating": 1,
    "wins": 1,
    "points": 1,
    "average": 5,
    "win_rate": 5,
    "bid_accuracy": 5,
}
"""Ratios mean little over a game or two, so those sorts ask for a few by default."""


# --- inputs ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat to add: a human (``user_id``) or a computer player (``computer_level``)."""

    display_name: str
    user_id: int | None = None
    computer_level: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "display_name", check_name(self.display_name))
        if (self.user_id is None) == (self.computer_level is None):
            raise InvalidValue("a seat is either a human (user_id) or a computer (level)")
        if self.user_id is not None:
            check_id("user_id", self.user_id)
        elif not isinstance(self.computer_level, str) or not self.computer_level.strip():
            raise InvalidValue("a computer player needs a level name")

    @classmethod
    def human(cls, user_id: int, display_name: str) -> NewSeat:
        return cls(display_name, user_id=user_id)

    @classmethod
    def computer(cls, level: str, display_name: str) -> NewSeat:
        return cls(display_name, computer_level=level)


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's defaults, chosen by its admins."""

    guild_id: int
    default_preset: str = "classic"
    turn_timeout: int = 300
    """Seconds per turn, 15 to 86,400."""
    thread_mode: bool = False
    """Play each game in a thread started from the lobby message."""
    language: str | None = None
    """The language the server's channels see; ``None``: its preferred locale."""

    def __post_init__(self) -> None:
        check_id("guild_id", self.guild_id)
        check_turn_timeout(self.turn_timeout)
        if self.default_preset not in PRESETS:
            known = ", ".join(PRESETS)
            raise InvalidValue(f"no preset called {self.default_preset!r}: choose one of {known}")
        if self.language is not None and not is_language(self.language):
            raise InvalidValue(f"no language called {self.language!r}")
        if not isinstance(self.thread_mode, bool):
            raise InvalidValue("thread_mode is true or false")


# --- games as loaded -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredSeat:
    seat: int
    user_id: int | None
    computer_level: str | None
    display_name: str
    dms_closed: bool
    autoplay: bool
    missed_turns: int
    left_game: bool
    dm_channel_id: int | None
    dm_message_id: int | None
    turn_deadline: datetime | None
    looked_deal: int | None = None
    """Blind bids: the deal (numbered from 1) whose hand this person looked at."""

    @property
    def is_computer(self) -> bool:
        """A computer player plays this seat (from the start, or since a human left)."""
        return self.computer_level is not None


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored, with its engine :class:`Game` rebuilt from the log.

    ``game`` is ``None`` for a lobby, and when the log does not replay under the
    current engine (``replay_error`` then says why; the rows are left untouched).
    """

    game_id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    host_user_id: int | None
    status: GameStatus
    rules: AnyRules
    """Kachuful's or Call Break's: the rules say which game it is."""
    seed: bytes
    chance_version: int
    """How the seed becomes cards (``engine.CHANCE_VERSION`` when the game was made);
    a lobby's engine game must be started with it."""
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    turn_timeout: int
    lobby_message_id: int | None
    table_message_id: int | None
    bot_state: Mapping[str, Any]
    rematch_of: int | None
    seats: tuple[StoredSeat, ...]
    actions_saved: int
    game: AnyGame | None
    replay_error: str | None = None
    showing_due: datetime | None = None
    """The last step's showing is owed (its delivery never reported it shown)."""
    showing_seq: int | None = None
    """The player actions saved by the step whose showing is owed (0: the start)."""

    @property
    def next_seq(self) -> int:
        """The ``seq`` of the next action to append."""
        return self.actions_saved


# --- leaderboards and stats -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int
    """1-based; players equal on the sorted figure share a rank."""
    user_id: int
    display_name: str
    games: int
    wins: int
    points: int
    average: float
    win_rate: float
    bid_accuracy: float | None
    """Bids hit / deals played; ``None`` before any deal."""
    deals: int
    bids_hit: int
    rating: int | None = None
    """The conservative skill rating in this server as shown (a whole number);
    ``None`` on the other sorts' pages."""
    rated_games: int = 0
    provisional: bool = False
    """Fewer rated games than ``ratings.PROVISIONAL_GAMES``: listed below the others."""


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    guild_id: int
    sort: LeaderboardSort
    period: Period
    page: int
    """1-based."""
    page_size: int
    min_games: int
    total_players: int
    """Players ranked over all pages (those with at least ``min_games``)."""
    rows: tuple[LeaderboardRow, ...]
    game: GameName = "kachuful"
    """Whose ranking: each game has its own (Call Break's points are in tenths)."""

    @property
    def page_count(self) -> int:
        return max(1, -(-self.total_players // self.page_size))


@dataclass(frozen=True, slots=True)
class HandSizeAccuracy:
    hand_size: int
    deals: int
    hits: int

    @property
    def accuracy(self) -> float | None:
        return self.hits / self.deals if self.deals else None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's record in one server (``guild_id``) or in all (``guild_id=None``)."""

    user_id: int
    guild_id: int | None
    display_name: str | None
    games: int
    wins: int
    shared_wins: int
    total_points: int
    best_score: int | None
    deals: int
    bids_hit: int
    zero_bids: int
    zero_hits: int
    hooked_as_dealer: int
    last_played: datetime | None
    by_hand_size: tuple[HandSizeAccuracy, ...]
    rating: int | None = None
    """The conservative skill rating in this server, shown as a whole number (``None``:
    not rated there, or stats across every server)."""
    rated_games: int = 0
    rating_change: int | None = None
    """How the shown rating moved in the player's last rated game."""
    rating_history: tuple[float, ...] = ()
    """The conservative rating before the first shown game, then after each, oldest
    first (the last games only, for a picture)."""
    game: GameName = "kachuful"
    """Whose stats: each game has its own (Call Break's points are in tenths)."""

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def average_score(self) -> float | None:
        return self.total_points / self.games if self.games else None

    @property
    def bid_accuracy(self) -> float | None:
        return self.bids_hit / self.deals if self.deals else None

    @property
    def zero_bid_success(self) -> float | None:
        """Share of zero bids that took no trick."""
        return self.zero_hits / self.zero_bids if self.zero_bids else None


@dataclass(frozen=True, slots=True)
class BidRecord:
    """A person's bids in a server's finished games of one kind (issue 31's deal
    review): made and hit in all, and of two kinds (:mod:`engine.bid_kinds`). Results
    stored before migration 0014 count no high bids."""

    bids: int = 0
    hits: int = 0
    zero_bids: int = 0
    zero_hits: int = 0
    high_bids: int = 0
    high_hits: int = 0
