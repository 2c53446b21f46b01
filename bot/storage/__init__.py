"""Storage: kachuful-bot's database, SQLite or PostgreSQL. All SQL lives in this package.

Open it with ``await Storage.open(path)`` (SQLite), ``await Storage.connect(url)``
(PostgreSQL) or ``await open_storage(settings)`` (whichever the settings choose);
see :mod:`bot.storage.store` for how a move is saved before anyone sees it.
"""

from bot.storage.codec import CorruptAction, decode_action, encode_action
from bot.storage.due_claims import DueDeadline
from bot.storage.errors import (
    DatabaseTooNew,
    DatabaseUnreadable,
    GameNotFound,
    GameStateConflict,
    InvalidValue,
    MigrationError,
    StorageBusy,
    StorageError,
    StorageFull,
    StorageUnavailable,
)
from bot.storage.game_changes import GameChanges
from bot.storage.migrations import MIGRATIONS_ENV, find_migrations_dir, load_migrations
from bot.storage.models import (
    DEFAULT_MIN_GAMES,
    GAME_KINDS,
    LEADERBOARD_SORTS,
    PERIODS,
    Durability,
    GameKinds,
    GameStatus,
    GuildSettings,
    HandSizeAccuracy,
    LeaderboardPage,
    LeaderboardRow,
    LeaderboardSort,
    NewSeat,
    Period,
    PlayerStats,
    StoredGame,
    StoredSeat,
)
from bot.storage.moves import UNSET
from bot.storage.opening import open_storage
from bot.storage.store import DEFAULT_PATH, Storage
from bot.storage.summary import HandSizeCount, SeatResult, summarize

__all__ = [
    "DEFAULT_MIN_GAMES",
    "DEFAULT_PATH",
    "GAME_KINDS",
    "LEADERBOARD_SORTS",
    "MIGRATIONS_ENV",
    "PERIODS",
    "UNSET",
    "CorruptAction",
    "DatabaseTooNew",
    "DatabaseUnreadable",
    "DueDeadline",
    "Durability",
    "GameChanges",
    "GameKinds",
    "GameNotFound",
    "GameStateConflict",
    "GameStatus",
    "GuildSettings",
    "HandSizeAccuracy",
    "HandSizeCount",
    "InvalidValue",
    "LeaderboardPage",
    "LeaderboardRow",
    "LeaderboardSort",
    "MigrationError",
    "NewSeat",
    "Period",
    "PlayerStats",
    "SeatResult",
    "Storage",
    "StorageBusy",
    "StorageError",
    "StorageFull",
    "StorageUnavailable",
    "StoredGame",
    "StoredSeat",
    "decode_action",
    "encode_action",
    "find_migrations_dir",
    "load_migrations",
    "open_storage",
    "summarize",
]
