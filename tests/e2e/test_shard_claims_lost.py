"""A replica whose shard claims connection is cut (a database restart, a link reset)
stops its shards and joins again, instead of exiting or running shards another
process may have claimed meanwhile (PostgreSQL, real processes)."""

from __future__ import annotations

import random
from pathlib import Path

import asyncpg

from tests.e2e.processes import BotProcess
from tests.e2e.test_several_processes import Server, check_against_replay
from tests.fake_discord.driver import FakeDiscord


async def cut_claims(url: str) -> int:
    """What a database restart does to the claims connection: the server ends it."""
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE application_name = 'kachuful-bot shards' AND datname = current_database()"))
    finally:
        await conn.close()


async def test_a_replica_whose_claims_are_cut_runs_its_shards_again(
    fake_discord: FakeDiscord, database_url: str, tmp_path: Path
) -> None:
    fake = fake_discord
    server = Server(fake, "North", 1, ["asha", "bikram", "chandra", "deepa"], shard_count=2)
    process = BotProcess(fake, database_url, tmp_path, "bot0", SHARD_COUNT="2")
    try:
        await fake.wait_for(lambda: process.shards() == {0, 1}, timeout=60,
                            what="both shards run", poll=0.1)
        await fake.wait_shards_connected(2, timeout=30)
        assert await cut_claims(database_url) == 1
        await fake.wait_for(
            lambda: "shard claims reconnected" in process.log()
            and "taking over shards [0, 1]" in process.log(),
            timeout=60, what="the claims rejoined and the shards claimed again", poll=0.1)
        assert process.process.poll() is None, "the process keeps running"
        await fake.wait_shards_connected(2, timeout=30)
        game_id = await server.open_game({"preset": "short", "max_hand": 2})
        await server.play(random.Random(5))
        await fake.wait_for(server.over, timeout=30, what="the final standings")
        await check_against_replay(database_url, server, game_id)
    finally:
        process.stop()
    assert "Traceback" not in process.log(), process.log()
