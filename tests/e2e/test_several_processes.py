"""Several bot processes over one PostgreSQL database, sharing the shards (end to end).

Discord delivers DM clicks to shard 0 and a server's clicks to its own shard, so the
process that gets a click is often not the one that posted the game. Every process
can take any click; killing one (SIGKILL, never restarted) loses nothing.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from bot.storage import Storage
from engine.record import game_from_record, game_to_record
from tests.e2e.deal_sheets import deal_sheets, score_lines
from tests.e2e.harness import choose, hand_message, move_buttons, open_table
from tests.e2e.processes import BotProcess
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Channel, Guild, Message, User

SHARDS = 3
SCORE_LINE = re.compile(r"^[✓✗] (?P<name>.+): bid \d+, took \d+, [+-]\d+ → (?P<total>-?\d+)$")
FINAL = "Fair-deal proof"


class Server:
    """A server on a given shard, with one channel and four people."""

    def __init__(self, fake: FakeDiscord, name: str, shard: int, people: list[str],
                 shard_count: int = SHARDS) -> None:
        self.fake = fake
        self.guild: Guild = fake.create_guild(name, shard=shard, shard_count=shard_count)
        self.channel: Channel = fake.create_channel(self.guild, "kachuful")
        self.people: list[User] = []
        for person in people:
            user = fake.create_user(person)
            fake.add_member(self.guild, user)
            self.people.append(user)
        self.clicked: set[str] = set()
        self.clicks = 0

    def lobby(self) -> Message | None:
        for message in reversed(self.fake.channel_messages(self.channel)):
            if any(b.label == "Join" for b in message.buttons):
                return message
        return None

    def over(self) -> bool:
        return any(FINAL in m.content for m in self.fake.channel_messages(self.channel))

    async def open_game(self, options: dict[str, object]) -> int:
        return await open_table(self.fake, self, options,  # type: ignore[arg-type]
                                joiners=len(self.people) - 1)

    def next_move(self) -> tuple[User, Message] | str | None:
        if self.over():
            return "over"
        for user in self.people:
            message = hand_message(self.fake, user)
            if message is not None and set(move_buttons(message)) - self.clicked:
                return user, message
        return None

    async def play(self, rng: random.Random, moves: int | None = None,
                   timeout: float = 30) -> None:
        """Click like people do, through DMs, until the game is over (or ``moves``)."""
        made = 0
        while moves is None or made < moves:
            found = await self.fake.wait_for(self.next_move, timeout=timeout,
                                             what="someone's turn", poll=0.05)
            if found == "over":
                return
            assert not isinstance(found, str)
            user, message = found
            options = [o for o in move_buttons(message) if o not in self.clicked]
            self.clicked.update(move_buttons(message))
            await (await self.fake.click(user, message, choose(rng, options))).wait_response()
            self.clicks += 1
            made += 1

    def shown_totals(self) -> dict[str, int]:
        scored = deal_sheets(self.fake, self.channel)
        totals: dict[str, int] = {}
        for line in score_lines(scored[-1]):
            match = SCORE_LINE.match(line)
            assert match is not None, line
            totals[match["name"]] = int(match["total"])
        return totals


async def check_against_replay(url: str, server: Server, game_id: int) -> None:
    """The channel's final totals are a replay's, and the game was recorded once."""
    storage = await Storage.connect(url)
    try:
        stored = await storage.games.load_game(game_id)
        assert stored.status == "finished" and stored.game is not None
        replayed = game_from_record(game_to_record(stored.game, include_seed=True),
                                    check_seed=True)
        final = replayed.results()[-1]
        expected = dict(zip(replayed.players, final.totals, strict=True))
        assert server.shown_totals() == expected
        stats = await storage.stats.player_stats(server.guild.id, server.people[0].id)
        assert stats is not None and stats.games == 1, "the game's stats written once"
    finally:
        await storage.close()


def start_replicas(fake: FakeDiscord, url: str, folder: Path, count: int) -> list[BotProcess]:
    return [BotProcess(fake, url, folder, f"bot{n}", SHARD_COUNT=str(SHARDS))
            for n in range(count)]


async def wait_until_sharded(fake: FakeDiscord, processes: list[BotProcess]) -> None:
    """Until every process runs its fair share (one shard each) and all are connected."""
    await fake.wait_for(lambda: sorted(len(p.shards()) for p in processes) == [1] * SHARDS,
                        timeout=60, what="a shard for each process, in its log", poll=0.1)
    await fake.wait_shards_connected(SHARDS, timeout=30)


def owner_of(processes: list[BotProcess], shard: int) -> BotProcess:
    (owner,) = [p for p in processes if shard in p.shards()]
    return owner


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


async def test_three_processes_share_the_shards_and_finish_games_through_dms(
    fake_discord: FakeDiscord, database_url: str, folder: Path
) -> None:
    fake = fake_discord
    first = Server(fake, "North", 1, ["asha", "bikram", "chandra", "deepa"])
    second = Server(fake, "South", 2, ["esha", "farid", "gita", "hari"])
    # One process starts alone and runs every shard; two more join and get their share.
    processes = start_replicas(fake, database_url, folder, 1)
    try:
        await fake.wait_for(lambda: processes[0].shards() == {0, 1, 2}, timeout=60,
                            what="the first process running every shard", poll=0.1)
        processes += [BotProcess(fake, database_url, folder, f"bot{n}",
                                 SHARD_COUNT=str(SHARDS)) for n in (1, 2)]
        await wait_until_sharded(fake, processes)
        assert "handing over shard" in processes[0].log()
        games = [await first.open_game({"preset": "short", "max_hand": 2}),
                 await second.open_game({"preset": "short", "max_hand": 2})]
        rng = random.Random(16)
        await asyncio.gather(first.play(rng), second.play(rng))
        for server, game_id in zip((first, second), games, strict=True):
            await fake.wait_for(server.over, timeout=30, what="the final standings")
            await check_against_replay(database_url, server, game_id)
    finally:
        for process in processes:
            process.stop()
    for process in processes:
        assert "Traceback" not in process.log(), process.log()


@pytest.mark.parametrize("victim", ["dm shard", "server's shard"])
async def test_a_killed_process_loses_nothing(
    fake_discord: FakeDiscord, database_url: str, folder: Path, victim: str
) -> None:
    fake = fake_discord
    server = Server(fake, "West", 1, ["ila", "jai", "kavi", "lina"])
    processes = start_replicas(fake, database_url, folder, SHARDS)
    try:
        await wait_until_sharded(fake, processes)
        game_id = await server.open_game({"preset": "short", "max_hand": 3,
                                          "turn_timeout": 15})
        rng = random.Random(7)
        await server.play(rng, moves=6)  # the bids are in; mid-trick now
        doomed = owner_of(processes, 0 if victim == "dm shard" else 1)
        doomed.kill()
        alive = [p for p in processes if p is not doomed]
        # Its shard is taken over by another process, within seconds.
        await fake.wait_for(lambda: sum(len(p.shards()) for p in alive) == SHARDS,
                            timeout=15, what="the shards taken over", poll=0.1)
        await fake.wait_shards_connected(SHARDS, timeout=15)
        # Nobody clicks: the turn's deadline falls due and another process times it out.
        await fake.wait_for(
            lambda: any("ran out of time" in m.content
                        for m in fake.channel_messages(server.channel)),
            timeout=40, what="the timed-out turn", poll=0.2)
        await server.play(rng)
        await fake.wait_for(server.over, timeout=30, what="the final standings")
        await check_against_replay(database_url, server, game_id)
    finally:
        for process in processes:
            process.stop()


async def test_one_click_delivered_to_two_processes_lands_once(
    fake_discord: FakeDiscord, database_url: str, folder: Path
) -> None:
    """Two processes both run shard 0 (where every DM click arrives): each click
    reaches both, and each lands once."""
    fake = fake_discord
    server = Server(fake, "East", 1, ["mani", "neha", "om", "pari"], shard_count=2)
    processes = [
        BotProcess(fake, database_url, folder, "dm-a", SHARD_COUNT="2", SHARD_IDS="0"),
        BotProcess(fake, database_url, folder, "both", SHARD_COUNT="2", SHARD_IDS="0,1"),
    ]
    try:
        await fake.wait_for(lambda: len([s for s in fake.sessions() if s.connected]) == 3,
                            timeout=60, what="three sessions", poll=0.1)
        game_id = await server.open_game({"preset": "short", "max_hand": 2})
        await server.play(random.Random(3))
        await fake.wait_for(server.over, timeout=30, what="the final standings")
        await check_against_replay(database_url, server, game_id)
        storage = await Storage.connect(database_url)
        try:
            stored = await storage.games.load_game(game_id)
            assert stored.actions_saved == server.clicks, "every click landed exactly once"
        finally:
            await storage.close()
    finally:
        for process in processes:
            process.stop()
