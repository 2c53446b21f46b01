"""The fault matrix with real processes (issue 28): a ``python -m bot`` process plays a
game on PostgreSQL and ends itself (``os._exit``, as a SIGKILL: nothing flushed or
delivered) right after one of the transactions of the game's life — its start, a
person's move, a computer's, a step's deadlines, a claim of a due turn, the finish
with its stats and ratings. A second process takes its shard over and the game goes
on. In every cell: the game finishes; per seat, the moves in the log are the clicks
that landed, in order (none lost, none doubled; a turn timed out is the only other
move); the results, stats and ratings are written once; the end is shown once (the
final standings in the channel, its owed showing cleared); and the same people then
sit down at a new lobby (nobody is "seated elsewhere"). After a death right after the
start, the table is shown at once, as the start shows it.

In process, on both backends, the same cells are ``tests/bot/core/test_fault_matrix.py``.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.storage import Storage, fail_point
from engine import Bid
from tests.bot.storage.postgres_server import raw_execute
from tests.e2e.harness import choose, move_buttons
from tests.e2e.processes import BotProcess
from tests.e2e.test_several_processes import FINAL, Server
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.errors import DriverError, WaitTimeout
from tests.fake_discord.fixtures import running_fake_discord
from tests.fake_discord.interactions import InteractionRecord
from tests.fake_discord.models import Message, User

CELLS = [
    ("start", 1),
    ("move", 3),
    ("computer-move", 2),
    ("deadlines", 3),
    ("finish", 1),
    ("claim", 1),
]
GAME_SECONDS = 90.0
"""A safety net far beyond a cell's need (claims fall due 5–15 s after a death)."""
SHOWN_SECONDS = 30.0
"""A safety net for an owed showing (due 10 s after its step, then claimed)."""


@asynccontextmanager
async def fake_discord_excusing(lost: list[InteractionRecord]) -> AsyncIterator[FakeDiscord]:
    """The fake Discord, healthy at the end but for the clicks in ``lost``: sent to the
    dying process as it died, never answered (a person sees "interaction failed" and
    clicks again; the test does too)."""
    async with running_fake_discord() as fake:
        yield fake
    excused = [repr(record) for record in lost]
    problems = [p for p in fake.problems() if not any(r in p for r in excused)]
    assert not problems, "fake Discord saw problems:\n- " + "\n- ".join(problems)


def seat_of(choice: str) -> int:
    return int(choice.split(".")[0])


def wire(action: object) -> str:
    """A logged move as its button's choice reads: ``<seat>.<bid>`` / ``<seat>.<card>``."""
    if isinstance(action, Bid):
        return f"{action.seat}.{action.bid}"
    return f"{action.seat}.{action.card.code}"  # type: ignore[attr-defined]


