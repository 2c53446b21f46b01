"""Fixtures of the core tests: game services on a SQLite file in tmp_path, always closed.

Seeds are fixed per test, so every game here deals the same cards on every run and
no test depends on luck (who deals first, which cards a person holds).
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Protocol

import pytest

from bot.core.service import GameService
from bot.storage import Storage
from tests.bot.core.helpers import Core, RecordingSink
from tests.bot.storage.postgres_server import Location
from tests.conftest import OpenStorage

GRACE_SECONDS = 5.0
"""How long a closing service may finish its steps in flight (they take milliseconds)."""


ThreadMode = Callable[[int], Awaitable[bool]]
"""Whether a server plays its games in threads (``GameService``'s ``thread_mode``)."""


class OpenCore(Protocol):
    def __call__(
        self, *, time_scale: float = ..., lobby_idle_seconds: float = ...,
        sink: RecordingSink | None = ..., path: Path | None = ...,
        thread_mode: ThreadMode | None = ...,
    ) -> Awaitable[Core]: ...


class CloseCore(Protocol):
    def __call__(self, core: Core) -> Awaitable[None]: ...


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    counter = itertools.count()

    def seed() -> bytes:
        return hashlib.sha256(f"core-test-{next(counter)}".encode()).digest()

    monkeypatch.setattr("bot.core.lobby.new_seed", seed)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "kachuful.db"


@pytest.fixture
async def close_core() -> AsyncIterator[CloseCore]:
    """Stops a core as the bot does on shutdown: the service first, then its database."""
    closed: set[int] = set()

    async def closer(core: Core) -> None:
        if id(core) in closed:
            return
        closed.add(id(core))
        await core.service.close(GRACE_SECONDS)
        await core.storage.close()

    yield closer


@pytest.fixture
async def open_core(db_path: Path, close_core: CloseCore) -> AsyncIterator[OpenCore]:
    """Opens a core on ``db_path`` (the same file each time unless told otherwise: a
    second core on it is the bot after a restart). Every core is closed at teardown."""
    opened: list[Core] = []

    async def opener(
        *, time_scale: float = 1.0, lobby_idle_seconds: float = 3600.0,
        sink: RecordingSink | None = None, path: Path | None = None,
        thread_mode: ThreadMode | None = None,
    ) -> Core:
        storage = await Storage.open(path or db_path, durability="NORMAL")
        recording = sink or RecordingSink()
        service = GameService(storage, recording, work_slots=2,
                              time_scale=time_scale, lobby_idle_seconds=lobby_idle_seconds,
                              thread_mode=thread_mode)
        core = Core(service, recording, storage)
        opened.append(core)
        return core

    yield opener
    for core in opened:
        await close_core(core)


OpenShared = Callable[..., Awaitable[Core]]
"""``open_shared(time_scale=…, lobby_idle_seconds=…)``: a core as one of several bot
processes over the test's database (both backends)."""


@pytest.fixture
async def open_shared(
    database: Location, open_storage: OpenStorage
) -> AsyncIterator[OpenShared]:
    cores: list[Core] = []

    async def opener(*, time_scale: float = 1.0, lobby_idle_seconds: float = 3600.0,
                     thread_mode: ThreadMode | None = None) -> Core:
        storage = await open_storage(database, durability="NORMAL")
        sink = RecordingSink()
        service = GameService(storage, sink, work_slots=2, time_scale=time_scale,
                              lobby_idle_seconds=lobby_idle_seconds, shared=True,
                              thread_mode=thread_mode)
        await service.restore()
        core = Core(service, sink, storage)
        cores.append(core)
        return core

    yield opener
    for core in cores:
        await core.service.close(GRACE_SECONDS)
