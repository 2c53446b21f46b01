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
preset (9 deals, 152 moves per game: about 4× longer). Turn timers keep their 300 s default
(none fires); the bot coalesces table-message edits (1.2 s).

Start-up: by default every lobby is opened and filled first (``--start-rate`` games per
second, 10), then the games are started at the same pace and played, so the N games run
concurrently. ``--lobbies-under-load`` opens each lobby only when its game is due, while the
earlier games play (how lobby answers behave under load); ``--start-rate 0`` = all at once.

Figures per run (one bot process, one fake, one fresh database each):

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

Usage::

    python bench/load.py              # N = 50 and N = 200 (about 10 minutes)
    python bench/load.py --quick      # N = 10, 2 deals, all at once (under a minute)
    python bench/load.py --games 20,100 --short --lobbies-under-load
    python bench/load.py --games 200 --py-spy /tmp/prof/bin/py-spy   # profile the bot

The last line printed is one JSON object with all figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load_support import (
    ActivityGauge,
    BotProcess,
    HotSpot,
    ProcessSampler,
    Profiler,
    hot_spots,
    machine_busy_seconds,
    own_cpu_seconds,
    percentile,
    read_process,
)
from engine import Rules
from tests.fake_discord import (
    Channel,
    DriverError,
    FakeDiscord,
    InteractionRecord,
    Message,
    User,
    WaitTimeout,
)
from tests.fake_discord.interactions import CHANNEL_MESSAGE

PLAYERS_PER_GAME = 4
TARGET_P99_MS = 250.0
TARGET_RSS_KB_PER_GAME = 200.0
TARGET_AT_GAMES = 200
FINAL_MARK = "Fair-deal proof"
VOICE_NOTICE = "voice will NOT be supported"
"""discord.py's start-up warning about optional voice libraries: not a problem here."""
GATEWAY_LAG_NOTICE = "Can't keep up"
"""discord.py's heartbeat-ack warning. With the fake's instant HEARTBEAT_ACK it fires when the
ack is handled before the keep-alive thread has noted its send (a race under CPU load; the
"lag" it prints is the heartbeat interval): counted and reported, not a failure."""
DEFAULT_MAX_HAND = 3
DEFAULT_START_RATE = 10.0
MOVE_PREFIXES = ("kf:bid:", "kf:play:")
WARMUP_MAX_HAND = 2
SETTLE_SECONDS = 3.0
"""After connecting: discord.py fires on_ready 2 s after the last GUILD_CREATE; after the
warm-up game: the bot's coalesced table edit (1.2 s) has gone out."""


# --- what the host asks for ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GamePlan:
    """The ``/kachuful start`` options and what they mean for the number of moves."""

    options: dict[str, object]
    label: str
    deals: int
    moves_per_player: int

    @property
    def moves_per_game(self) -> int:
        return self.moves_per_player * PLAYERS_PER_GAME


def game_plan(max_hand: int | None) -> GamePlan:
    """The short preset, or ``max_hand`` deals of ``max_hand`` cards down to 1."""
    options: dict[str, object] = {"preset": "short"}
    label = "short preset (5-4-3-2-1-2-3-4-5 cards)"
    if max_hand is not None:
        options.update(max_hand=max_hand, schedule="down")
        label = f"short preset, max_hand={max_hand}, schedule=down"
    preset = str(options["preset"])
    rule_options = {k: v for k, v in options.items() if k != "preset"}
    sizes = Rules.from_options(rule_options, preset).hand_sizes(PLAYERS_PER_GAME)
    # In-turn bidding: one bid per deal, then one card per trick.
    return GamePlan(options, label, len(sizes), len(sizes) + sum(sizes))


# --- the world: one server, channel and four people per game --------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    index: int
    channel: Channel
    people: tuple[User, ...]


