"""Start-up with many unfinished games (``bench/load.py --startup-games K``).

A first bot process opens one game through the fake Discord, starts it, and stops once a
person has been shown their hand (a DM with move buttons). K − 1 more unfinished games are
then written straight into the database through the storage API, each started with a few
bids saved, in servers and channels the fake knows. A new bot process starts on that
database and, as soon as its gateway session is up, the person clicks the old hand
message. Timed from the new process's start: its gateway session up, the click
acknowledged, and the move shown (the next player offered their controls). The same is
measured first with only the clicked game in the database, so that what the interpreter,
the imports and connecting cost is told apart from what the K − 1 games cost.

On SQLite without sharding the bot restores its unfinished games in the background while
it connects (a game clicked meanwhile first); on a shared database (PostgreSQL) it loads a
game when first touched.

The project's modules are byte-compiled first, as an installed bot's are (``pip install``
and the Docker image compile them): where ``PYTHONDONTWRITEBYTECODE`` is set, as on the
machine these figures come from, every start would otherwise compile about 110 modules
from source (some 0.2 s of CPU).
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load_games import (
    BotDied,
    Table,
    _acknowledged,
    _counter,
    _lobby_click,
    _with_log,
    build_tables,
    fresh_moves,
    game_plan,
    open_lobby,
)
from bench.load_processes import Database, Fleet, connected, fresh_database
from bench.load_support import BotProcess
from bot.storage import NewSeat, Storage
from engine import Game, Rules
from tests.fake_discord import Channel, FakeDiscord, Message, User

TARGET_FIRST_CLICK_S: Final = 2.0
CHANNELS_PER_SERVER: Final = 100
BIDS_SAVED: Final = 3
"""Bids saved in each written game: its log is replayed when it is loaded."""
TURN_TIMEOUT_S: Final = 3600
"""Long enough that no written game's turn falls due while it is measured."""


@dataclass(frozen=True, slots=True)
class Place:
    channel: Channel
    people: tuple[User, ...]


def build_places(fake: FakeDiscord, games: int) -> list[Place]:
    """Channels for ``games`` games, ``CHANNELS_PER_SERVER`` per server, and four people
    for each game (a person sits in one open game at a time)."""
    places: list[Place] = []
    server = 0
    while len(places) < games:
        guild = fake.create_guild(f"restored club {server}")
        for _ in range(min(CHANNELS_PER_SERVER, games - len(places))):
            index = len(places)
            channel = fake.create_channel(guild, f"kachuful-{index}")
            people = []
            for seat in range(4):
                user = fake.create_user(f"r{index}p{seat}")
                fake.add_member(guild, user)
                people.append(user)
            places.append(Place(channel, tuple(people)))
        server += 1
    return places


async def write_games(database: Database, places: list[Place], rules: Rules) -> float:
    """One started game per place with ``BIDS_SAVED`` bids, straight into storage; seconds."""
    began = time.monotonic()
    storage = await (Storage.connect(database.url) if database.url is not None
                     else Storage.open(database.path))
    try:
        async def write(index: int, place: Place) -> None:
            names = [p.name for p in place.people]
            game_id = await storage.games.create_game(
                guild_id=place.channel.guild_id or 0, channel_id=place.channel.id, rules=rules,
                seed=index, turn_timeout=TURN_TIMEOUT_S, host_user_id=place.people[0].id,
                seats=[NewSeat.human(p.id, p.name) for p in place.people],
            )
            await storage.games.start_game(game_id)
            game = Game(rules, names, index)
            for seq in range(BIDS_SAVED):
                action = game.legal_actions()[0]
                await storage.games.append_action(game_id, seq, action)
                game.apply(action)

        # A few at a time: PostgreSQL overlaps them over its pool; SQLite serialises anyway.
        for first in range(0, len(places), 10):
            await asyncio.gather(*(write(first + i, place)
                                   for i, place in enumerate(places[first:first + 10])))
    finally:
        await storage.close()
    return time.monotonic() - began


PROJECT_PACKAGES: Final = ("ai", "bot", "engine", "i18n", "render")


def _byte_compile_project() -> None:
    root = Path(__file__).resolve().parent.parent
    for package in PROJECT_PACKAGES:
        if not compileall.compile_dir(root / package, quiet=1):
            raise RuntimeError(f"could not byte-compile {package}")


def _hand(fake: FakeDiscord, table: Table) -> tuple[User, Message, str] | None:
    """The newest enabled move button of the game (whoever's turn it is), with its DM."""
    offered = [(_counter(move), user, message, move)
               for user in table.people for message in fake.dm_messages(user)
               for move in fresh_moves(message, -1)]
    if not offered:
        return None
    _, user, message, move = max(offered, key=lambda found: found[0])
    return user, message, move


