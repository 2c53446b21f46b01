"""Helpers for ``bench/load.py``: the bot in its own process, and what /proc says about it.

The bot runs as ``python -m tests.fake_discord.launch BASE_URL -m bot`` so its CPU time and
resident memory can be read from ``/proc/<pid>`` apart from the fake Discord and the
simulated players, which share the bench's own process.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

REPO_ROOT = Path(__file__).resolve().parents[1]
CLOCK_TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")
# Fields of /proc/<pid>/stat after "pid (comm) ": state is index 0, so utime (field 14 of
# proc(5)) is index 11 and stime index 12.
_UTIME_INDEX = 11
_STIME_INDEX = 12


@dataclass(frozen=True, slots=True)
class ProcessSample:
    """One reading of a process: CPU seconds so far (all threads), memory in KiB."""

    at: float  # time.monotonic()
    cpu_s: float
    rss_kb: int
    peak_rss_kb: int  # VmHWM: the highest RSS since the process started
    threads: int


def read_process(pid: int) -> ProcessSample:
    """CPU time from ``/proc/<pid>/stat``, memory and threads from ``/proc/<pid>/status``."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    # The command name may hold spaces and parentheses: the fields start after the last ")".
    fields = stat[stat.rindex(")") + 2 :].split()
    ticks = int(fields[_UTIME_INDEX]) + int(fields[_STIME_INDEX])
    status: dict[str, str] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        status[key] = value.strip()
    return ProcessSample(
        at=time.monotonic(),
        cpu_s=ticks / CLOCK_TICKS_PER_SECOND,
        rss_kb=_kib(status.get("VmRSS", "0 kB")),
        peak_rss_kb=_kib(status.get("VmHWM", "0 kB")),
        threads=int(status.get("Threads", "0")),
    )


def _kib(value: str) -> int:
    number, _, unit = value.partition(" ")
    if unit.strip() not in ("kB", ""):
        raise ValueError(f"unexpected /proc unit {unit!r}")
    return int(number)


def own_cpu_seconds() -> float:
    """CPU seconds of this process (the fake Discord and the simulated players)."""
    return time.process_time()


def machine_busy_seconds() -> float:
    """CPU seconds spent by every process of the machine (all cores), from /proc/stat:
    other work on a shared machine shows up as busy time that is neither ours nor the bot's."""
    first = Path("/proc/stat").read_text().splitlines()[0].split()
    # cpu user nice system idle iowait irq softirq steal guest guest_nice
    values = [int(v) for v in first[1:9]]
    idle = values[3] + values[4]
    return (sum(values) - idle) / CLOCK_TICKS_PER_SECOND


class BotProcess:
    """The real bot (``python -m bot``) in a child process, pointed at the fake.

    ``module``: another module to run instead (a patched variant to compare with);
    ``work_slots``: its ``WORK_SLOTS`` setting (``None``: the bot's default);
    ``name``: its log's name (several processes share ``workdir``); ``settings``: more
    environment settings (``DATABASE_URL``, ``SHARD_COUNT``, ``SHARD_IDS``)."""

    def __init__(
        self, *, base_url: str, token: str, workdir: Path, module: str = "bot",
        work_slots: int | None = None, name: str = "bot",
        settings: Mapping[str, str] | None = None,
    ) -> None:
        self._base_url = base_url
        self._module = module
        self._work_slots = work_slots
        self._token = token
        self._workdir = workdir
        self._settings = dict(settings or {})
        self.name = name
        self.log_path = workdir / f"{name}.log"
        self.database_path = workdir / "kachuful.db"
        self._process: asyncio.subprocess.Process | None = None
        self._log: IO[bytes] | None = None

    @property
    def pid(self) -> int:
        if self._process is None:
            raise RuntimeError("the bot process is not started")
        return self._process.pid

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

    async def start(self) -> None:
        env = dict(os.environ)
        env.update(
            DISCORD_TOKEN=self._token,
            DATABASE_PATH=str(self.database_path),
            LOG_LEVEL="WARNING",
            PYTHONPATH=os.pathsep.join(
                p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p
            ),
        )
        # Settings of the bench's own shell must not leak into the bot under test.
        for name in ("DEV_GUILD_ID", "DEFAULT_TURN_TIMEOUT", "STATUS_PATH", "WORK_SLOTS",
                     "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"):
            env.pop(name, None)
        env.update(self._settings)
        if self._work_slots is not None:
            env["WORK_SLOTS"] = str(self._work_slots)
        self._log = self.log_path.open("wb")
        # cwd is the temp folder so no stray .env is read.
        self._process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.fake_discord.launch", self._base_url, "-m", self._module,
            cwd=self._workdir, env=env, stdin=asyncio.subprocess.DEVNULL,
            stdout=self._log, stderr=self._log,
        )

    async def stop(self, grace: float = 20.0) -> int | None:
        """SIGINT (discord.py closes cleanly on KeyboardInterrupt), then SIGKILL."""
        process = self._process
        if process is None:
            return None
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(process.wait(), grace)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        if self._log is not None:
            self._log.close()
            self._log = None
        return process.returncode

    def log_lines(self) -> list[str]:
        try:
            return self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return []


