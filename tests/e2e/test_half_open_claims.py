"""A replica whose link to PostgreSQL stops forwarding (half-open: no error, no answer)
stops running its shards before another process takes them over, so no shard is ever
run by two processes at once; the game goes on in the other process, and the cut-off
replica joins again once the link is back (PostgreSQL, real processes)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path

from tests.bot.storage.tcp_proxy import PausingProxy
from tests.e2e.processes import BotProcess
from tests.e2e.test_several_processes import Server, check_against_replay, database_url
from tests.fake_discord.driver import FakeDiscord

__all__ = ["database_url"]  # the fixture, shared with the other processes' tests


async def watch_overlaps(fake: FakeDiscord, found: list[str]) -> None:
    """Note every moment a shard has two connected gateway sessions."""
    while True:
        connected = [s.shard_id for s in fake.sessions() if s.connected]
        for shard in set(connected):
            if connected.count(shard) > 1:
                found.append(f"shard {shard} run twice: {fake.sessions()}")
        await asyncio.sleep(0.02)


async def test_a_half_open_replica_stops_before_its_shards_are_taken_over(
    fake_discord: FakeDiscord, database_url: str, tmp_path: Path
) -> None:
    fake = fake_discord
    server = Server(fake, "North", 1, ["asha", "bikram", "chandra", "deepa"], shard_count=2)
    proxy = PausingProxy(database_url)
    through_proxy = await proxy.start()
    cut = BotProcess(fake, through_proxy, tmp_path, "cut", SHARD_COUNT="2")
    await fake.wait_for(lambda: cut.shards() == {0, 1}, timeout=60, what="the first replica",
                        poll=0.1)
    direct = BotProcess(fake, database_url, tmp_path, "direct", SHARD_COUNT="2")
    overlaps: list[str] = []
    watching = asyncio.create_task(watch_overlaps(fake, overlaps))
    try:
        await fake.wait_for(lambda: len(cut.shards()) == 1 and len(direct.shards()) == 1,
                            timeout=60, what="a shard each", poll=0.1)
        await fake.wait_shards_connected(2, timeout=30)
        game_id = await server.open_game({"preset": "short", "max_hand": 2})
        rng = random.Random(9)
        await server.play(rng, moves=3)
        # The server notices the silent client after 10 s here (its keepalives: about
        # 20 s); the replica must have stopped its shards before then.
        proxy.stop_forwarding(server_notices_after=10.0)
        await fake.wait_for(lambda: direct.shards() == {0, 1}, timeout=60,
                            what="the cut-off replica's shard taken over", poll=0.1)
        assert "shard claims lost" in cut.log()
        await fake.wait_shards_connected(2, timeout=30)
        # A click the cut-off replica acknowledged but could not save changed nothing:
        # its buttons still show, and people click them again.
        server.clicked.clear()
        await server.play(rng)
        await fake.wait_for(server.over, timeout=60, what="the final standings")
        await check_against_replay(database_url, server, game_id)
        assert overlaps == [], overlaps[:3]
    finally:
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watching
        for process in (cut, direct):
            process.stop()
        await proxy.close()
    assert "Traceback" not in direct.log(), direct.log()
