"""The load bench's several processes: each one's settings, the sums, the servers' shards."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from pydantic import SecretStr

import bench.load_processes as load_processes
from bench.load_games import build_tables
from bench.load_options import parse_args
from bench.load_processes import Database, Fleet, process_settings
from bench.load_report import scaling_line
from bench.load_support import BotProcess, ProcessSample
from bot.settings import Settings
from tests.fake_discord import FakeDiscord

SQLITE = Database("sqlite", Path("/tmp/k.db"))
POSTGRES = Database("postgres", Path("/tmp/k.db"), "postgresql://postgres@127.0.0.1:5432/kb")


def settings_of(env: dict[str, str]) -> Settings:
    return Settings(_env_file=None, discord_token=SecretStr("MTIz.fake.token-for-tests"),
                    **{key.lower(): value for key, value in env.items()})


def test_one_process_on_sqlite_runs_unsharded_as_by_default() -> None:
    env = process_settings(SQLITE, 1, 0)
    assert env == {"DATABASE_PATH": "/tmp/k.db"}
    assert not settings_of(env).shares_database


def test_processes_on_sqlite_are_pinned_each_to_its_shard() -> None:
    envs = [process_settings(SQLITE, 3, i) for i in range(3)]
    assert [e["SHARD_IDS"] for e in envs] == ["0", "1", "2"]
    for env in envs:
        settings = settings_of(env)
        assert settings.shard_count == 3 and settings.shares_database
        assert settings.database_url is None


def test_processes_on_postgres_share_the_shards_through_the_database() -> None:
    envs = [process_settings(POSTGRES, 2, i) for i in range(2)]
    assert envs[0] == envs[1], "identical replicas"
    settings = settings_of(envs[0])
    assert settings.shard_count == 2 and settings.shard_ids is None
    assert settings.database_url is not None
    single = settings_of(process_settings(POSTGRES, 1, 0))
    assert single.shard_count is None and single.shares_database


def test_a_fleet_sums_cpu_and_memory_over_its_processes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    samples = {11: ProcessSample(0.0, 1.5, 100, 150, 4),
               12: ProcessSample(0.0, 2.0, 300, 350, 5)}
    monkeypatch.setattr(load_processes, "read_process", lambda pid: samples[pid])
    processes = [cast(BotProcess, SimpleNamespace(pid=pid)) for pid in samples]
    total = Fleet(processes, SQLITE).read()
    assert (total.cpu_s, total.rss_kb, total.peak_rss_kb, total.threads) == (3.5, 400, 500, 9)


async def test_the_games_servers_take_the_shards_in_turn() -> None:
    async with FakeDiscord() as fake:
        tables = build_tables(fake, 7, "t", shard_count=3)
        guilds = [fake.state.channels[t.channel.id].guild_id for t in tables]
        assert [fake.shard_of(fake.state.guilds[g], 3) for g in guilds] == [
            0, 1, 2, 0, 1, 2, 0]


def test_the_command_line_takes_processes_and_database() -> None:
    args = parse_args(["--processes", "3", "--database", "postgres", "--games", "50"])
    assert (args.processes, args.database, args.game_counts) == (3, "postgres", [50])
    assert parse_args([]).processes == 1 and parse_args([]).database == "sqlite"
    with pytest.raises(SystemExit):
        parse_args(["--processes", "0"])
    with pytest.raises(SystemExit):
        parse_args(["--database", "mysql"])


def test_the_scaling_line_names_each_figure() -> None:
    run: dict[str, Any] = {
        "games": 50, "actions_per_s": 33.0, "cpu_s_per_1000_actions": 17.2,
        "database_cpu_s_per_1000_actions": 3.8, "p99_ms": 100.6, "handover_p50_ms": 1041.2,
        "handover_p99_ms": 3890.2, "bot_cpu_util": 0.57, "driver_cpu_util": 0.28,
        "other_cpu_util": 0.96,
    }
    line = scaling_line(run, 2, "postgres")
    for part in ("P=2 postgres", "33.0 moves/s", "17.2 s per 1,000 moves", "+3.8 s in Postgre",
                 "ack p99 100.6 ms", "handover p50 1041.2 / p99 3890.2 ms"):
        assert part in line