def build_tables(fake: FakeDiscord, count: int, prefix: str) -> list[Table]:
    tables = []
    for index in range(count):
        guild = fake.create_guild(f"{prefix} club {index}")
        channel = fake.create_channel(guild, "kachuful")
        people = []
        for seat in range(PLAYERS_PER_GAME):
            user = fake.create_user(f"{prefix}{index}p{seat}")
            fake.add_member(guild, user)
            people.append(user)
        tables.append(Table(index, channel, tuple(people)))
    return tables


# --- playing -------------------------------------------------------------------------------


@dataclass
class Progress:
    """Shared counters of one run (a single event loop: no locking needed)."""

    gauge: ActivityGauge = field(default_factory=ActivityGauge)
    moves: int = 0
    started: int = 0
    finished: int = 0
    failures: list[str] = field(default_factory=list)
    move_records: list[InteractionRecord] = field(default_factory=list)


class GameFailed(Exception):
    """A game could not be played to its end; the message says where it stopped."""


class BotDied(Exception):
    """The bot process stopped or never came up: the run has no figures."""


def _with_log(what: str, bot: BotProcess) -> str:
    """``what: <last log line>``, then the end of the bot's log."""
    tail = bot.log_lines()[-15:]
    return f"{what}: {tail[-1] if tail else 'nothing logged'}\n" + "\n".join(tail)


def _counter(custom_id: str) -> int:
    # kf:<kind>:<game>:<counter>:<args>
    return int(custom_id.split(":")[3])


def fresh_moves(message: Message, after_counter: int) -> list[str]:
    """Enabled bid/card buttons of ``message`` newer than the last one clicked."""
    return [
        b.custom_id
        for b in message.buttons
        if b.custom_id
        and not b.disabled
        and b.custom_id.startswith(MOVE_PREFIXES)
        and _counter(b.custom_id) > after_counter
    ]


async def play_seat(
    fake: FakeDiscord,
    user: User,
    moves_due: int,
    rng: random.Random,
    progress: Progress,
    timeout: float,
) -> None:
    """Click a random enabled move of the newest DM hand as soon as one appears."""
    last_counter = -1
    for move in range(moves_due):

        def next_move() -> tuple[Message, list[str]] | None:
            for message in reversed(fake.dm_messages(user)):
                options = fresh_moves(message, last_counter)  # noqa: B023 (read at once)
                if options:
                    return message, options
            return None

        try:
            message, options = await fake.wait_for(
                next_move, timeout, what=f"{user.name}'s move {move + 1}", keys=[user.id]
            )
        except WaitTimeout:
            raise GameFailed(f"{user.name} waited {timeout:.0f}s for move {move + 1} "
                             f"of {moves_due}") from None
        choice = options[rng.randrange(len(options))]
        last_counter = _counter(choice)
        record = await fake.click(user, message, choice)
        progress.move_records.append(record)
        progress.moves += 1
        await _acknowledged(record, f"{user.name}'s move {move + 1}", timeout)


def _final_message(fake: FakeDiscord, channel: Channel) -> Message | None:
    for message in reversed(fake.channel_messages(channel)[-6:]):
        if FINAL_MARK in message.content:
            return message
    return None


