"""A replica starting while another migrates waits for it, however long the migration
takes, instead of failing on the pool's lock timeout and crash-looping (PostgreSQL)."""

from __future__ import annotations

import asyncio

import asyncpg

from bot.storage import Storage
from bot.storage.postgres.migrations import MIGRATION_LOCK


async def test_a_start_waits_out_a_long_migration(postgres_url: str) -> None:
    migrating = await asyncpg.connect(postgres_url)
    try:
        await migrating.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        starting = asyncio.create_task(Storage.connect(postgres_url, busy_timeout=0.2))
        await asyncio.sleep(1.0)  # five lock timeouts: the start is still waiting
        assert not starting.done(), starting
        await migrating.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        storage = await asyncio.wait_for(starting, 30)
        await storage.close()
    finally:
        await migrating.close()
