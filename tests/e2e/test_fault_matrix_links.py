"""The fault matrix's cells that break the link to PostgreSQL rather than a process
(issue 28), with real ``python -m bot`` processes: a half-open link of the process
running the shard (a TCP proxy that stops forwarding), and a restart of the database
server mid-game (a private server: the shared one is never restarted). In both, no
shard is run by two processes at once (the fake gateway is watched throughout), and
the game then finishes as in ``tests/e2e/test_fault_matrix.py``: each landed click
once in the log, results, stats and ratings once, and a new lobby for the same people.

Clicks stop while the link is broken: a click then is acknowledged and waits for the
database (its person clicks again once it is back), which these cells do not test.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

from tests.bot.storage.tcp_proxy import PausingProxy
from tests.e2e.private_postgres import PrivatePostgres
from tests.e2e.processes import BotProcess
from tests.e2e.test_fault_matrix import (
    Cell,
    check_moves,
    check_written_once,
    fake_discord_excusing,
    join_a_new_lobby,
    open_game,
)
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.interactions import InteractionRecord

SERVER_NOTICES_AFTER = 10.0
"""When the server closes the half-open link's sessions (freeing their shard locks),
as its keepalives would (the bot asks for about 20 s); the bot's claims query gives
up after 3 s, so its shards stop well before."""
MOVES_BEFORE = 4


class ShardWatch:
    """Counts, every 20 ms, the gateway sessions connected on shard 0: the most seen."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.most = 0

    @contextlib.asynccontextmanager
    async def watching(self) -> AsyncIterator[None]:
        task = asyncio.create_task(self._watch())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _watch(self) -> None:
        while True:
            running = [s for s in self.fake.sessions() if s.connected and s.shard_id == 0]
            self.most = max(self.most, len(running))
            await asyncio.sleep(0.02)


def logged_at(process: BotProcess, words: str, after: int = 0) -> datetime | None:
    """When ``process`` first logged ``words`` (past ``after`` characters of its log)."""
    for line in process.log()[after:].splitlines():
        if words in line:
            return datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f")
    return None


def unexpected_tracebacks(process: BotProcess) -> list[str]:
    """Log records with a traceback, but asyncpg's pool's warnings while the server
    restarts ("failed to restore the pool connection floor; retrying")."""
    records = re.split(r"\n(?=\d{4}-\d\d-\d\d \d\d:)", process.log())
    return [record for record in records if "Traceback" in record
            and " WARNING asyncpg.pool: " not in record.splitlines()[0]]


async def until_quiet(cell: Cell) -> None:
    """The last click's step is shown: the next person's controls are out."""
    await cell.fake.wait_for(lambda: cell.server.next_move() is not None, timeout=30,
                             what="the next person's controls", poll=0.05)


async def finish_and_check(cell: Cell, game_id: int, rng: random.Random) -> None:
    await cell.play(game_id, rng)
    await check_moves(cell, game_id)
    await check_written_once(cell, game_id)
    await join_a_new_lobby(cell)


async def survivor_beside_the_first(cell: Cell) -> BotProcess:
    """Once the first process runs shard 0, the second starts beside it (and waits)."""
    await cell.fake.wait_for(lambda: cell.dying.shards() == {0}, timeout=60,
                             what="the first process running the shard", poll=0.1)
    await cell.fake.wait_shards_connected(1, timeout=30)
    cell.start_survivor()
    assert cell.survivor is not None
    return cell.survivor


async def test_a_half_open_link_moves_the_shard_without_running_it_twice(
    database_url: str, tmp_path: Path,
) -> None:
    lost: list[InteractionRecord] = []
    proxy = PausingProxy(database_url)
    through_proxy = await proxy.start()
    async with fake_discord_excusing(lost) as fake:
        cell = Cell(fake, database_url, tmp_path, None, lost, dying_url=through_proxy)
        watch = ShardWatch(fake)
        try:
            async with watch.watching():
                survivor = await survivor_beside_the_first(cell)
                game_id = await open_game(cell, {"preset": "short", "max_hand": 2})
                rng = random.Random(6)
                await cell.play(game_id, rng, moves=MOVES_BEFORE)
                await until_quiet(cell)
                proxy.stop_forwarding(server_notices_after=SERVER_NOTICES_AFTER)
                await fake.wait_for(lambda: survivor.shards() == {0}, timeout=60,
                                    what="the survivor running the shard", poll=0.1)
                await fake.wait_shards_connected(1, timeout=30)
                await finish_and_check(cell, game_id, rng)
        finally:
            await proxy.close()  # the cut-off process's connections end: it stops at once
            cell.stop()
    assert watch.most == 1, "shard 0 ran in two processes at once"
    stopped = logged_at(cell.dying, "shard claims lost")
    taken = logged_at(survivor, "taking over shards [0]")
    assert stopped is not None and taken is not None and stopped < taken
    assert "Traceback" not in survivor.log(), survivor.log()


async def test_a_database_restart_mid_game_loses_nothing(tmp_path: Path) -> None:
    server = PrivatePostgres()
    server.start()
    lost: list[InteractionRecord] = []
    try:
        async with fake_discord_excusing(lost) as fake:
            cell = Cell(fake, server.url, tmp_path, None, lost)
            watch = ShardWatch(fake)
            try:
                async with watch.watching():
                    processes = (cell.dying, await survivor_beside_the_first(cell))
                    game_id = await open_game(cell, {"preset": "short", "max_hand": 2})
                    rng = random.Random(15)
                    await cell.play(game_id, rng, moves=MOVES_BEFORE)
                    await until_quiet(cell)
                    marks = [len(p.log()) for p in processes]
                    server.restart()
                    # Each process stops its shards and joins again; one runs shard 0.
                    await fake.wait_for(
                        lambda: any(logged_at(p, f"{how} shards [0]", mark)
                                    for p, mark in zip(processes, marks, strict=True)
                                    for how in ("running", "taking over")),
                        timeout=60, what="shard 0 claimed again", poll=0.1)
                    await fake.wait_shards_connected(1, timeout=30)
                    await finish_and_check(cell, game_id, rng)
                    assert all(p.process.poll() is None for p in processes), \
                        "both processes carried on (none exited on the restart)"
            finally:
                cell.stop()
        assert watch.most == 1, "shard 0 ran in two processes at once"
        for process in processes:
            assert not unexpected_tracebacks(process), process.log()
    finally:
        server.stop()