@dataclass
class ActivityGauge:
    """How many games are between their Start and their final message, right now."""

    active: int = 0
    most: int = 0

    def game_started(self) -> None:
        self.active += 1
        self.most = max(self.most, self.active)

    def game_ended(self) -> None:
        self.active -= 1


@dataclass(frozen=True, slots=True)
class TaggedSample:
    sample: ProcessSample
    active_games: int


@dataclass
class ProcessSampler:
    """Reads the bot process(es) every ``interval`` seconds, noting how many games were active."""

    read: Callable[[], ProcessSample]
    """One process (``lambda: read_process(pid)``) or several summed."""
    gauge: ActivityGauge
    interval: float = 0.25
    samples: list[TaggedSample] = field(default_factory=list)

    async def run(self) -> None:
        while True:
            try:
                sample = self.read()
            except (OSError, ValueError):
                return  # the process is gone; the run reports it
            self.samples.append(TaggedSample(sample, self.gauge.active))
            await asyncio.sleep(self.interval)

    def busiest(self) -> tuple[int, int]:
        """(highest RSS in KiB, games active then) among the samples taken while the most
        games were active at once — the memory "with N games in progress"."""
        if not self.samples:
            return 0, 0
        most = max(s.active_games for s in self.samples)
        rss = max(s.sample.rss_kb for s in self.samples if s.active_games == most)
        return rss, most


def percentile(values: Sequence[float], fraction: float) -> float:
    """Linear interpolation between closest ranks (numpy's default); NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# --- optional profiling of the bot process (py-spy, if the user has it) ----------------------


class Profiler:
    """``py-spy record`` attached to the bot for the measured phase (raw collapsed stacks).

    ``--gil`` keeps only samples of the thread holding the GIL: an asyncio bot is limited
    by that one lock, and it leaves out threads that merely wait (py-spy's idle detection
    counts thread-pool workers blocked on their queue as busy otherwise).

    py-spy is not a dependency of the project: pass its path with ``--py-spy`` (e.g. from a
    separate venv: ``python3 -m venv /tmp/prof && /tmp/prof/bin/pip install py-spy``)."""

    @classmethod
    def for_bot(cls, py_spy: str | None, folder: str, pid: int, games: int) -> Profiler | None:
        """A profiler of the bot process ``pid`` writing into ``folder``; none without
        ``py_spy``."""
        if not py_spy:
            return None
        Path(folder).mkdir(parents=True, exist_ok=True)
        return cls(py_spy, pid, Path(folder) / f"bot-profile-{games}-games.txt")

    def __init__(self, py_spy: str, pid: int, output: Path, rate: int = 50) -> None:
        self._command = [py_spy, "record", "--pid", str(pid), "--format", "raw",
                         "--rate", str(rate), "--gil", "--output",
                         str(output)]
        self.output = output
        self._process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self._process = await asyncio.create_subprocess_exec(
            *self._command, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
        )

    async def stop(self) -> None:
        process = self._process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGINT)  # py-spy writes its output on SIGINT
        try:
            await asyncio.wait_for(process.wait(), 30)
        except TimeoutError:
            process.kill()
            await process.wait()


@dataclass(frozen=True, slots=True)
class HotSpot:
    name: str
    share: float  # of all samples


def hot_spots(collapsed: Path, limit: int = 15) -> tuple[list[HotSpot], list[HotSpot]]:
    """From py-spy's raw output ("frame;frame;... count" per line): the functions with the
    most samples on top of the stack (self), and the project's own functions (bot, render,
    engine, storage) with the most samples anywhere in the stack (inclusive)."""
    self_counts: dict[str, int] = {}
    inclusive: dict[str, int] = {}
    total = 0
    for line in collapsed.read_text(errors="replace").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        frames = stack.split(";")
        if not frames:
            continue
        total += count
        top = _frame_name(frames[-1])
        self_counts[top] = self_counts.get(top, 0) + count
        seen: set[str] = set()
        for frame in frames:
            name = _frame_name(frame)
            if (name in seen or not name.split(" ", 1)[-1].startswith(_OWN_PACKAGES)
                    or name.startswith(_ENTRY_FRAMES)):
                continue
            seen.add(name)
            inclusive[name] = inclusive.get(name, 0) + count
    if total == 0:
        return [], []

    def best(counts: dict[str, int]) -> list[HotSpot]:
        ranked = sorted(counts.items(), key=lambda item: -item[1])[:limit]
        return [HotSpot(name, count / total) for name, count in ranked]

    return best(self_counts), best(inclusive)


_OWN_PACKAGES = ("(bot/", "(render/", "(engine/", "(ai/")
_ENTRY_FRAMES = ("<module> (", "main (bot/app.py)")  # under every sample: says nothing


def _frame_name(frame: str) -> str:
    # "function (path/file.py:123)" → "function (path/file.py)": lines of one function merged.
    name, _, where = frame.partition(" (")
    path = where.rsplit(":", 1)[0].rstrip(")")
    return f"{name} ({path})"