async def _acknowledged(record: InteractionRecord, what: str, timeout: float) -> bool:
    """Wait for the bot's answer; ``False`` if it answered with a message (a refusal).

    A callback the fake refused (too late: past Discord's 3 s) fails the game at once."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            callback = await record.wait_response(min(1.0, max(0.0, deadline - time.monotonic())))
            return not callback.ephemeral
        except WaitTimeout:
            if record.refused_callbacks or time.monotonic() >= deadline:
                refused = record.refused_callbacks
                raise GameFailed(
                    f"{what} was never acknowledged"
                    + (f" (refused callbacks: {refused})" if refused else "")
                ) from None


async def _lobby_click(
    fake: FakeDiscord, user: User, lobby: Message, label: str, timeout: float
) -> None:
    button = lobby.button(label)
    record = await fake.click(user, lobby, button.custom_id or "")
    if not await _acknowledged(record, f"{user.name}'s {label}", timeout):
        raise GameFailed(f"{user.name}'s {label} was refused: {record.text()!r}")


async def open_lobby(fake: FakeDiscord, table: Table, plan: GamePlan, timeout: float) -> Message:
    """``/kachuful start`` by the host, then the three others click Join at once."""
    host, *guests = table.people
    record = await fake.slash(host, table.channel, "kachuful start", plan.options)
    answered = await _acknowledged(record, f"{host.name}'s /kachuful start", timeout)
    if record.original is None or not answered:
        raise GameFailed(f"no lobby: {record.text()!r}")
    # The bot acknowledges at once and shows the lobby once it is saved.
    original = record.original
    lobby = await fake.wait_for(
        lambda: fake.message(original.id) if _has_buttons(fake, original.id) else None,
        timeout, what="the lobby's buttons", keys=[table.channel.id],
    )
    async with asyncio.TaskGroup() as joins:
        for guest in guests:
            joins.create_task(_lobby_click(fake, guest, lobby, "Join", timeout))
    seats = len(table.people)
    await fake.wait_for(
        lambda: f"Seats ({seats}/" in _lobby_text(fake, lobby.id), timeout,
        what="the lobby's seats", keys=[table.channel.id],
    )
    return lobby


def _has_buttons(fake: FakeDiscord, message_id: int) -> bool:
    return bool(fake.message(message_id).buttons)


def _lobby_text(fake: FakeDiscord, message_id: int) -> str:
    embeds = fake.message(message_id).embeds
    return (embeds[0].description or "") if embeds else ""


async def run_game(
    fake: FakeDiscord,
    table: Table,
    lobby: Message,
    plan: GamePlan,
    seed: int,
    progress: Progress,
    timeout: float,
) -> None:
    """The host clicks Start; everyone plays to the final message."""
    await _lobby_click(fake, table.people[0], fake.message(lobby.id), "Start", timeout)
    progress.started += 1
    progress.gauge.game_started()
    try:
        rng = random.Random(seed * 1_000_003 + table.index)
        # A task group: when one seat fails, the others of that game stop waiting.
        async with asyncio.TaskGroup() as seats:
            for person in table.people:
                seats.create_task(play_seat(fake, person, plan.moves_per_player,
                                            random.Random(rng.random()), progress, timeout))
        try:
            await fake.wait_for(lambda: _final_message(fake, table.channel), timeout,
                                what="the final message", keys=[table.channel.id])
        except WaitTimeout:
            raise GameFailed("no final message") from None
        progress.finished += 1
    finally:
        progress.gauge.game_ended()


async def play_game(
    fake: FakeDiscord, table: Table, plan: GamePlan, seed: int, progress: Progress,
    timeout: float,
) -> None:
    """One game from ``/kachuful start`` to its final message."""
    lobby = await open_lobby(fake, table, plan, timeout)
    await run_game(fake, table, lobby, plan, seed, progress, timeout)


T = TypeVar("T")


async def _guarded(table: Table, progress: Progress, step: Awaitable[T]) -> T | None:
    """Run one game's step; a failure is noted for the report and ends that game only."""
    try:
        return await step
    except (GameFailed, DriverError) as exc:
        progress.failures.append(f"table {table.index}: {str(exc).splitlines()[0]}")
    except ExceptionGroup as group:
        if not all(isinstance(e, GameFailed | DriverError) for e in group.exceptions):
            raise
        first = group.exceptions[0]
        progress.failures.append(f"table {table.index}: {str(first).splitlines()[0]}")
    return None


