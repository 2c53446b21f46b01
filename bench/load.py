"""Load benchmark of the whole bot: N concurrent four-person games through the fake Discord.

The real bot (``python -m bot``, unmodified discord.py) runs in its own process, pointed at
the fake Discord of ``tests/fake_discord``, which runs in this process together with the
simulated players. Each game has its own server and channel and four people (no computer
seats): the host runs ``/kachuful start``, three others click **Join** at once, the host
clicks **Start**, then every player — with no think time — clicks a random enabled bid or
card button of their newest DM hand message as soon as it appears, until the channel shows
the final message with the "Fair-deal proof".

Rules (chosen so the full run stays near 10 minutes on a 2-core machine): the ``short``
preset with ``max_hand=3, schedule=down`` — 3 deals of 3, 2 and 1 cards, 9 moves per player,
36 per game, with everything a longer game does (deal changes, trick pictures, score sheets,
final standings, the record). ``--max-hand K`` plays K deals; ``--short`` the whole short
preset (9 deals, 152 moves per game: about 4× longer); ``--classic`` a whole classic game (25
deals, 824 moves). Turn timers keep their 300 s default (none fires); the bot coalesces
table-message edits to its default pace (``TABLE_PACE_SECONDS``).

Start-up: by default every lobby is opened and filled first (``--start-rate`` games per
second, 10), then the games are started at the same pace and played, so the N games run
concurrently. ``--lobbies-under-load`` opens each lobby only when its game is due, while the
earlier games play (how lobby answers behave under load); ``--start-rate 0`` = all at once.

Figures per run (P bot processes, one fake, one fresh database each):

* acknowledgement latency p50/p99 — dispatch of the interaction → the bot's first callback,
  as recorded by the fake (``fake.latencies()``), over every interaction of the run (slash
  commands, joins, starts and moves), also split into moves, lobby, and each kind;
* turn handover p50/p99 — a move's click → the next click in the same game: the time the
  bot takes to save and show a move and offer the next player their controls (plus the
  simulated player's reaction, which is immediate). Under saturation this is where the
  queueing shows: clicks are acknowledged at once, their work waits for a work slot;
* bot CPU seconds per 1,000 actions — the bot process's user+system time (all threads, from
  ``/proc/<pid>/stat``) over the run, divided by the moves (bids + cards) played; the lobby
  interactions' CPU is included;
* resident memory per active game — (highest RSS sampled while the most games were in
  progress at once) minus the idle bot's RSS, divided by that number of games. The idle
  baseline is read after one warm-up game, so what the process pays once (fonts and card
  faces, the thread pool, the database connection) is not charged to the games; the cold
  figure is reported too. With several runs, the marginal memory per game between the
  smallest and the largest N is also given (fixed-size caches cancel out there).

Checks: every game printed its final message, no move was refused, the fake reports no
problems (``fake.problems()``: no interaction unanswered within 3 s), the bot logged no
warning. The bench process's CPU share and that of other processes on the machine are
reported: the bench shares its 2 cores with the bot, and other load slows the bot down.

Several processes (``bench/load_processes.py``): ``--processes P`` runs the bot as P
processes, the games' servers spread over P shards — on ``--database postgres`` (a fresh
database, dropped after) as replicas sharing the shards, on SQLite pinned one shard each
over one file. CPU and memory are summed over the processes (CPU also per process: shard
0's gets every DM click), and on PostgreSQL the server backends' CPU is read apart. The
summary line gives moves per second, CPU per 1,000 moves, ack p99 and turn handover.
``--startup-games K`` measures start-up instead (``bench/load_startup.py``).

Usage::

    python bench/load.py              # N = 50 and N = 200 (about 10 minutes)
    python bench/load.py --quick      # N = 10, 2 deals, all at once (under a minute)
    python bench/load.py --games 20,100 --short --lobbies-under-load
    python bench/load.py --games 1 --classic --rate-limits --start-rate 0   # one classic game
    python bench/load.py --games 200 --py-spy /tmp/prof/bin/py-spy   # profile the bot
    python bench/load.py --games 50 --processes 2 --database postgres
    python bench/load.py --startup-games 1000 --database postgres

The last line printed is one JSON object with all figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load_budget import budget, snapshot
from bench.load_capacity import capacity_figures
from bench.load_games import (
    GATEWAY_LAG_NOTICE,
    PLAYERS_PER_GAME,
    SETTLE_SECONDS,
    TARGET_AT_GAMES,
    TARGET_CPU_MS_PER_ACTION,
    TARGET_P99_MS,
    TARGET_RSS_KB_PER_GAME,
    BotDied,
    GamePlan,
    Progress,
    Table,
    _final_message,
    _with_log,
    build_tables,
    game_plan,
    play_all,
)
from bench.load_options import parse_args
from bench.load_processes import Fleet, ServerCpu, fresh_database
from bench.load_report import (
    _at_most,
    _first_problem,
    _move_outcomes,
    _ms,
    _print_profile,
    _print_run,
    _report_progress,
    _rounded,
    first_and_later_moves,
    handover_times,
    latency_by_kind,
    marginal_memory,
    scaling_line,
    trouble_lines,
)
from bench.load_startup import measure_startup
from bench.load_support import (
    BotProcess,
    ProcessSampler,
    Profiler,
    machine_busy_seconds,
    own_cpu_seconds,
    percentile,
)
from bench.load_warmup import connect_and_warm_up
from tests.fake_discord import (
    FakeDiscord,
)
from tests.fake_discord.rate_limits import RateLimits


async def run_once(games: int, plan: GamePlan, args: argparse.Namespace) -> dict[str, Any]:
    count = args.processes
    where = f"{count} bot process{'es' if count > 1 else ''} on {args.database}"
    print(f"\n== {games} games of {plan.people} people, {plan.label}: {plan.deals} deals, "
          f"{plan.moves_per_game} moves per game; {where} ==", flush=True)
    with tempfile.TemporaryDirectory(prefix="kachuful-load-") as folder:
        workdir = Path(folder)
        async with (
            fresh_database(args.database, workdir, args.database_url) as database,
            FakeDiscord(record_requests=False, keep_file_bytes=False,
                        rate_limits=RateLimits() if args.rate_limits else None) as fake,
        ):
            tables = build_tables(fake, games, "t", plan.people, count)
            # One warm-up game per shard, so that every process has played before the baseline.
            warmups = build_tables(fake, count, "warm", shard_count=count)
            bot = Fleet.of(count, database, lambda name, settings: BotProcess(
                base_url=fake.base_url, token=fake.token, workdir=workdir,
                module=args.bot_module, work_slots=args.work_slots, name=name,
                settings=settings))
            await bot.start()
            try:
                run = await _measure(fake, bot, tables, warmups, plan, args)
            finally:
                codes = await bot.stop()
                for process, code in zip(bot.processes, codes, strict=True):
                    if code not in (0, None):
                        print(f"  {process.name} exited with status {code}", flush=True)
            run.update(processes=count, database=args.database)
            return run


async def _measure(
    fake: FakeDiscord,
    bot: Fleet,
    tables: list[Table],
    warmups: list[Table],
    plan: GamePlan,
    args: argparse.Namespace,
) -> dict[str, Any]:
    games = len(tables)
    cold, baseline = await connect_and_warm_up(fake, bot, warmups, args)
    first_interaction = len(fake.interactions.all)
    progress = Progress()
    sampler = ProcessSampler(bot.read, progress.gauge)
    sampling = asyncio.create_task(sampler.run())
    started_at = time.monotonic()
    reporter = asyncio.create_task(
        _report_progress(progress, games, bot, started_at, args.progress_every)
    )
    profiler = Profiler.for_bot(args.py_spy, args.profile_dir, bot.pid, len(tables))
    if profiler is not None:
        await profiler.start()
    driver_cpu_before = own_cpu_seconds()
    machine_before = machine_busy_seconds()
    database_cpu: float | None = None
    server_cpu = ServerCpu(bot.database)
    await server_cpu.start()
    before_each = bot.read_each()
    before = bot.read()
    requests_before = fake.request_total
    budget_before = snapshot(fake)
    try:
        await play_all(fake, tables, plan, args.seed, progress, args.timeout, args.start_rate,
                       args.lobbies_first)
        if not bot.running:
            raise BotDied(_with_log("the bot process died during the run", bot))
        after_each = bot.read_each()
        after = bot.read()
        database_cpu = await server_cpu.stop()
    finally:
        driver_cpu = own_cpu_seconds() - driver_cpu_before
        machine_cpu = machine_busy_seconds() - machine_before
        wall = time.monotonic() - started_at
        reporter.cancel()
        sampling.cancel()
        if profiler is not None:
            await profiler.stop()
    await asyncio.sleep(SETTLE_SECONDS)
    settled = bot.read()

    records = fake.interactions.all[first_interaction:]
    latencies = [r.latency for r in records if r.latency is not None]
    move_latencies, refused = _move_outcomes(progress.move_records)
    move_ids = {r.id for r in progress.move_records}
    handovers = handover_times(progress.move_records)
    lobby_latencies = [
        r.latency for r in records if r.latency is not None and r.id not in move_ids
    ]
    finals = sum(1 for t in tables if _final_message(fake, t.channel) is not None)
    problems = fake.problems()
    active_rss, most_active = sampler.busiest()
    bot_cpu = after.cpu_s - before.cpu_s
    log_lines = bot.log_lines()
    log_trouble = trouble_lines(log_lines)
    lag_warnings = sum(1 for line in log_lines if GATEWAY_LAG_NOTICE in line)
    # Every seat's moves count, the computers' too: each is saved and shown alike.
    actions = progress.moves + finals * plan.computers * plan.moves_per_player
    requests = fake.request_total - requests_before
    per_game = (active_rss - baseline.rss_kb) / most_active if most_active else float("nan")
    per_game_cold = (active_rss - cold.rss_kb) / most_active if most_active else float("nan")

    run: dict[str, Any] = {
        "games": games,
        "players_per_game": PLAYERS_PER_GAME,
        "people_per_game": plan.people,
        "computers_per_game": plan.computers,
        "computer_level": plan.level if plan.computers else None,
        "requests": requests,
        "requests_per_action": round(requests / actions, 2) if actions else None,
        "bot_cpu_ms_per_action": round(bot_cpu / actions * 1000, 2) if actions else None,
        "rules": plan.options,
        "start_rate": args.start_rate,
        "lobbies_first": args.lobbies_first,
        "deals_per_game": plan.deals,
        "p50_ms": _ms(percentile(latencies, 0.50)),
        "p99_ms": _ms(percentile(latencies, 0.99)),
        "max_ms": _ms(max(latencies, default=float("nan"))),
        "moves_p50_ms": _ms(percentile(move_latencies, 0.50)),
        "moves_p99_ms": _ms(percentile(move_latencies, 0.99)),
        "handover_p50_ms": _ms(percentile(handovers, 0.50)),
        "handover_p99_ms": _ms(percentile(handovers, 0.99)),
        # Each game's first move is where another process loads a game it did not open.
        **first_and_later_moves(progress.move_records),
        "lobby_p50_ms": _ms(percentile(lobby_latencies, 0.50)),
        "lobby_p99_ms": _ms(percentile(lobby_latencies, 0.99)),
        "latency_by_kind": latency_by_kind(records),
        "cpu_s_per_1000_actions": round(bot_cpu / actions * 1000, 3) if actions else None,
        "cpu_s_per_1000_interactions": (
            round(bot_cpu / len(records) * 1000, 3) if records else None
        ),
        "bot_cpu_s": round(bot_cpu, 2),
        "bot_cpu_util": round(bot_cpu / wall, 3),
        # Shard 0's process gets every DM click: how the work spreads over the processes.
        "bot_cpu_s_by_process": [round(a.cpu_s - b.cpu_s, 2)
                                 for a, b in zip(after_each, before_each, strict=True)],
        "driver_cpu_util": round(driver_cpu / wall, 3),
        "database_cpu_s": None if database_cpu is None else round(database_cpu, 2),
        "database_cpu_s_per_1000_actions": (
            round(database_cpu / actions * 1000, 3) if actions and database_cpu is not None
            else None
        ),
        "database_cpu_util": None if database_cpu is None else round(database_cpu / wall, 3),
        "other_cpu_util": round(
            max(0.0, machine_cpu - bot_cpu - driver_cpu - (database_cpu or 0.0)) / wall, 3
        ),
        "rss_kb_per_game": _rounded(per_game),
        "rss_kb_per_game_cold": _rounded(per_game_cold),
        "rss_baseline_kb": baseline.rss_kb,
        "rss_cold_kb": cold.rss_kb,
        "rss_active_kb": active_rss,
        "most_active_games": most_active,
        "rss_peak_kb": settled.peak_rss_kb,
        "rss_peak_before_games_kb": baseline.peak_rss_kb,
        "rss_after_kb": settled.rss_kb,
        "bot_threads": max((s.sample.threads for s in sampler.samples), default=0),
        "work_slots": args.work_slots,
        "actions": actions,
        "interactions": len(records),
        "wall_s": round(wall, 1),
        "actions_per_s": round(actions / wall, 1),
        "games_finished": finals,
        "refused_moves": refused,
        "failures": progress.failures[:10],
        "problems": problems[:10],
        "problem_count": len(problems),
        "bot_log_warnings": len(log_trouble),
        "gateway_lag_warnings": lag_warnings,
        "budget": budget(fake, budget_before, actions,
                         actions / wall / games if wall and games else None),
        "think_s": list(plan.think),
        **capacity_figures(progress.move_records, progress.controls_seen),
    }
    run["ok"] = (
        finals == games and not problems and not refused and not progress.failures
        and not log_trouble
    )
    _print_run(run)
    if not run["ok"]:
        # A failed run's logs are kept, with or without a warning in them.
        kept = bot.keep_logs(Path(args.profile_dir) / f"kachuful-load-bot-{games}-games.log")
        run["bot_log"] = str(kept)
        print(f"  bot log kept in {kept}; its first problem:", flush=True)
        for line in _first_problem(log_lines):
            print(f"  | {line}", flush=True)
    if profiler is not None and profiler.output.exists():
        run["hot_spots"] = _print_profile(profiler.output)
    return run


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    plan = replace(game_plan(args.max_hand, args.computers, args.level, args.preset),
                   think=args.think)
    runs: list[dict[str, Any]] = []
    for games in args.game_counts:
        try:
            runs.append(await run_once(games, plan, args))
        except BotDied as exc:
            print(f"  run with {games} games stopped: {exc}", flush=True)
            runs.append({"games": games, "ok": False, "error": str(exc).splitlines()[0],
                         "most_active_games": 0})
    at_target = [r for r in runs if r["games"] == TARGET_AT_GAMES]
    targets: dict[str, Any] = {
        "at_games": TARGET_AT_GAMES,
        "p99_ms": TARGET_P99_MS,
        "rss_kb_per_game": TARGET_RSS_KB_PER_GAME,
        "bot_cpu_ms_per_action": TARGET_CPU_MS_PER_ACTION,
    }
    if at_target and "error" not in at_target[0]:
        run = at_target[0]
        targets["p99_met"] = _at_most(run["p99_ms"], TARGET_P99_MS)
        targets["moves_p99_met"] = _at_most(run["moves_p99_ms"], TARGET_P99_MS)
        targets["rss_met"] = _at_most(run["rss_kb_per_game"], TARGET_RSS_KB_PER_GAME)
        targets["cpu_met"] = _at_most(run["bot_cpu_ms_per_action"], TARGET_CPU_MS_PER_ACTION)
    summary: dict[str, Any] = {"bench": "load", "runs": runs, "targets": targets}
    marginal = marginal_memory(runs)
    if marginal is not None:
        summary["rss_kb_per_game_marginal"] = marginal
        print(f"\nmarginal memory per game between the smallest and the largest run: "
              f"{marginal} KiB", flush=True)
    summary["ok"] = all(r["ok"] for r in runs)
    print("", flush=True)
    for run in runs:
        print(scaling_line(run, args.processes, args.database), flush=True)
    return summary


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv, __doc__.split("\n\n")[0] if __doc__ else None)
    if args.startup_games is not None:
        startup = asyncio.run(measure_startup(args))
        print(json.dumps(startup, ensure_ascii=False))
        return 0 if startup["ok"] else 1
    summary = asyncio.run(main_async(args))
    targets = summary["targets"]
    if "p99_met" in targets:
        print(
            f"\ntargets at N = {TARGET_AT_GAMES}: p99 ≤ {TARGET_P99_MS:.0f} ms "
            f"{'met' if targets['p99_met'] else 'MISSED'} (moves alone: "
            f"{'met' if targets['moves_p99_met'] else 'MISSED'}); memory ≤ "
            f"{TARGET_RSS_KB_PER_GAME:.0f} KB per game "
            f"{'met' if targets['rss_met'] else 'MISSED'}",
            flush=True,
        )
    print(json.dumps(summary, ensure_ascii=False))
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
