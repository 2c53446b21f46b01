"""``Storage``: the one object the bot talks to about saved games and stats.

A narrow, async interface over SQLite (:meth:`Storage.open`) or PostgreSQL
(:meth:`Storage.connect`); the same modules and checks serve both. Every method
validates its input, runs its statements in one transaction and raises only
:class:`~bot.storage.errors.StorageError` subclasses (plus ``InvalidValue`` for bad
arguments), each with a ``code`` a player is told in their language.

Saving a move safely (the game in memory never runs ahead of the disk)::

    game.verify(action)                                    # legal? (raises, changes nothing)
    await storage.append_action(game_id, seq, action)      # on disk (raises StorageError)
    events = game.apply(action)                            # only now change the game
    ...                                                    # and only now tell Discord

where ``seq`` is the number of player actions already saved
(``game.player_action_count`` before applying).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final

from bot.storage import (
    ending,
    game_setup,
    guild_settings,
    loading,
    moves,
    stats,
)
from bot.storage.backend import Backend, BackendName
from bot.storage.connection import Database
from bot.storage.errors import GameNotFound, InvalidValue, StorageError
from bot.storage.migrations import load_migrations
from bot.storage.models import (
    Durability,
    GameKinds,
    GuildSettings,
    LeaderboardPage,
    LeaderboardSort,
    NewSeat,
    Period,
    PlayerStats,
    StoredGame,
)
from bot.storage.moves import UNSET, Unset
from bot.storage.pad_storage import ScorePadStorage
from bot.storage.postgres.connection import PostgresDatabase
from bot.storage.postgres.migrations import postgres_migrations
from bot.storage.rating_rebuild import RebuildReport, rebuild_ratings
from bot.storage.shared_games import SharedGames
from bot.storage.summary import SeatResult
from engine import CHANCE_VERSION, Bid, Game, Play, Rules

DEFAULT_PATH: Final = Path("data/kachuful.db")
DEFAULT_BUSY_TIMEOUT: Final = 5.0
DEFAULT_POOL_SIZE: Final = 10


class Storage(SharedGames, ScorePadStorage):
    """An open kachuful-bot database. Make one with :meth:`open` (SQLite) or
    :meth:`connect` (PostgreSQL)."""

    def __init__(self, db: Backend, version_before: int, version: int) -> None:
        self._db = db
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

    # --- lobby -----------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        rules: Rules,
        seed: bytes | int | str,
        turn_timeout: int,
        host_user_id: int | None = None,
        seats: Sequence[NewSeat] = (),
        thread_id: int | None = None,
        rematch_of: int | None = None,
        now: datetime | None = None,
        chance_version: int = CHANCE_VERSION,
    ) -> int:
        """Open a lobby (status ``lobby``) and return the game's id. ``chance_version``
        is how the seed becomes cards; the engine game must be built with the same.

        Refused (:class:`GameStateConflict`) when the channel already has an open game
        or a human seat's user is seated in another open game.
        """
        return await game_setup.create_game(
            self._db,
            guild_id=guild_id,
            channel_id=channel_id,
            rules=rules,
            seed=seed,
            turn_timeout=turn_timeout,
            host_user_id=host_user_id,
            seats=seats,
            thread_id=thread_id,
            rematch_of=rematch_of,
            now=now,
            chance_version=chance_version,
        )

    async def add_seat(self, game_id: int, seat: NewSeat) -> int:
        """Seat a player in a lobby; returns the seat number (the next free one)."""
        return await game_setup.add_seat(self._db, game_id, seat)

    async def remove_seat(self, game_id: int, seat: int) -> None:
        """Free a lobby seat; later seats move up one."""
        await game_setup.remove_seat(self._db, game_id, seat)

    async def start_game(self, game_id: int, *, now: datetime | None = None) -> None:
        """Lobby → active, once the seats suit the rules."""
        await game_setup.start_game(self._db, game_id, now)

    # --- during a game -----------------------------------------------------------------------

    async def append_action(
        self,
        game_id: int,
        seq: int,
        action: Bid | Play,
        *,
        deadlines: Mapping[int, datetime | None] | None = None,
        progress_due: datetime | Unset | None = UNSET,
    ) -> None:
        """Commit one player action (``seq`` = player actions saved so far) and, in the
        same transaction, optional per-seat turn deadlines and the moment the game's
        owed progress falls due (see :meth:`set_turn_deadlines`). Call it before applying
        the action to the game or showing it to anyone.

        Raises :class:`StorageBusy` / :class:`StorageFull` / :class:`StorageUnavailable`
        (nothing was saved; the next try may succeed) or :class:`GameStateConflict`
        (out of order, or the game is not active).
        """
        await moves.append_action(self._db, game_id, seq, action, deadlines, progress_due)

    async def update_game_messages(
        self,
        game_id: int,
        *,
        thread_id: int | Unset | None = UNSET,
        lobby_message_id: int | Unset | None = UNSET,
        table_message_id: int | Unset | None = UNSET,
        turn_timeout: int | Unset = UNSET,
        bot_state: Mapping[str, Any] | Unset = UNSET,
    ) -> None:
        """Set the game's Discord ids and settings; arguments left out stay as they are,
        ``None`` clears. ``bot_state`` is a small JSON object the bot owns."""
        changes = moves.game_changes(
            thread_id=thread_id,
            lobby_message_id=lobby_message_id,
            table_message_id=table_message_id,
            turn_timeout=turn_timeout,
            bot_state=bot_state,
        )
        await moves.update_game(self._db, game_id, changes)

    async def update_seat(
        self,
        game_id: int,
        seat: int,
        *,
        display_name: str | Unset = UNSET,
        computer_level: str | Unset | None = UNSET,
        dms_closed: bool | Unset = UNSET,
        autoplay: bool | Unset = UNSET,
        missed_turns: int | Unset = UNSET,
        left_game: bool | Unset = UNSET,
        dm_channel_id: int | Unset | None = UNSET,
        dm_message_id: int | Unset | None = UNSET,
        turn_deadline: datetime | Unset | None = UNSET,
    ) -> None:
        """Change a seat's flags and message ids; arguments left out stay as they are.

        A human who leaves mid-game: ``left_game=True, computer_level="…"``.
        """
        changes = moves.seat_changes(
            display_name=display_name,
            computer_level=computer_level,
            dms_closed=dms_closed,
            autoplay=autoplay,
            missed_turns=missed_turns,
            left_game=left_game,
            dm_channel_id=dm_channel_id,
            dm_message_id=dm_message_id,
            turn_deadline=turn_deadline,
        )
        await moves.update_seat(self._db, game_id, seat, changes)

    # --- the end -------------------------------------------------------------------------------

    async def finish_game(
        self, game_id: int, game: Game, *, now: datetime | None = None
    ) -> tuple[SeatResult, ...]:
        """Record a game that is over: status, per-seat results and stats, in one
        transaction (moves not yet saved are appended first). Returns the results.

        Every seat counts, including a human who left (their seat was played out by a
        computer): leaving a losing game does not protect a record.
        """
        return await ending.finish_game(self._db, game_id, game, now)

    async def cancel_game(
        self, game_id: int, *, abandoned: bool = False, now: datetime | None = None
    ) -> None:
        """End an open game without results (``abandoned``: everyone left). Kept for
        the record; counts in no leaderboard."""
        await ending.cancel_game(self._db, game_id, abandoned, now)

    # --- loading ---------------------------------------------------------------------------

    async def load_unfinished_games(self) -> list[StoredGame]:
        """Every lobby and active game, each active one rebuilt by replaying its log."""
        return await loading.load_games(self._db, None)

    async def load_game(self, game_id: int) -> StoredGame:
        found = await loading.load_games(self._db, [game_id])
        if not found:
            raise GameNotFound(f"no game {game_id}")
        return found[0]

    async def open_game_in_channel(self, channel_id: int) -> int | None:
        return await game_setup.open_game_in_channel(self._db, channel_id)

    async def open_game_of_user(self, user_id: int) -> int | None:
        """The lobby or active game where this user holds a seat (and has not left)."""
        return await game_setup.open_game_of_user(self._db, user_id)

    # --- leaderboards and stats -----------------------------------------------------------------

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
        )

    async def player_stats(
        self, guild_id: int | None, user_id: int, kinds: GameKinds = "all"
    ) -> PlayerStats:
        """A player's stats in one server, or across every server (``guild_id=None``),
        over online games, table games (score pads) or both."""
        return await stats.player_stats(self._db, guild_id, user_id, kinds)

    async def forget_user(self, user_id: int) -> int:
        """Delete a player's stats in every server (forget-me); returns the number of
        game results deleted."""
        return await stats.forget_user(self._db, user_id)

    async def reset_guild_leaderboard(self, guild_id: int) -> int:
        """Delete a server's leaderboard, stats and ratings; returns the results deleted."""
        return await stats.reset_guild_leaderboard(self._db, guild_id)

    async def rebuild_ratings(self) -> RebuildReport:
        """Recompute every server's ratings from the stored results in rating order,
        compare them with the stored ones and save them where they differ."""
        async with self._db.transaction("rebuilding the ratings") as tx:
            return await rebuild_ratings(tx)

    # --- server settings -----------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        return await guild_settings.guild_settings(self._db, guild_id)

    async def save_guild_settings(self, new: GuildSettings, *, now: datetime | None = None) -> None:
        await guild_settings.save_guild_settings(self._db, new, now)

    async def player_language(self, user_id: int) -> str | None:
        return await guild_settings.player_language(self._db, user_id)

    async def save_player_language(
        self, user_id: int, language: str | None, *, now: datetime | None = None
    ) -> None:
        await guild_settings.save_player_language(self._db, user_id, language, now)
