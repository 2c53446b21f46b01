"""The load bench's figures: latencies by kind, handovers, and the printed report."""

from __future__ import annotations

import asyncio
import math
import os
import sys
import time
from itertools import pairwise
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load_budget import budget_line
from bench.load_games import GATEWAY_LAG_NOTICE, VOICE_NOTICE, Progress
from bench.load_processes import Fleet
from bench.load_support import HotSpot, hot_spots, percentile
from tests.fake_discord import InteractionRecord
from tests.fake_discord.interactions import CHANNEL_MESSAGE

# --- one run --------------------------------------------------------------------------------


def _ms(seconds: float) -> float | None:
    """Milliseconds with one decimal; ``None`` (JSON null) when there was nothing to measure."""
    return None if math.isnan(seconds) else round(seconds * 1000, 1)


def _rounded(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 1)


async def _report_progress(
    progress: Progress, total: int, bot: Fleet, started_at: float, every: float
) -> None:
    previous = bot.read()
    while bot.running:
        await asyncio.sleep(every)
        try:
            now = bot.read()
        except OSError:
            return
        busy = (now.cpu_s - previous.cpu_s) / max(1e-9, now.at - previous.at)
        previous = now
        print(
            f"  [{time.monotonic() - started_at:6.1f}s] games started {progress.started}/{total}"
            f", finished {progress.finished}, moves {progress.moves}; bot CPU {busy:.0%}, "
            f"RSS {now.rss_kb / 1024:.1f} MiB",
            flush=True,
        )


def _kind(record: InteractionRecord) -> str:
    """"/kachuful start", or the component kind of the custom id (join, start, bid, play)."""
    if record.kind == "slash":
        return f"/{record.name}"
    parts = record.name.split(":")
    return parts[1] if len(parts) > 2 else record.kind


def latency_by_kind(records: list[InteractionRecord]) -> dict[str, dict[str, float | None]]:
    grouped: dict[str, list[float]] = {}
    for record in records:
        if record.latency is not None:
            grouped.setdefault(_kind(record), []).append(record.latency)
    return {
        kind: {"n": len(values), "p50_ms": _ms(percentile(values, 0.50)),
               "p99_ms": _ms(percentile(values, 0.99)), "max_ms": _ms(max(values))}
        for kind, values in sorted(grouped.items())
    }


def handover_times(records: list[InteractionRecord]) -> list[float]:
    """Seconds from each move's click to the next click in the same game: how long the
    bot takes to show a move and hand the turn on (the players have no think time)."""
    by_game: dict[str, list[float]] = {}
    for record in records:
        game = record.name.split(":")[2:3]  # kf:kind:GAME:counter:args
        if game:
            by_game.setdefault(game[0], []).append(record.dispatched_at)
    gaps: list[float] = []
    for moments in by_game.values():
        moments.sort()
        gaps += [later - earlier for earlier, later in pairwise(moments)]
    return gaps


def first_and_later_moves(records: list[InteractionRecord]) -> dict[str, float | None]:
    """Ack p99 of each game's first move apart from the later ones: with several
    processes, shard 0's process loads a game opened elsewhere on its first DM click."""
    first: dict[str, InteractionRecord] = {}
    for record in records:
        game = record.name.split(":")[2]
        if game not in first or record.dispatched_at < first[game].dispatched_at:
            first[game] = record
    firsts = {id(r) for r in first.values()}
    early = [r.latency for r in first.values() if r.latency is not None]
    later = [r.latency for r in records if r.latency is not None and id(r) not in firsts]
    return {"first_moves_p99_ms": _ms(percentile(early, 0.99)),
            "later_moves_p99_ms": _ms(percentile(later, 0.99))}


def _move_outcomes(records: list[InteractionRecord]) -> tuple[list[float], int]:
    """Latencies of the moves, and how many the bot refused (answered with a message)."""
    refused = 0
    latencies = []
    for record in records:
        if record.latency is not None:
            latencies.append(record.latency)
        response = record.response
        # A refusal is an answer only the clicker sees; a turn ping is a follow-up too
        # (on the clicker's own token), but one the DM keeps.
        if (response is not None and response.type == CHANNEL_MESSAGE) or any(
            message.ephemeral for message in record.followups
        ):
            refused += 1
    return latencies, refused


def trouble_lines(lines: list[str]) -> list[str]:
    """The bot's warnings, errors and tracebacks, but for two harmless notices."""
    return [
        line for line in lines
        if (" WARNING " in line or " ERROR " in line or line.startswith("Traceback"))
        and not line.endswith(VOICE_NOTICE) and GATEWAY_LAG_NOTICE not in line
    ]


def _first_problem(lines: list[str], limit: int = 40) -> list[str]:
    """The first warning or error of the bot's log with its traceback."""
    for index, line in enumerate(lines):
        if (" WARNING " in line or " ERROR " in line) and not line.endswith(VOICE_NOTICE) \
                and GATEWAY_LAG_NOTICE not in line:
            block = [line]
            for following in lines[index + 1 : index + limit]:
                if following[:4].isdigit():  # the next timestamped record
                    break
                block.append(following)
            return block
    return []


def _print_profile(output: Path) -> dict[str, list[tuple[str, float]]]:
    own, project = hot_spots(output)

    def show(title: str, spots: list[HotSpot]) -> None:
        print(f"  {title}:", flush=True)
        for spot in spots:
            print(f"    {spot.share:6.1%}  {spot.name}", flush=True)

    print(f"  profile of the bot process: {output}", flush=True)
    show("hottest functions (self time, share of samples)", own)
    show("project functions (inclusive)", project)
    return {
        "self": [(s.name, round(s.share, 4)) for s in own],
        "inclusive": [(s.name, round(s.share, 4)) for s in project],
    }