async def play_all(
    fake: FakeDiscord,
    tables: list[Table],
    plan: GamePlan,
    seed: int,
    progress: Progress,
    timeout: float,
    start_rate: float,
    lobbies_first: bool,
) -> None:
    """Every game concurrently; with ``start_rate`` > 0 the games begin that many per second.

    ``lobbies_first``: open (and fill) every lobby before any game starts, so lobby
    interactions are not answered under the load of games in progress; otherwise each
    game opens its lobby when its turn to begin comes, while earlier games play."""

    async def paced(table: Table) -> None:
        if start_rate > 0:
            await asyncio.sleep(table.index / start_rate)

    async def whole(table: Table) -> None:
        await paced(table)
        await _guarded(table, progress, play_game(fake, table, plan, seed, progress, timeout))

    if not lobbies_first:
        await asyncio.gather(*(whole(t) for t in tables))
        return

    async def lobby_of(table: Table) -> Message | None:
        await paced(table)
        return await _guarded(table, progress, open_lobby(fake, table, plan, timeout))

    lobbies = await asyncio.gather(*(lobby_of(t) for t in tables))

    async def started(table: Table, lobby: Message) -> None:
        await paced(table)
        await _guarded(table, progress,
                       run_game(fake, table, lobby, plan, seed, progress, timeout))

    await asyncio.gather(*(started(t, lobby) for t, lobby in zip(tables, lobbies, strict=True)
                           if lobby is not None))


# --- one run --------------------------------------------------------------------------------


def _ms(seconds: float) -> float | None:
    """Milliseconds with one decimal; ``None`` (JSON null) when there was nothing to measure."""
    return None if math.isnan(seconds) else round(seconds * 1000, 1)


def _rounded(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 1)


async def _report_progress(
    progress: Progress, total: int, bot: BotProcess, started_at: float, every: float
) -> None:
    previous = read_process(bot.pid)
    while bot.running:
        await asyncio.sleep(every)
        try:
            now = read_process(bot.pid)
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


def _move_outcomes(records: list[InteractionRecord]) -> tuple[list[float], int]:
    """Latencies of the moves, and how many the bot refused (answered with a message)."""
    refused = 0
    latencies = []
    for record in records:
        if record.latency is not None:
            latencies.append(record.latency)
        response = record.response
        if (response is not None and response.type == CHANNEL_MESSAGE) or record.followup_ids:
            refused += 1
    return latencies, refused


async def run_once(games: int, plan: GamePlan, args: argparse.Namespace) -> dict[str, Any]:
    print(f"\n== {games} games of {PLAYERS_PER_GAME} people, {plan.label}: {plan.deals} deals, "
          f"{plan.moves_per_game} moves per game ==", flush=True)
    with tempfile.TemporaryDirectory(prefix="kachuful-load-") as folder:
        workdir = Path(folder)
        async with FakeDiscord(record_requests=False, keep_file_bytes=False) as fake:
            tables = build_tables(fake, games, "t")
            warmup = build_tables(fake, 1, "warm")[0]
            bot = BotProcess(base_url=fake.base_url, token=fake.token, workdir=workdir,
                             module=args.bot_module, work_slots=args.work_slots)
            await bot.start()
            try:
                return await _measure(fake, bot, tables, warmup, plan, args)
            finally:
                code = await bot.stop()
                if code not in (0, None):
                    print(f"  bot process exited with status {code}", flush=True)


