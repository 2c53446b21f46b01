"""The load bench's bot as several processes over one database (``--processes P``).

On PostgreSQL the P processes are identical replicas with ``SHARD_COUNT=P``: they share the
shards among themselves through the database, as a compose deployment runs them. On SQLite
each process is pinned (``SHARD_COUNT=P``, ``SHARD_IDS=i``) and all of them open one file.
One process on SQLite runs unsharded, as the bot runs by default (it restores every game at
start); one process on PostgreSQL shares the database (games are loaded when first touched).

Figures are read from every process and summed (CPU, memory). On PostgreSQL the CPU of the
server's backends that serve the bench's database is read too: SQLite does that work inside
the bot process, so bot CPU alone would flatter PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.postgres.shard_claims import SHARD_LOCKS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load_support import BotProcess, ProcessSample, read_process
from tests.fake_discord import FakeDiscord

DEFAULT_POSTGRES_URL: Final = "postgresql://postgres@127.0.0.1:5432/postgres"
DATABASES: Final = ("sqlite", "postgres")


@dataclass(frozen=True, slots=True)
class Database:
    """Where the bot processes keep their games: a SQLite file or a PostgreSQL URL."""

    kind: str  # "sqlite" | "postgres"
    path: Path
    url: str | None = None

    def settings(self) -> dict[str, str]:
        if self.url is not None:
            return {"DATABASE_URL": self.url, "DATABASE_PATH": str(self.path)}
        return {"DATABASE_PATH": str(self.path)}


def _with_name(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


@contextlib.asynccontextmanager
async def fresh_database(kind: str, folder: Path, server_url: str | None) -> AsyncIterator[
        Database]:
    """An empty database for one run: a new SQLite file in ``folder``, or a new PostgreSQL
    database with a random name on ``server_url`` (dropped afterwards, even on failure)."""
    path = folder / "kachuful.db"
    if kind == "sqlite":
        yield Database("sqlite", path)
        return
    admin_url = server_url or DEFAULT_POSTGRES_URL
    name = f"kachuful_bench_{secrets.token_hex(6)}"
    await _admin(admin_url, f'CREATE DATABASE "{name}"')
    try:
        yield Database("postgres", path, _with_name(admin_url, name))
    finally:
        await _admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _admin(url: str, statement: str) -> None:
    connection = await asyncpg.connect(url, timeout=10)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


def process_settings(database: Database, processes: int, index: int) -> dict[str, str]:
    """The environment of bot process ``index`` of ``processes`` (see the module's text)."""
    settings = database.settings()
    if processes > 1:
        settings["SHARD_COUNT"] = str(processes)
        if database.kind == "sqlite":
            settings["SHARD_IDS"] = str(index)  # without PostgreSQL nothing shares the shards
    return settings


class Fleet:
    """P bot processes read as one: CPU and memory summed, the logs concatenated."""

    def __init__(self, processes: list[BotProcess], database: Database) -> None:
        self.processes = processes
        self.database = database
        self.shard_count = len(processes)

    @classmethod
    def of(cls, count: int, database: Database, make: Callable[[str, dict[str, str]],
                                                               BotProcess]) -> Fleet:
        """``make(name, settings)`` builds one process (not started yet)."""
        names = ["bot"] if count == 1 else [f"bot{i}" for i in range(count)]
        return cls([make(name, process_settings(database, count, i))
                    for i, name in enumerate(names)], database)

    async def start(self) -> None:
        for process in self.processes:
            await process.start()

    async def shards_settled(self) -> bool:
        """Replicas sharing the shards through PostgreSQL each hold one shard's claim
        (pinned or single processes: at once). Until then a process may still hand a
        shard over, and the clicks of its servers wait for the new session."""
        if self.database.url is None or len(self.processes) == 1:
            return True
        connection = await asyncpg.connect(self.database.url, timeout=10)
        try:
            holders = await connection.fetchval(
                "SELECT count(DISTINCT pid) FROM pg_locks WHERE locktype = 'advisory' "
                "AND granted AND objsubid = 2 AND classid::BIGINT = $1 "
                "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
                SHARD_LOCKS)
        finally:
            await connection.close()
        return int(holders) == len(self.processes)

    async def stop(self) -> list[int | None]:
        return list(await asyncio.gather(*(p.stop() for p in self.processes)))

    @property
    def pid(self) -> int:
        """The first process (shard 0 on SQLite): the one a profiler attaches to."""
        return self.processes[0].pid

    @property
    def running(self) -> bool:
        return all(p.running for p in self.processes)

    @property
    def log_path(self) -> Path:
        return self.processes[0].log_path

    @property
    def log_paths(self) -> list[Path]:
        return [p.log_path for p in self.processes]

    def log_lines(self) -> list[str]:
        return [line for p in self.processes for line in p.log_lines()]

    def keep_logs(self, kept: Path) -> Path:
        """Every process's log joined into ``kept`` (the run's folder is deleted)."""
        kept.parent.mkdir(parents=True, exist_ok=True)
        with kept.open("wb") as joined:
            for process in self.processes:
                joined.write(f"--- {process.name} ---\n".encode())
                joined.write(process.log_path.read_bytes())
        return kept

    def read_each(self) -> list[ProcessSample]:
        return [read_process(p.pid) for p in self.processes]

    def read(self) -> ProcessSample:
        """Every process's CPU seconds, RSS, peak RSS and threads, summed."""
        samples = self.read_each()
        return ProcessSample(
            at=time.monotonic(),
            cpu_s=sum(s.cpu_s for s in samples),
            rss_kb=sum(s.rss_kb for s in samples),
            peak_rss_kb=sum(s.peak_rss_kb for s in samples),
            threads=sum(s.threads for s in samples),
        )


class ServerCpu:
    """CPU seconds of the PostgreSQL backends connected to one database (the bots' pools).

    The server runs on this machine; a backend's CPU is read from ``/proc/<pid>/stat``.
    Connections the pools open after :meth:`start` are counted from the moment they are
    seen (they are looked for again at :meth:`stop`), so the figure can only be low."""

    def __init__(self, database: Database) -> None:
        self._url = database.url
        self._start: dict[int, float] = {}

    async def _backends(self) -> dict[int, float]:
        if self._url is None:
            return {}
        connection = await asyncpg.connect(self._url, timeout=10)
        try:
            rows = await connection.fetch(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
            )
        finally:
            await connection.close()
        cpu: dict[int, float] = {}
        for row in rows:
            with contextlib.suppress(OSError, ValueError):
                cpu[int(row["pid"])] = _cpu_of(int(row["pid"]))
        return cpu

    async def start(self) -> None:
        self._start = await self._backends()

    async def stop(self) -> float | None:
        """CPU seconds since :meth:`start`; ``None`` on SQLite (no server)."""
        if self._url is None:
            return None
        now = await self._backends()
        return sum(cpu - self._start.get(pid, 0.0) for pid, cpu in now.items())


def _cpu_of(pid: int) -> float:
    sample = read_process(pid)
    return sample.cpu_s


def connected(fake: FakeDiscord, shard_count: int) -> bool:
    """The bot's gateway is up: its one session, or a session for each of its shards."""
    if shard_count == 1:
        return fake.bot_connected
    shards = {s.shard_id for s in fake.sessions() if s.connected and s.shard_count == shard_count}
    return len(shards) == shard_count
