"""The bot's health, as a small status file the Docker HEALTHCHECK reads.

The bot rewrites the file every ``INTERVAL`` seconds with what it knows now (is the
gateway connected, can the database be written); ``kachuful health`` reads it and
fails when the file is stale or either check is false. A file rather than an HTTP
port: nothing to expose, and a hung bot stops refreshing it, which is a failure too.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Final, Protocol

from bot.storage import StorageError

log = logging.getLogger(__name__)

INTERVAL: Final = 15.0
MAX_AGE: Final = 90.0
"""A status older than this means the bot is stuck (several missed refreshes)."""


@dataclass(frozen=True, slots=True)
class Status:
    written_at: float
    connected: bool
    database_writable: bool
    open_games: int
    detail: str = ""

    @property
    def healthy(self) -> bool:
        return self.connected and self.database_writable


def write_status(path: Path, status: Status) -> None:
    """Replace the file atomically, so a reader never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(asdict(status)))
    os.replace(temporary, path)


def read_status(path: Path) -> Status:
    """Raise ``ValueError`` with a readable reason when the file is missing or bad."""
    try:
        data = json.loads(path.read_text())
        return Status(**data)
    except FileNotFoundError:
        raise ValueError(f"no status file at {path}: the bot has not started yet") from None
    except (OSError, ValueError, TypeError) as exc:
        raise ValueError(f"unreadable status file {path}: {exc}") from None


def judge(status: Status, now: float, max_age: float = MAX_AGE) -> str | None:
    """``None`` when healthy, else the reason."""
    age = now - status.written_at
    if age > max_age:
        return f"the status is {age:.0f} s old: the bot is not refreshing it"
    if not status.connected:
        return "not connected to Discord"
    if not status.database_writable:
        return f"the database cannot be written: {status.detail}"
    return None


class WritableStorage(Protocol):
    async def check_writable(self) -> None: ...


class Watched(Protocol):
    """What the status is read from (the bot; a stand-in in tests)."""

    @property
    def storage(self) -> WritableStorage: ...

    def is_ready(self) -> bool: ...

    def is_closed(self) -> bool: ...

    def open_games(self) -> int: ...


async def current_status(bot: Watched) -> Status:
    connected = bot.is_ready() and not bot.is_closed()
    writable, detail = True, ""
    try:
        await bot.storage.check_writable()
    except (StorageError, RuntimeError) as exc:
        writable, detail = False, str(exc)
    return Status(time.time(), connected, writable, bot.open_games(), detail)


async def keep_writing(bot: Watched, path: Path, interval: float = INTERVAL) -> None:
    """Refresh the status file until cancelled; a failed write never stops the loop.

    A failure is logged once, not every 15 s: the health check already reports it
    (no fresh file), and the bot itself keeps playing. A recovery is logged too.
    """
    failing = False
    while True:
        status = await current_status(bot)
        try:
            await asyncio.to_thread(write_status, path, status)
        except (OSError, ValueError) as exc:  # ValueError: a path like "." or with a NUL
            if not failing:
                log.warning("cannot write the health status file %s: %s", path, exc)
            failing = True
        else:
            if failing:
                log.info("the health status file %s is written again", path)
            failing = False
        await asyncio.sleep(interval)