class Cell:
    """One cell: the dying process, the survivor, the table and what was clicked."""

    def __init__(self, fake: FakeDiscord, url: str, folder: Path, fail: str | None,
                 lost: list[InteractionRecord], dying_url: str | None = None) -> None:
        """``fail``: the dying process's fail point (``None``: the test breaks it some
        other way, between clicks); ``dying_url``: its way to the database."""
        self.fake, self.url, self.folder, self.fail = fake, url, folder, fail
        self.server = Server(fake, "North", 0, ["asha", "bikram"], shard_count=1)
        settings = {} if fail is None else {fail_point.ENVIRONMENT: fail}
        self.dying = BotProcess(fake, dying_url or url, folder, "dying", SHARD_COUNT="1",
                                **settings)
        self.survivor: BotProcess | None = None
        self.took_over = False
        self.clicks: list[tuple[str, InteractionRecord, Message]] = []
        """(the button's choice, its interaction, the message), in order."""
        self.lost = lost

    def start_survivor(self) -> None:
        if self.survivor is None:
            self.survivor = BotProcess(self.fake, self.url, self.folder, "survivor",
                                       SHARD_COUNT="1")

    def stop(self) -> None:
        for process in (self.dying, self.survivor):
            if process is not None:
                process.stop()

    async def game_status(self, game_id: int) -> str:
        [(status,)] = await raw_execute(self.url, "SELECT status FROM games WHERE id = ?",
                                        (game_id,))
        return str(status)

    async def after_death(self, game_id: int) -> None:
        """Once the dying process is gone: the survivor runs the shard, and a click
        that reached the dead process unanswered is clicked again."""
        if self.fail is None or self.took_over or self.dying.process.poll() is None:
            return
        assert self.dying.process.returncode == fail_point.EXIT_CODE, self.dying.log()
        self.start_survivor()
        assert self.survivor is not None
        survivor = self.survivor
        await self.fake.wait_for(lambda: survivor.shards() == {0}, timeout=30,
                                 what="the survivor running the shard", poll=0.1)
        await self.fake.wait_shards_connected(1, timeout=30)
        self.took_over = True
        logged = await self.logged(game_id)
        for index, (choice, record, message) in enumerate(self.clicks):
            seat = seat_of(choice)
            clicked = [c for c, _, _ in self.clicks[:index + 1] if seat_of(c) == seat]
            if record.response is None or (
                    index == len(self.clicks) - 1
                    and len(clicked) > len([c for c in logged if seat_of(c) == seat])):
                # Never answered, or answered just before the process died with the
                # move unsaved: the person clicks it again.
                self.lost.append(record)
                self.server.clicked -= set(move_buttons(message))
        self.clicks = [c for c in self.clicks if c[1] not in self.lost]

    async def logged(self, game_id: int) -> list[str]:
        storage = await Storage.connect(self.url)
        try:
            stored = await storage.games.load_game(game_id)
        finally:
            await storage.close()
        assert stored.game is not None and stored.replay_error is None
        return [wire(action) for action in stored.game.player_actions()]

    async def click(self, user: User, message: Message, choice: str) -> None:
        try:
            record = await self.fake.click(user, message, choice)
        except DriverError:  # no process connected: the survivor is on its way
            self.server.clicked -= set(move_buttons(message))
            await asyncio.sleep(0.1)
            return
        self.clicks.append((".".join(choice.rsplit(":", 1)[1].split(".")[:2]), record, message))
        try:
            await record.wait_response(timeout=5)
        except WaitTimeout:
            # Only a click that reached the dying process goes unanswered.
            await self.fake.wait_for(lambda: self.dying.process.poll() is not None, timeout=10,
                                     what="the dying process gone", poll=0.1)

    async def play(self, game_id: int, rng: random.Random, *, idle: bool = False,
                   moves: int | None = None) -> None:
        """People click their newest hand's buttons until the game is finished (or
        ``moves`` clicks); with ``idle``, nobody clicks until the dying process died."""
        made = len(self.clicks)
        async with asyncio.timeout(GAME_SECONDS):
            while await self.game_status(game_id) in ("lobby", "active"):
                if moves is not None and len(self.clicks) - made >= moves:
                    return
                await self.after_death(game_id)
                found = self.server.next_move()
                if found is None or isinstance(found, str) or (idle and not self.took_over):
                    await asyncio.sleep(0.05)
                    continue
                user, message = found
                options = [o for o in move_buttons(message) if o not in self.server.clicked]
                self.server.clicked.update(move_buttons(message))
                await self.click(user, message, choose(rng, options))
            if self.fail is not None and not self.took_over:
                # The finish may be the dying process's last commit: the game reads
                # finished a moment before that process has ended itself.
                await self.fake.wait_for(lambda: self.dying.process.poll() is not None,
                                         timeout=10, what="the dying process gone", poll=0.1)
            await self.after_death(game_id)


def lobby_buttons(cell: Cell, game_id: int) -> list[str]:
    """The buttons still on the game's lobby message (Join, Start …)."""
    lobby = ("join", "leave", "addbot", "dropbot", "start", "close")
    return [button.custom_id or "" for message in cell.fake.channel_messages(cell.server.channel)
            for button in message.buttons
            if (button.custom_id or "").startswith(tuple(f"kf:{k}:{game_id}:" for k in lobby))]


async def open_game(cell: Cell, options: dict[str, object]) -> int:
    """Asha opens a lobby, Bikram joins, a computer fills, Asha starts; the game id
    (the start may be the last thing the dying process does)."""
    fake, server = cell.fake, cell.server
    host, guest = server.people
    await (await fake.slash(host, server.channel, "kachuful start", options)).wait_response()
    lobby = await fake.wait_for(server.lobby, what="the lobby")
    await (await fake.click(guest, lobby, lobby.button("Join").custom_id or "")
           ).wait_response()
    menu = fake.message(lobby.id).selects[0]
    await (await fake.select(host, lobby, menu.custom_id or "", ["easy"])).wait_response()
    await fake.wait_for(lambda: "Seats (3/" in (fake.message(lobby.id).embeds[0].description
                                               or ""), what="three seats", poll=0.05)
    start = fake.message(lobby.id).button("Start").custom_id or ""
    await (await fake.click(host, lobby, start)).wait_response()
    return int(start.split(":")[2])


async def join_a_new_lobby(cell: Cell) -> None:
    """Both people sit down at a new lobby: nobody is still seated in the old game."""
    fake, server = cell.fake, cell.server
    host, guest = server.people
    before = {message.id for message in fake.channel_messages(server.channel)}
    await (await fake.slash(host, server.channel, "kachuful start", {"preset": "short"})
           ).wait_response()

    def new_lobby() -> Message | None:
        lobby = server.lobby()
        return lobby if lobby is not None and lobby.id not in before else None

    # (After a death right after the start, the old lobby message keeps its buttons.)
    lobby = await fake.wait_for(new_lobby, what="the new lobby")
    await (await fake.click(guest, lobby, lobby.button("Join").custom_id or "")
           ).wait_response()
    await fake.wait_for(lambda: "Seats (2/" in (fake.message(lobby.id).embeds[0].description
                                               or ""), what="both seated", poll=0.05)


