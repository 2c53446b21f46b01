"""asyncpg's errors as storage's typed errors, and URLs safe to print."""

from __future__ import annotations

from typing import Final
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.errors import (
    GameStateConflict,
    StorageBusy,
    StorageError,
    StorageFull,
    StorageUnavailable,
)

# SQLSTATE codes (https://www.postgresql.org/docs/current/errcodes-appendix.html).
_BUSY: Final = frozenset({"55P03", "40P01", "40001", "57014"})
"""lock_not_available, deadlock_detected, serialization_failure, query_canceled."""
_UNAVAILABLE: Final = frozenset({"57P01", "57P02", "57P03", "53300", "25006", "3D000"})
"""Shut down, crashed, starting, too many connections, read-only, no such database."""
_FULL: Final = frozenset({"53100", "53200"})
"""disk_full, out_of_memory."""
_UNIQUE_VIOLATION: Final = "23505"

CONNECTION_ERRORS: Final = (
    asyncpg.InterfaceError,
    # A pooled connection the server cut while idle can be left mid-protocol.
    asyncpg.InternalClientError,
    asyncpg.PostgresConnectionError,
    ConnectionError,
    OSError,
    TimeoutError,
)
"""Raised when the server or the network went away (not by a statement's content)."""
DRIVER_ERRORS: Final = (asyncpg.PostgresError, *CONNECTION_ERRORS)


def redact(url: str) -> str:
    """The URL without its password, for logs and messages."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<a malformed URL>"
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}:***@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


def is_connection_error(exc: BaseException) -> bool:
    if isinstance(exc, asyncpg.PostgresError):
        state = str(exc.sqlstate or "")
        return state.startswith("08") or state in _UNAVAILABLE
    return isinstance(exc, CONNECTION_ERRORS)


def translate(exc: BaseException, where: str, doing: str) -> StorageError:
    """The storage error for a driver error raised while ``doing`` something."""
    detail = f"{where}: {doing} failed: {type(exc).__name__}: {exc}"
    state = str(getattr(exc, "sqlstate", "") or "")
    if state in _BUSY:
        return StorageBusy(detail)
    if state in _FULL:
        return StorageFull(detail)
    if state == _UNIQUE_VIOLATION:
        # Another process wrote the same row first (a seat, a channel's game).
        return GameStateConflict(detail)
    if is_connection_error(exc):
        return StorageUnavailable(detail)
    return StorageError(detail)
