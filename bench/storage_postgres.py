"""The storage benchmark's PostgreSQL database: built once on the server, then reused.

The database is named after the schema and the figures, so a changed migration or
another size builds a new one; an unfinished build is dropped and started again.
"""

from __future__ import annotations

import hashlib
import time
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bench.bulk_history_postgres import bulk_load_finished_games_postgres
from bot.storage import Storage
from bot.storage.postgres.migrations import postgres_migrations

DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


async def cached_postgres(
    server_url: str, games: int, guilds: int, players: int, rebuild: bool, synthetic: object
) -> tuple[str, float | None]:
    """The URL of the bench database, and its build time (``None``: reused)."""
    schema = hashlib.sha256("".join(m.sql for m in postgres_migrations()).encode()).hexdigest()
    name = f"kachuful_bench_{schema[:12]}_{games}g_{guilds}s_{players}p"
    url = _with_database(server_url, name)
    admin = await asyncpg.connect(server_url)
    try:
        exists = await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
        complete = False
        if exists and not rebuild:
            conn = await asyncpg.connect(url)
            try:
                complete = bool(
                    await conn.fetchval(
                        "SELECT obj_description('games'::regclass) = 'bench complete'"
                    )
                )
            finally:
                await conn.close()
        if complete:
            return url, None
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    started = time.perf_counter()
    storage = await Storage.connect(url)  # creates the schema
    await storage.close()
    assert callable(synthetic)
    loaded = await bulk_load_finished_games_postgres(url, synthetic(games, seed=2026))
    assert loaded == games
    storage = await Storage.connect(url)
    try:  # the loader leaves the rating to a rebuild
        assert (await storage.ratings.rebuild_ratings()).games_rated > 0
    finally:
        await storage.close()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("COMMENT ON TABLE games IS 'bench complete'")
    finally:
        await conn.close()
    return url, time.perf_counter() - started


async def database_mb(url: str) -> float:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT pg_database_size(current_database())")) / 1e6
    finally:
        await conn.close()