async def check_written_once(cell: Cell, game_id: int) -> None:
    url, server = cell.url, cell.server
    assert await raw_execute(url, "SELECT count(*) FROM results WHERE game_id = ?",
                             (game_id,)) == [(3,)], "the results written once"
    storage = await Storage.connect(url)
    try:
        for person in server.people:
            stats = await storage.stats.player_stats(server.guild.id, person.id)
            assert stats is not None and stats.games == 1, "the stats written once"
    finally:
        await storage.close()
    for person in server.people:
        assert await raw_execute(
            url, "SELECT games FROM ratings WHERE guild_id = ? AND player = ?",
            (server.guild.id, f"user:{person.id}")) == [(1,)], "the rating updated once"


def final_standings(cell: Cell) -> list[Message]:
    """The game's final standings in its channel."""
    return [m for m in cell.fake.channel_messages(cell.server.channel) if FINAL in m.content]


async def check_end_shown_once(cell: Cell, game_id: int) -> None:
    """The end is shown (by whichever process) and owes nothing more: its final
    standings are in the channel once."""
    async with asyncio.timeout(SHOWN_SECONDS):
        while await raw_execute(cell.url, "SELECT showing_due FROM games WHERE id = ?",
                                (game_id,)) != [(None,)]:
            await asyncio.sleep(0.1)
    assert len(final_standings(cell)) == 1, "the final standings posted once"


def first_table(cell: Cell) -> Message | None:
    """The first deal's table message, as the start posts it."""
    messages = cell.fake.channel_messages(cell.server.channel)
    announced = any("The game begins!" in m.content for m in messages)
    tables = [m for m in messages if m.content.startswith("**Deal 1 of")]
    return tables[0] if announced and tables else None


def timeouts(cell: Cell) -> int:
    return sum("ran out of time" in m.content
               for m in cell.fake.channel_messages(cell.server.channel))


async def check_moves(cell: Cell, game_id: int) -> None:
    """Per person, the clicks that landed are their moves in the log, in order; the
    only other moves of theirs are turns that timed out."""
    logged = await cell.logged(game_id)
    people = {0, 1}  # Asha and Bikram; the computer sat down third
    extra = 0
    for seat in people:
        moves = [c for c in logged if seat_of(c) == seat]
        clicked = [c for c, _, _ in cell.clicks if seat_of(c) == seat]
        remaining = iter(moves)
        assert all(click in remaining for click in clicked), f"a move of seat {seat} lost"
        extra += len(moves) - len(clicked)
    assert extra == timeouts(cell), "no move doubled: the rest are timed-out turns"


@pytest.mark.parametrize(("kind", "nth"), CELLS, ids=[f"{k}-{n}" for k, n in CELLS])
async def test_a_game_survives_its_process_dying_after_a_commit(
    database_url: str, tmp_path: Path, kind: str, nth: int,
) -> None:
    lost: list[InteractionRecord] = []
    async with fake_discord_excusing(lost) as fake:
        cell = Cell(fake, database_url, tmp_path, f"after-commit:{kind}:{nth}", lost)
        try:
            await fake.wait_for(lambda: cell.dying.shards() == {0}, timeout=60,
                                what="the dying process running the shard", poll=0.1)
            await fake.wait_shards_connected(1, timeout=30)
            if kind != "claim":
                # Waits for the shard from now on; it must not win the claim of a
                # due turn from the dying process, so that cell starts it later.
                cell.start_survivor()
            # The claim cell: nobody clicks, the turn (15 s) falls due and is claimed.
            timeout = 15 if kind == "claim" else 120
            game_id = await open_game(cell, {"preset": "short", "max_hand": 2,
                                             "turn_timeout": timeout})
            if kind == "start":
                # Before anyone moves, the process that took over shows the start.
                await fake.wait_for(lambda: first_table(cell), timeout=SHOWN_SECONDS,
                                    what="the first deal's table", poll=0.1)
            await cell.play(game_id, random.Random(28), idle=kind == "claim")
            assert cell.took_over, "the dying process reached its fail point"
            assert cell.survivor is not None
            await check_moves(cell, game_id)
            # Even after a death right after the start, the lobby shows it started.
            assert lobby_buttons(cell, game_id) == []
            await check_written_once(cell, game_id)
            await check_end_shown_once(cell, game_id)
            await join_a_new_lobby(cell)
        finally:
            cell.stop()
        assert cell.survivor is not None
        assert "Traceback" not in cell.survivor.log(), cell.survivor.log()
