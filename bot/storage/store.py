"""``Storage``: the one object the bot talks to about saved games and stats.

A narrow, async interface over SQLite (:meth:`Storage.open`) or PostgreSQL
(:meth:`Storage.connect`); the same modules and checks serve both. Every method
validates its input, runs its statements in one transaction and raises only
:class:`~bot.storage.errors.StorageError` subclasses (plus ``InvalidValue`` for bad
arguments), each with a ``code`` a player is told in their language.

Its parts say what they hold: ``storage.games``, ``.pads``, ``.stats``, ``.ratings`` and
``.settings``. Saving a move safely (the game in memory never runs ahead of the disk)::

    game.verify(action)                                    # legal? (raises, changes nothing)
    await storage.games.append_action(game_id, seq, action)  # on disk (raises StorageError)
    events = game.apply(action)                            # only now change the game
    ...                                                    # and only now tell Discord

where ``seq`` is the number of player actions already saved
(``game.player_action_count`` before applying).
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Final

from bot.storage.backend import Backend, BackendName
from bot.storage.budget_store import BudgetStore
from bot.storage.connection import Database
from bot.storage.errors import InvalidValue, StorageError
from bot.storage.game_store import GameStore
from bot.storage.migrations import load_migrations
from bot.storage.models import (
    Durability,
)
from bot.storage.pad_storage import ScorePadStorage
from bot.storage.postgres.connection import PostgresDatabase
from bot.storage.postgres.migrations import postgres_migrations
from bot.storage.ratings_store import RatingsStore
from bot.storage.settings_store import SettingsStore
from bot.storage.stats_store import StatsStore

DEFAULT_PATH: Final = Path("data/kachuful.db")
DEFAULT_BUSY_TIMEOUT: Final = 5.0
DEFAULT_POOL_SIZE: Final = 10


class Storage:
    """An open kachuful-bot database. Make one with :meth:`open` (SQLite) or
    :meth:`connect` (PostgreSQL)."""

    def __init__(self, db: Backend, version_before: int, version: int) -> None:
        self._db = db
        self.games = GameStore(db)
        """Lobbies, seats, moves, the end, and holding a game across processes."""
        self.pads = ScorePadStorage(db)
        """Score pads: games played with real cards, scored entry by entry."""
        self.stats = StatsStore(db)
        """Leaderboards, player stats, forgetting a person."""
        self.ratings = RatingsStore(db)
        self.settings = SettingsStore(db)
        """Server settings and people's languages."""
        self.budget = BudgetStore(db)
        """The bot token's send schedule, shared by the processes of one database."""
        self.version_before = version_before
        """The schema version the file had before this start-up (0: a new file)."""
        self.version = version
        """The schema version now (the latest migration)."""

    # --- lifetime --------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        path: str | Path = DEFAULT_PATH,
        *,
        durability: Durability = "NORMAL",
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
        migrations_dir: str | Path | None = None,
        verify: bool = True,
    ) -> Storage:
        """Open the database at ``path`` (created with its folder if missing) and
        apply pending migrations.

        ``durability``: ``NORMAL`` (default; WAL mode) loses nothing when the bot
        crashes or is killed — a committed move is in the write-ahead log — but the
        last moves may be lost if the machine itself loses power. ``FULL`` waits for
        the disk on every commit (one fsync) and survives that too.
        ``busy_timeout``: seconds to wait for a lock held by another connection.
        ``verify``: run SQLite's ``quick_check`` first (refuse a damaged file).

        Raises :class:`DatabaseUnreadable` (corrupt, not a database, can't open),
        :class:`DatabaseTooNew` or :class:`MigrationError`; the file is then untouched.
        """
        if isinstance(busy_timeout, bool) or not isinstance(busy_timeout, int | float):
            raise InvalidValue(f"busy_timeout is a number of seconds, not {busy_timeout!r}")
        migrations = load_migrations(None if migrations_dir is None else Path(migrations_dir))
        db, before, after = await Database.open(
            Path(path),
            migrations,
            durability=durability,
            busy_timeout=float(busy_timeout),
            verify=verify,
        )
        return cls(db, before, after)

    @classmethod
    async def connect(
        cls,
        url: str,
        *,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
        migrations_dir: str | Path | None = None,
        pool_size: int = DEFAULT_POOL_SIZE,
    ) -> Storage:
        """Connect to the PostgreSQL database at ``url`` (``postgresql://…``) and apply
        pending migrations (under an advisory lock: processes starting together take
        turns). ``busy_timeout``: seconds to wait for a row another process holds.
        ``pool_size``: connections at most (transactions running at once).

        Raises :class:`StorageUnavailable` (can't connect), :class:`DatabaseUnreadable`
        (another program's tables), :class:`DatabaseTooNew` or :class:`MigrationError`.
        """
        if isinstance(busy_timeout, bool) or not isinstance(busy_timeout, int | float):
            raise InvalidValue(f"busy_timeout is a number of seconds, not {busy_timeout!r}")
        migrations = postgres_migrations(None if migrations_dir is None else Path(migrations_dir))
        db, before, after = await PostgresDatabase.connect(
            url, migrations, busy_timeout=float(busy_timeout), pool_size=pool_size
        )
        return cls(db, before, after)

    @property
    def backend(self) -> BackendName:
        return self._db.dialect.name

    @property
    def location(self) -> str:
        """The SQLite file, or the PostgreSQL URL without its password."""
        return self._db.location

    @property
    def path(self) -> Path:
        """The SQLite file (a PostgreSQL storage has none: see :attr:`location`)."""
        if not isinstance(self._db, Database):
            raise StorageError(f"{self.location} is a PostgreSQL database, not a file")
        return self._db.path

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def database_time(self) -> float:
        """The database server's clock, in Unix seconds (SQLite: this host's, which
        every process sharing the file shares)."""
        rows = await self._db.fetchall(self._db.dialect.epoch_now, (), "reading the clock")
        return float(rows[0][0])

    async def check_writable(self) -> None:
        """Take the write lock and let it go, changing nothing: raises the usual
        :class:`StorageError` when the database cannot be written now."""
        async with self._db.transaction("check the database is writable"):
            pass

    async def set_size_limit(self, max_pages: int | None) -> int:
        """Cap the database at ``max_pages`` pages (``None``: SQLite's maximum); writes
        past it fail with :class:`StorageFull`, like a full disk. SQLite never caps
        below the pages already in use, so a small number means "no growth from here".
        Returns the cap in force (tests use this to simulate a full disk)."""
        limit = 0xFFFFFFFE if max_pages is None else max_pages
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise InvalidValue(f"max_pages is a positive whole number, not {max_pages!r}")
        if not isinstance(self._db, Database):
            raise StorageError(f"{self.location}: a size limit is a SQLite setting")
        return int(await self._db.pragma("max_page_count", limit))