def _next_offered(fake: FakeDiscord, table: Table, after: int) -> bool:
    return any(fresh_moves(m, after) for u in table.people for m in fake.dm_messages(u))


async def measure_startup(args: argparse.Namespace) -> dict[str, Any]:
    games = int(args.startup_games)
    plan = game_plan(args.max_hand)
    rules = Rules.from_options({k: v for k, v in plan.options.items() if k != "preset"},
                               str(plan.options["preset"]))
    print(f"\n== start-up with {games} unfinished games on {args.database} ==", flush=True)
    _byte_compile_project()
    with tempfile.TemporaryDirectory(prefix="kachuful-startup-") as folder:
        workdir = Path(folder)
        async with (
            fresh_database(args.database, workdir, args.database_url) as database,
            FakeDiscord(record_requests=False, keep_file_bytes=False) as fake,
        ):
            table = build_tables(fake, 1, "clicked")[0]
            places = build_places(fake, games - 1)

            def fleet(name: str) -> Fleet:
                return Fleet.of(1, database, lambda _, settings: BotProcess(
                    base_url=fake.base_url, token=fake.token, workdir=workdir,
                    module=args.bot_module, name=name, settings=settings))

            first = fleet("first")
            await first.start()
            try:
                await fake.wait_for(lambda: connected(fake, 1), timeout=120, poll=0.1,
                                    what="the first bot process to connect")
                lobby = await open_lobby(fake, table, plan, args.timeout)
                await _lobby_click(fake, table.people[0], fake.message(lobby.id), "Start",
                                   args.timeout)
                await fake.wait_for(lambda: _hand(fake, table), timeout=args.timeout,
                                    what="a hand to click")
            finally:
                await first.stop()
            # The same start with only the clicked game: what the interpreter, the imports
            # and connecting cost, apart from the unfinished games.
            alone = await _time_first_click(fake, table, fleet("alone"), 1, args)
            written_s = await write_games(database, places, rules)
            print(f"  {games - 1} unfinished games written in {written_s:.1f}s "
                  f"(+1 through the bot)", flush=True)
            result = await _time_first_click(fake, table, fleet("restarted"), games, args)
    result["with_one_game"] = alone
    result["ok"] = result["ok"] and alone["ok"]
    return result


async def _time_first_click(fake: FakeDiscord, table: Table, bot: Fleet, games: int,
                            args: argparse.Namespace) -> dict[str, Any]:
    await fake.wait_for(lambda: not fake.bot_connected, timeout=30,
                        what="the previous process's session to close")
    found = _hand(fake, table)
    assert found is not None
    user, message, move = found
    launched = time.monotonic()
    await bot.start()
    try:
        await fake.wait_for(lambda: connected(fake, 1) or not bot.running, timeout=120,
                            poll=0.005, what="the restarted process to connect")
        up = time.monotonic() - launched
        if not bot.running:
            raise BotDied(_with_log("the bot stopped at start-up", bot))
        record = await fake.click(user, fake.message(message.id), move)
        accepted = await _acknowledged(record, "the first click", args.timeout)
        acknowledged = time.monotonic() - launched
        await fake.wait_for(lambda: _next_offered(fake, table, _counter(move)),
                            timeout=args.timeout, poll=0.005, what="the move to be shown")
        shown = time.monotonic() - launched
        cpu = bot.read().cpu_s
        trouble = [line for line in bot.log_lines() if " ERROR " in line or "Traceback" in line]
    finally:
        await bot.stop()
    result: dict[str, Any] = {
        "bench": "load-startup",
        "database": args.database,
        "unfinished_games": games,
        "loads_games": ("when first touched" if args.database == "postgres"
                        else "in the background, a clicked one first"),
        "connected_s": round(up, 3),
        "first_click_acknowledged_s": round(acknowledged, 3),
        "first_move_shown_s": round(shown, 3),
        "click_ack_latency_ms": round((record.latency or 0.0) * 1000, 1),
        "bot_cpu_s_until_shown": round(cpu, 2),
        "click_accepted": accepted,
        "bot_log_errors": len(trouble),
        "target_s": TARGET_FIRST_CLICK_S,
    }
    result["target_met"] = acknowledged <= TARGET_FIRST_CLICK_S
    result["ok"] = accepted and not trouble
    print(f"  a process starting with {games} unfinished game{'s' if games > 1 else ''}: "
          f"gateway up after {up:.2f}s, first click acknowledged after "
          f"{acknowledged:.2f}s (target ≤ {TARGET_FIRST_CLICK_S:.0f} s: "
          f"{'met' if result['target_met'] else 'MISSED'}), the move shown after {shown:.2f}s; "
          f"{cpu:.2f} s of CPU by then; {'OK' if result['ok'] else 'NOT OK'}", flush=True)
    return result
