"""The load bench's games: the plan, the world, and simulated people playing them."""

from __future__ import annotations

import asyncio
import random
import sys
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load_processes import Fleet
from bench.load_support import ActivityGauge
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

PLAYERS_PER_GAME = 4
TARGET_CPU_MS_PER_ACTION = 6.0
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
    computers: int = 0
    level: str = "hard"
    think: tuple[float, float] = (0.0, 0.0)
    """Seconds a person thinks before each move, drawn uniformly (people's pace)."""

    @property
    def people(self) -> int:
        return PLAYERS_PER_GAME - self.computers

    @property
    def moves_per_game(self) -> int:
        """Every seat's moves, the computers' too."""
        return self.moves_per_player * PLAYERS_PER_GAME

    @property
    def clicks_per_game(self) -> int:
        return self.moves_per_player * self.people


def game_plan(max_hand: int | None, computers: int = 0, level: str = "hard",
              preset: str = "short") -> GamePlan:
    """The short preset, or ``max_hand`` deals of ``max_hand`` cards down to 1; or the
    whole classic game (``preset="classic"``)."""
    options: dict[str, object] = {"preset": preset}
    label = ("classic preset (13 cards down to 1 and up again)" if preset == "classic"
             else "short preset (5-4-3-2-1-2-3-4-5 cards)")
    if max_hand is not None:
        options.update(max_hand=max_hand, schedule="down")
        label = f"short preset, max_hand={max_hand}, schedule=down"
    preset = str(options["preset"])
    rule_options = {k: v for k, v in options.items() if k != "preset"}
    sizes = Rules.from_options(rule_options, preset).hand_sizes(PLAYERS_PER_GAME)
    # In-turn bidding: one bid per deal, then one card per trick.
    if computers:
        label += f", {computers} {level} computer player{'s' if computers > 1 else ''}"
    return GamePlan(options, label, len(sizes), len(sizes) + sum(sizes), computers, level)


# --- the world: one server, channel and four people per game --------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    index: int
    channel: Channel
    people: tuple[User, ...]


def build_tables(fake: FakeDiscord, count: int, prefix: str,
                 people_per_game: int = PLAYERS_PER_GAME, shard_count: int = 1) -> list[Table]:
    """``count`` tables; with ``shard_count`` > 1 their servers take the shards in turn."""
    tables = []
    for index in range(count):
        if shard_count > 1:
            guild = fake.create_guild(f"{prefix} club {index}", shard=index % shard_count,
                                      shard_count=shard_count)
        else:
            guild = fake.create_guild(f"{prefix} club {index}")
        channel = fake.create_channel(guild, "kachuful")
        people = []
        for seat in range(people_per_game):
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
    controls_seen: list[tuple[str, float]] = field(default_factory=list)
    """(game id, when) each person found new move controls enabled in their DMs."""


class GameFailed(Exception):
    """A game could not be played to its end; the message says where it stopped."""


class BotDied(Exception):
    """The bot process stopped or never came up: the run has no figures."""


def _with_log(what: str, bot: Fleet) -> str:
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
    think: tuple[float, float] = (0.0, 0.0),
) -> None:
    """Click a random enabled move of the newest DM hand once it appears (after a think
    time drawn from ``think``)."""
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
        progress.controls_seen.append((options[0].split(":")[2], time.monotonic()))
        if think[1] > 0:
            await asyncio.sleep(rng.uniform(*think))
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
    for _ in range(plan.computers):
        await _add_computer(fake, host, table, fake.message(lobby.id), plan.level, timeout)
    seats = PLAYERS_PER_GAME
    await fake.wait_for(
        lambda: f"Seats ({seats}/" in _lobby_text(fake, lobby.id), timeout,
        what="the lobby's seats", keys=[table.channel.id],
    )
    return lobby


async def _add_computer(
    fake: FakeDiscord, host: User, table: Table, lobby: Message, level: str, timeout: float
) -> None:
    seated = _lobby_text(fake, lobby.id)
    menu = next(c.custom_id for c in lobby.selects if c.custom_id.startswith("kf:addbot:"))
    record = await fake.select(host, lobby, menu, [level])
    if not await _acknowledged(record, f"{host.name}'s computer player", timeout):
        raise GameFailed(f"a computer player was refused: {record.text()!r}")
    await fake.wait_for(lambda: _lobby_text(fake, lobby.id) != seated, timeout,
                        what="the lobby's new seat", keys=[table.channel.id])


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
                                            random.Random(rng.random()), progress, timeout,
                                            plan.think))
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
    except (GameFailed, DriverError, WaitTimeout) as exc:
        progress.failures.append(f"table {table.index}: {str(exc).splitlines()[0]}")
    except ExceptionGroup as group:
        if not all(isinstance(e, GameFailed | DriverError | WaitTimeout)
                   for e in group.exceptions):
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