async def _measure(
    fake: FakeDiscord,
    bot: BotProcess,
    tables: list[Table],
    warmup: Table,
    plan: GamePlan,
    args: argparse.Namespace,
) -> dict[str, Any]:
    games = len(tables)
    launched = time.monotonic()
    try:
        await fake.wait_for(
            lambda: (bool(fake.global_commands()) and fake.bot_connected) or not bot.running,
            timeout=120, poll=0.5, what="the bot to register its commands and connect",
        )
    except WaitTimeout:
        raise BotDied(f"the bot did not connect within 120 s; log: {bot.log_path}") from None
    if not bot.running:
        raise BotDied(_with_log("the bot stopped at start-up", bot))
    await asyncio.sleep(SETTLE_SECONDS)
    cold = read_process(bot.pid)
    print(f"  bot up in {time.monotonic() - launched:.1f}s; idle RSS {cold.rss_kb} KiB (cold)",
          flush=True)

    warm_plan = game_plan(WARMUP_MAX_HAND)
    warm = Progress()
    await _guarded(warmup, warm, play_game(fake, warmup, warm_plan, args.seed, warm,
                                           args.timeout))
    if warm.failures:
        raise BotDied(f"the warm-up game failed: {warm.failures[0]}")
    await asyncio.sleep(SETTLE_SECONDS)
    baseline = read_process(bot.pid)
    first_interaction = len(fake.interactions.all)
    print(f"  warm-up game done; idle RSS {baseline.rss_kb} KiB (baseline)", flush=True)

    progress = Progress()
    sampler = ProcessSampler(bot.pid, progress.gauge)
    sampling = asyncio.create_task(sampler.run())
    started_at = time.monotonic()
    reporter = asyncio.create_task(
        _report_progress(progress, games, bot, started_at, args.progress_every)
    )
    profiler = _profiler(args, bot.pid, len(tables))
    if profiler is not None:
        await profiler.start()
    driver_cpu_before = own_cpu_seconds()
    machine_before = machine_busy_seconds()
    before = read_process(bot.pid)
    try:
        await play_all(fake, tables, plan, args.seed, progress, args.timeout, args.start_rate,
                       args.lobbies_first)
        if not bot.running:
            raise BotDied(_with_log("the bot process died during the run", bot))
        after = read_process(bot.pid)
    finally:
        driver_cpu = own_cpu_seconds() - driver_cpu_before
        machine_cpu = machine_busy_seconds() - machine_before
        wall = time.monotonic() - started_at
        reporter.cancel()
        sampling.cancel()
        if profiler is not None:
            await profiler.stop()
    await asyncio.sleep(SETTLE_SECONDS)
    settled = read_process(bot.pid)

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
    log_trouble = [
        line for line in log_lines
        if (" WARNING " in line or " ERROR " in line or line.startswith("Traceback"))
        and not line.endswith(VOICE_NOTICE) and GATEWAY_LAG_NOTICE not in line
    ]
    lag_warnings = sum(1 for line in log_lines if GATEWAY_LAG_NOTICE in line)
    actions = progress.moves
    per_game = (active_rss - baseline.rss_kb) / most_active if most_active else float("nan")
    per_game_cold = (active_rss - cold.rss_kb) / most_active if most_active else float("nan")

    run: dict[str, Any] = {
        "games": games,
        "players_per_game": PLAYERS_PER_GAME,
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
        "lobby_p50_ms": _ms(percentile(lobby_latencies, 0.50)),
        "lobby_p99_ms": _ms(percentile(lobby_latencies, 0.99)),
        "latency_by_kind": latency_by_kind(records),
        "cpu_s_per_1000_actions": round(bot_cpu / actions * 1000, 3) if actions else None,
        "cpu_s_per_1000_interactions": (
            round(bot_cpu / len(records) * 1000, 3) if records else None
        ),
        "bot_cpu_s": round(bot_cpu, 2),
        "bot_cpu_util": round(bot_cpu / wall, 3),
        "driver_cpu_util": round(driver_cpu / wall, 3),
        "other_cpu_util": round(max(0.0, machine_cpu - bot_cpu - driver_cpu) / wall, 3),
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
    }
    run["ok"] = (
        finals == games and not problems and not refused and not progress.failures
        and not log_trouble
    )
    _print_run(run)
    if log_trouble:
        kept = Path(args.profile_dir) / f"kachuful-load-bot-{games}-games.log"
        kept.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(bot.log_path, kept)
        run["bot_log"] = str(kept)
        print(f"  bot log kept in {kept}; its first problem:", flush=True)
        for line in _first_problem(log_lines):
            print(f"  | {line}", flush=True)
    if profiler is not None and profiler.output.exists():
        run["hot_spots"] = _print_profile(profiler.output)
    return run


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


