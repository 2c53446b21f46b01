"""Fixtures of the storage tests: databases in pytest's tmp_path, always closed.

aiosqlite's worker thread keeps the process alive until its connection is closed, so
every storage a test opens goes through ``open_storage`` and is closed at teardown
even when the test fails half-way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import Any, Protocol

import pytest

from bot.storage import Storage


class OpenStorage(Protocol):
    def __call__(self, path: Path, **options: Any) -> Awaitable[Storage]: ...


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "kachuful.db"


@pytest.fixture
async def open_storage() -> AsyncIterator[OpenStorage]:
    opened: list[Storage] = []

    async def opener(path: Path, **options: Any) -> Storage:
        storage = await Storage.open(path, **options)
        opened.append(storage)
        return storage

    yield opener
    for storage in opened:
        await storage.close()  # closing twice is harmless


@pytest.fixture
async def storage(db_path: Path, open_storage: OpenStorage) -> Storage:
    # NORMAL durability: the tests do not need an fsync per commit, and it keeps them fast.
    return await open_storage(db_path, durability="NORMAL")
