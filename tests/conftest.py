"""Fixtures shared by the test packages: every test that uses ``database`` (or ``storage``)
runs once on SQLite and once on PostgreSQL.

SQLite databases live in pytest's tmp_path. PostgreSQL ones are created on the
server at ``KACHUFUL_TEST_DATABASE_URL`` (default: postgres on 127.0.0.1:5432) with a
random name, and dropped afterwards. Without a server the PostgreSQL cases are
skipped with one line saying how to run them — unless ``KACHUFUL_REQUIRE_POSTGRES=1``
(as in CI), which makes that a failure.

Every storage a test opens goes through ``open_storage`` and is closed at teardown
even when the test fails half-way (aiosqlite's worker thread and asyncpg's pool would
otherwise outlive it).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest

from bot.storage import Storage
from tests.bot.storage.postgres_server import (
    Location,
    PostgresServer,
    empty_tables,
    find_server,
    postgres_required,
    server_problem,
)

_LEFT_OUT: pytest.StashKey[str] = pytest.StashKey()


def _wants_postgres(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    on_postgres = callspec is not None and callspec.params.get("backend") == "postgres"
    return on_postgres or "postgres_server" in getattr(item, "fixturenames", ())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without a server (and unless CI requires one), leave the PostgreSQL cases out
    and say so in one line at the end."""
    wanting = [item for item in items if _wants_postgres(item)]
    if not wanting or postgres_required():
        return
    problem = server_problem()
    if problem is None:
        return
    left_out = set(wanting)
    items[:] = [item for item in items if item not in left_out]
    config.hook.pytest_deselected(items=wanting)
    config.stash[_LEFT_OUT] = f"{len(wanting)} {problem}"


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if _LEFT_OUT in config.stash:
        terminalreporter.write_line(config.stash[_LEFT_OUT])


class OpenStorage(Protocol):
    def __call__(self, location: Location, **options: Any) -> Awaitable[Storage]: ...


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The server, and one database of this test session (dropped at the end)."""
    server = find_server()
    with server.session_database():
        yield server


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "kachuful.db"


@pytest.fixture
def database_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A PostgreSQL database of this test's own (processes read owners from its locks),
    made for it and dropped after."""
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> str:
    """The session's PostgreSQL database, emptied for this test."""
    await empty_tables(postgres_server.session_url)
    return postgres_server.session_url


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database(backend: str, request: pytest.FixtureRequest) -> Location:
    """Where this test's database is: a SQLite file, or a PostgreSQL URL."""
    if backend == "sqlite":
        return Path(request.getfixturevalue("sqlite_path"))
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def open_storage() -> AsyncIterator[OpenStorage]:
    opened: list[Storage] = []

    async def opener(location: Location, **options: Any) -> Storage:
        if isinstance(location, Path):
            storage = await Storage.open(location, **options)
        else:
            # Durability is SQLite's setting; a PostgreSQL server has its own.
            options.pop("durability", None)
            storage = await Storage.connect(location, pool_size=4, **options)
        opened.append(storage)
        return storage

    yield opener
    for storage in opened:
        await storage.close()  # closing twice is harmless


@pytest.fixture
async def storage(database: Location, open_storage: OpenStorage) -> Storage:
    # NORMAL durability: the tests do not need an fsync per commit, and it keeps them fast.
    return await open_storage(database, durability="NORMAL")


@pytest.fixture
async def sqlite_storage(sqlite_path: Path, open_storage: OpenStorage) -> Storage:
    """For the tests of SQLite's own settings (its size limit)."""
    return await open_storage(sqlite_path, durability="NORMAL")