def _profiler(args: argparse.Namespace, pid: int, games: int) -> Profiler | None:
    if not args.py_spy:
        return None
    folder = Path(args.profile_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return Profiler(args.py_spy, pid, folder / f"bot-profile-{games}-games.txt")


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
        f"{run['handover_p50_ms']} / p99 {run['handover_p99_ms']} ms\n"
        f"  by kind (p50 / p99 / max ms): " + "; ".join(
            f"{kind} {v['p50_ms']} / {v['p99_ms']} / {v['max_ms']}"
            for kind, v in run["latency_by_kind"].items()
        ) + "\n"
        f"  bot CPU: {run['bot_cpu_s']} s = {run['cpu_s_per_1000_actions']} s per 1,000 moves "
        f"(busy {run['bot_cpu_util']:.0%} of a core; bench process {run['driver_cpu_util']:.0%}, "
        f"other processes on the machine {run['other_cpu_util']:.0%})"
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


# --- command line ---------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", default="50,200",
                        help="comma-separated numbers of concurrent games (default 50,200)")
    parser.add_argument("--max-hand", type=int, default=DEFAULT_MAX_HAND,
                        help="short preset with K deals of K cards down to 1 (default "
                             f"{DEFAULT_MAX_HAND})")
    parser.add_argument("--short", action="store_true",
                        help="the whole short preset (9 deals, 152 moves per game) instead")
    parser.add_argument("--quick", action="store_true",
                        help="10 games of 2 deals: a smoke run in well under a minute")
    parser.add_argument("--start-rate", type=float, default=DEFAULT_START_RATE,
                        help="games started per second (default "
                             f"{DEFAULT_START_RATE:g}); 0 starts them all at once")
    parser.add_argument("--lobbies-under-load", dest="lobbies_first", action="store_false",
                        help="open each game's lobby when it is due to start, while earlier "
                             "games play (default: open and fill every lobby first)")
    parser.add_argument("--timeout", type=float, default=180.0,
                        help="seconds any single wait may take before a game counts as stalled")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices")
    parser.add_argument("--progress-every", type=float, default=10.0,
                        help="seconds between progress lines")
    parser.add_argument("--bot-module", default="bot",
                        help="module to run as the bot (default: bot); e.g. a patched variant "
                             "on PYTHONPATH, to compare")
    parser.add_argument("--work-slots", type=int, default=None, metavar="N",
                        help="the bot's WORK_SLOTS setting (default: the bot's own default)")
    parser.add_argument("--py-spy", default=None, metavar="PATH",
                        help="profile the bot with this py-spy executable (not a dependency)")
    parser.add_argument("--profile-dir", default=tempfile.gettempdir(),
                        help="where the profile (--py-spy) and the bot's log (when it "
                             "logged a problem) are kept")
    args = parser.parse_args(argv)
    if args.quick:
        args.games = "10"
        args.max_hand = 2
        args.start_rate = 0.0
        args.progress_every = min(args.progress_every, 5.0)
    if args.short:
        args.max_hand = None
    try:
        args.game_counts = [int(n) for n in str(args.games).split(",") if n.strip()]
    except ValueError:
        parser.error("--games takes numbers separated by commas, e.g. 50,200")
    if not args.game_counts or min(args.game_counts) < 1:
        parser.error("--games needs at least one number ≥ 1")
    if args.max_hand is not None and not 1 <= args.max_hand <= 12:
        parser.error("--max-hand must be between 1 and 12 for four players")
    return args


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    plan = game_plan(args.max_hand)
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
    }
    if at_target and "error" not in at_target[0]:
        run = at_target[0]
        targets["p99_met"] = _at_most(run["p99_ms"], TARGET_P99_MS)
        targets["moves_p99_met"] = _at_most(run["moves_p99_ms"], TARGET_P99_MS)
        targets["rss_met"] = _at_most(run["rss_kb_per_game"], TARGET_RSS_KB_PER_GAME)
    summary: dict[str, Any] = {"bench": "load", "runs": runs, "targets": targets}
    marginal = marginal_memory(runs)
    if marginal is not None:
        summary["rss_kb_per_game_marginal"] = marginal
        print(f"\nmarginal memory per game between the smallest and the largest run: "
              f"{marginal} KiB", flush=True)
    summary["ok"] = all(r["ok"] for r in runs)
    return summary


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


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
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