def _print_run(run: dict[str, Any]) -> None:
    print(
        f"  {run['games_finished']}/{run['games']} games finished in {run['wall_s']}s "
        f"({run['actions']} moves, {run['interactions']} interactions, "
        f"{run['actions_per_s']} moves/s)\n"
        f"  ack latency: p50 {run['p50_ms']} ms, p99 {run['p99_ms']} ms, max {run['max_ms']} ms"
        f" (moves p50 {run['moves_p50_ms']} / p99 {run['moves_p99_ms']} ms; lobby p50 "
        f"{run['lobby_p50_ms']} / p99 {run['lobby_p99_ms']} ms)\n"
        f"  turn handover (a click → the next click in that game): p50 "
        f"{run['handover_p50_ms']} / p99 {run['handover_p99_ms']} ms; ack p99 of each game's "
        f"first move {run['first_moves_p99_ms']} ms, of the later ones "
        f"{run['later_moves_p99_ms']} ms\n"
        f"  by kind (p50 / p99 / max ms): " + "; ".join(
            f"{kind} {v['p50_ms']} / {v['p99_ms']} / {v['max_ms']}"
            for kind, v in run["latency_by_kind"].items()
        ) + "\n"
        f"  bot CPU: {run['bot_cpu_s']} s = {run['cpu_s_per_1000_actions']} s per 1,000 moves "
        f"(busy {run['bot_cpu_util']:.0%} of a core; bench process {run['driver_cpu_util']:.0%}, "
        f"other processes on the machine {run['other_cpu_util']:.0%})\n"
        + _database_cpu(run) +
        f"  per move (every seat's): {run['bot_cpu_ms_per_action']} ms of bot CPU, "
        f"{run['requests_per_action']} Discord requests ({run['requests']} in all)\n"
        + budget_line(run["budget"]) +
        f"\n  bot memory: baseline {run['rss_baseline_kb']} KiB (cold {run['rss_cold_kb']}), "
        f"{run['rss_active_kb']} KiB with {run['most_active_games']} games active → "
        f"{run['rss_kb_per_game']} KiB per game (cold {run['rss_kb_per_game_cold']}); "
        f"peak {run['rss_peak_kb']} KiB ({run['rss_peak_before_games_kb']} before the games), "
        f"after {run['rss_after_kb']} KiB\n"
        f"  checks: refused moves {run['refused_moves']}, fake problems {run['problem_count']}, "
        f"failures {len(run['failures'])}, bot log warnings {run['bot_log_warnings']} "
        f"(+{run['gateway_lag_warnings']} heartbeat-ack race notices) → "
        f"{'OK' if run['ok'] else 'NOT OK'}",
        flush=True,
    )
    for failure in run["failures"]:
        print(f"  failure: {failure}", flush=True)
    for problem in run["problems"]:
        print(f"  problem: {problem.splitlines()[0]}", flush=True)


def _at_most(value: float | None, target: float) -> bool:
    return value is not None and value <= target


def marginal_memory(runs: list[dict[str, Any]]) -> float | None:
    """Extra RSS per extra active game between the smallest and the largest run: caches of
    fixed size (discord.py's message cache, SQLite's page cache, allocator slack) cancel."""
    measured = [r for r in runs if r["most_active_games"] > 0]
    if len(measured) < 2:
        return None
    small = min(measured, key=lambda r: r["most_active_games"])
    big = max(measured, key=lambda r: r["most_active_games"])
    extra_games = int(big["most_active_games"]) - int(small["most_active_games"])
    if extra_games <= 0:
        return None
    grown = float(big["rss_active_kb"] - big["rss_baseline_kb"]) - float(
        small["rss_active_kb"] - small["rss_baseline_kb"]
    )
    return round(grown / extra_games, 1)




def _database_cpu(run: dict[str, Any]) -> str:
    if run["database_cpu_s"] is None:
        return ""
    return (f"  PostgreSQL backends of this database: {run['database_cpu_s']} s = "
            f"{run['database_cpu_s_per_1000_actions']} s per 1,000 moves (busy "
            f"{run['database_cpu_util']:.0%} of a core)\n")


def scaling_line(run: dict[str, Any], processes: int, database: str) -> str:
    """The figures ``--processes``/``--database`` compare, on one line."""
    if "error" in run:
        return f"P={processes} {database}, {run['games']} games: no figures ({run['error']})"
    extra = ""
    if run["database_cpu_s_per_1000_actions"] is not None:
        extra = f" (+{run['database_cpu_s_per_1000_actions']} s in PostgreSQL)"
    return (
        f"P={processes} {database}, {run['games']} games: {run['actions_per_s']} moves/s; "
        f"bot CPU {run['cpu_s_per_1000_actions']} s per 1,000 moves summed over processes"
        f"{extra}{_by_process(run)}; ack p99 {run['p99_ms']} ms; handover p50 "
        f"{run['handover_p50_ms']} / p99 "
        f"{run['handover_p99_ms']} ms; CPU busy: bots {run['bot_cpu_util']:.2f}, bench+fake "
        f"{run['driver_cpu_util']:.2f}, others {run['other_cpu_util']:.2f} of "
        f"{os.cpu_count()} cores"
    )


def _by_process(run: dict[str, Any]) -> str:
    shares = run.get("bot_cpu_s_by_process") or []
    if len(shares) < 2:
        return ""
    return " (CPU s by process: " + " / ".join(f"{cpu:g}" for cpu in shares) + ")"
