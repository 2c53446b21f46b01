"""The PostgreSQL server the tests use, and databases of their own on it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.storage.postgres.sql import bind

URL_ENV: Final = "KACHUFUL_TEST_DATABASE_URL"
REQUIRE_ENV: Final = "KACHUFUL_REQUIRE_POSTGRES"
DEFAULT_URL: Final = "postgresql://postgres@127.0.0.1:5432/postgres"
HOW_TO_RUN: Final = (
    "PostgreSQL cases skipped: no server at {url} ({error}). To run them, start "
    "PostgreSQL 15 on 127.0.0.1:5432 (user postgres, trust auth) or set "
    f"{URL_ENV}; CI sets {REQUIRE_ENV}=1 to make this a failure"
)
TABLES: Final = (
    "games, seats, actions, results, player_totals, hand_accuracy, guild_settings, ratings"
)

Location = Path | str
"""A test database: a SQLite file, or a PostgreSQL URL."""


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


@dataclass
class PostgresServer:
    admin_url: str
    session_url: str = ""
    created: list[str] = field(default_factory=list)

    def create_database(self) -> str:
        """A new empty database with a random name; its URL."""
        name = f"kachuful_test_{secrets.token_hex(6)}"
        asyncio.run(_admin(self.admin_url, f'CREATE DATABASE "{name}"'))
        self.created.append(name)
        return with_database(self.admin_url, name)

    def drop_database(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        asyncio.run(_admin(self.admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

    @contextlib.contextmanager
    def session_database(self) -> Iterator[None]:
        self.session_url = self.create_database()
        try:
            yield
        finally:
            self.drop_database(self.session_url)


async def _admin(url: str, statement: str) -> None:
    conn = await asyncpg.connect(url, timeout=5)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


def server_url() -> str:
    return os.environ.get(URL_ENV) or DEFAULT_URL


def postgres_required() -> bool:
    return os.environ.get(REQUIRE_ENV) == "1"


def server_problem() -> str | None:
    """Why the tests' server can't be used (with how to run them), or ``None``."""
    url = server_url()
    try:
        asyncio.run(_admin(url, "SELECT 1"))
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as exc:
        return HOW_TO_RUN.format(url=url, error=type(exc).__name__)
    return None


def find_server() -> PostgresServer:
    """The server to test on; a failure when there is none (the PostgreSQL cases are
    left out at collection instead, unless CI requires them)."""
    problem = server_problem()
    if problem is not None:
        pytest.fail(problem, pytrace=False)
    return PostgresServer(server_url())


async def empty_tables(url: str) -> None:
    """A migrated database with no rows (ids from 1 again); migrates it first if new."""
    conn = await asyncpg.connect(url)
    try:
        if await conn.fetchval("SELECT to_regclass('games')") is not None:
            await conn.execute(f"TRUNCATE {TABLES} RESTART IDENTITY CASCADE")
    finally:
        await conn.close()


async def raw_execute(location: Location, sql: str, params: Sequence[Any] = ()) -> list[Any]:
    """One statement (``?`` parameters) outside storage, as another program would."""
    if isinstance(location, Path):
        conn = sqlite3.connect(location)
        try:
            with conn:
                return [tuple(row) for row in conn.execute(sql, params).fetchall()]
        finally:
            conn.close()
    statement, args = bind(sql, params)
    pg = await asyncpg.connect(location)
    try:
        return [tuple(row) for row in await pg.fetch(statement, *args)]
    finally:
        await pg.close()
