"""Storage's typed errors.

``str(error)`` is the technical detail for logs and admins. What a player may be told
is a ``code`` with ``params`` for its values: storage speaks no player's language, the
adapter words the code in the reader's (``bot.adapter.words.storage_words``).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Final, Literal

StorageCode = Literal[
    "save_failed", "invalid_value", "game_not_found", "state_conflict", "busy", "full",
    "unavailable",
    # conflicts with a sentence of their own
    "game_open_here", "table_full", "already_seated", "seated_elsewhere", "game_started",
    "cannot_start", "game_ended", "game_not_running", "move_out_of_date", "pad_open_here",
    "pad_changed", "pad_ended",
]


class StorageError(Exception):
    """Base class of every error storage raises on purpose."""

    default_code: StorageCode = "save_failed"

    def __init__(self, detail: str, *, code: StorageCode | None = None,
                 **params: object) -> None:
        super().__init__(detail)
        self.code: StorageCode = code or self.default_code
        self.params = params


class InvalidValue(StorageError, ValueError):
    """A value the caller passed cannot be stored (bad id, name, sort, time…)."""

    default_code = "invalid_value"


class GameNotFound(StorageError, LookupError):
    """No game has this id."""

    default_code = "game_not_found"


class GameStateConflict(StorageError):
    """The request does not fit the game's stored state (wrong status, a move out of
    order, a second game in a channel…). Nothing was written."""

    default_code = "state_conflict"


class StorageBusy(StorageError):
    """The database stayed locked by another connection past the busy timeout."""

    default_code = "busy"


class StorageFull(StorageError):
    """The disk (or the database's size limit) is full."""

    default_code = "full"


class StorageUnavailable(StorageError):
    """The database file cannot be written or read right now (I/O error, read-only)."""

    default_code = "unavailable"


class DatabaseUnreadable(StorageError):
    """The database file is corrupt, not a database, or cannot be opened. The bot
    must not start, and the file is never overwritten."""


class DatabaseTooNew(StorageError):
    """The database was written by a newer version of the bot."""


class MigrationError(StorageError):
    """The migration files are missing or malformed, or one failed to apply."""


# SQLite primary result codes (https://sqlite.org/rescode.html).
_SQLITE_PERM: Final = 3
_SQLITE_BUSY: Final = 5
_SQLITE_LOCKED: Final = 6
_SQLITE_READONLY: Final = 8
_SQLITE_IOERR: Final = 10
_SQLITE_CORRUPT: Final = 11
_SQLITE_FULL: Final = 13
_SQLITE_CANTOPEN: Final = 14
_SQLITE_NOTADB: Final = 26


def primary_code(exc: sqlite3.Error) -> int | None:
    """SQLite's primary result code of an error (extended codes carry it in the low byte)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def translate(exc: sqlite3.Error, path: Path, doing: str) -> StorageError:
    """The storage error for a sqlite3 error raised while ``doing`` something."""
    code = primary_code(exc)
    detail = f"{path}: {doing} failed: {exc}"
    if code in (_SQLITE_BUSY, _SQLITE_LOCKED):
        return StorageBusy(detail)
    if code == _SQLITE_FULL:
        return StorageFull(detail)
    if code in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return DatabaseUnreadable(
            f"{path} is corrupt or is not a kachuful-bot database ({exc}); "
            "restore a backup or move the file away — it was left untouched"
        )
    if code in (_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_CANTOPEN):
        return StorageUnavailable(detail)
    return StorageError(detail)
