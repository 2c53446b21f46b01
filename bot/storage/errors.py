"""Storage's typed errors.

``str(error)`` is the technical detail for logs and admins; ``error.player_message``
is what the bot may show a player, written so they know what happened and what to do.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Final

_TRY_AGAIN: Final = "The game's database could not save that. Nothing changed: please try again."


class StorageError(Exception):
    """Base class of every error storage raises on purpose."""

    default_player_message: str = _TRY_AGAIN

    def __init__(self, detail: str, *, player_message: str | None = None) -> None:
        super().__init__(detail)
        self.player_message = player_message or self.default_player_message


class InvalidValue(StorageError, ValueError):
    """A value the caller passed cannot be stored (bad id, name, sort, time…)."""

    default_player_message = "That value can't be used. Nothing changed."


class GameNotFound(StorageError, LookupError):
    """No game has this id."""

    default_player_message = "That game no longer exists."


class GameStateConflict(StorageError):
    """The request does not fit the game's stored state (wrong status, a move out of
    order, a second game in a channel…). Nothing was written."""

    default_player_message = "That doesn't fit the game's current state. Nothing changed."


class StorageBusy(StorageError):
    """The database stayed locked by another connection past the busy timeout."""

    default_player_message = (
        "The game's database is busy, so that was not saved and nothing changed. "
        "Please try again in a moment."
    )


class StorageFull(StorageError):
    """The disk (or the database's size limit) is full."""

    default_player_message = (
        "The bot's disk is full, so that was not saved and nothing changed. "
        "Please tell a server admin; try again later."
    )


class StorageUnavailable(StorageError):
    """The database file cannot be written or read right now (I/O error, read-only)."""

    default_player_message = (
        "The bot can't reach its database right now, so that was not saved. Please try again later."
    )


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
