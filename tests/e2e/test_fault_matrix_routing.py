"""The fault matrix's routing cells (issue 28), with real ``python -m bot`` processes on
PostgreSQL: the process running the game's server dies (``os._exit``, as a SIGKILL)
right after it claimed a DM click that shard 0's process routed to it, before making
it (``route-claim``), or right after it saved that click's move, before clearing the
click (``move``). The click's lease runs out, shard 0's process takes the server's
shard over and claims the click again: it makes it, or the action log refuses it as
made already. The game finishes with each person's clicks exactly their moves in the
log, in order (none lost, none doubled).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.storage import Storage, fail_point
from tests.bot.storage.postgres_server import raw_execute
from tests.e2e.harness import choose, move_buttons
from tests.e2e.processes import BotProcess
from tests.e2e.test_fault_matrix import seat_of, wire
from tests.e2e.test_several_processes import Server, check_against_replay
from tests.fake_discord.driver import FakeDiscord

CELLS = ["route-claim", "move"]
DIES_AT = 3
"""The owner dies right after its third commit of the cell's kind."""
REFUSED = ("That move was already made", "This game has finished")
"""What a click claimed again after its move was saved is answered with (the game may
have finished meanwhile: the rest of it needs no lease to run out)."""
TURN_SECONDS = 120
"""No turn times out in the cell: every move in the log is a click."""
WAIT_SECONDS = 60.0
"""A safety net far beyond the cell's need (a shard taken over, a 10 s lease)."""


async def play_recording(server: Server, rng: random.Random) -> list[str]:
    """Click like people do until the game is over; the clicks as ``<seat>.<choice>``."""
    fake = server.fake
    clicks: list[str] = []
    while True:
        found = await fake.wait_for(server.next_move, timeout=WAIT_SECONDS,
                                    what="someone's turn", poll=0.05)
        if found == "over":
            return clicks
        assert not isinstance(found, str)
        user, message = found
        options = [o for o in move_buttons(message) if o not in server.clicked]
        server.clicked.update(move_buttons(message))
        choice = choose(rng, options)
        # A routed click is acknowledged by shard 0's process before it is handed on,
        # so it is answered even when its claimer dies.
        await (await fake.click(user, message, choice)).wait_response()
        clicks.append(".".join(choice.rsplit(":", 1)[1].split(".")[:2]))
        server.clicks += 1


@pytest.mark.parametrize("kind", CELLS)
async def test_a_click_whose_claimer_dies_is_made_once(
    fake_discord: FakeDiscord, database_url: str, tmp_path: Path, kind: str
) -> None:
    fake = fake_discord
    server = Server(fake, "South", 1, ["esha", "farid", "gita"], shard_count=2)
    dms = BotProcess(fake, database_url, tmp_path, "dms", SHARD_COUNT="2")
    processes = [dms]
    try:
        await fake.wait_for(lambda: dms.shards() == {0, 1}, timeout=60,
                            what="one process running both shards", poll=0.1)
        await fake.wait_shards_connected(2, timeout=30)
        owner = BotProcess(fake, database_url, tmp_path, "owner", SHARD_COUNT="2",
                           **{fail_point.ENVIRONMENT: f"after-commit:{kind}:{DIES_AT}"})
        processes.append(owner)
        await fake.wait_for(lambda: (dms.shards(), owner.shards()) == ({0}, {1}),
                            timeout=60, what="the server's shard handed over", poll=0.1)
        await fake.wait_shards_connected(2, timeout=30)
        game_id = await server.open_game({"preset": "short", "max_hand": 2,
                                          "turn_timeout": TURN_SECONDS})
        clicks = await play_recording(server, random.Random(28))
        await check_against_replay(database_url, server, game_id)
        # The dead owner's click is made (or refused) and cleared: no obligation left.
        async with asyncio.timeout(WAIT_SECONDS):
            while await raw_execute(database_url, "SELECT id FROM routed_clicks"):
                await asyncio.sleep(0.1)
    finally:
        for process in processes:
            process.stop()
    assert owner.process.returncode == fail_point.EXIT_CODE, owner.log()
    assert f"after commit {DIES_AT} of {kind}" in owner.log()
    assert "1 made again after their claimer died" in dms.log(), dms.log()
    # Made already (the move's cell), the click claimed again is refused, and says so.
    refused = [m.content for person in server.people for m in fake.ephemeral_messages(person)
               if m.content.startswith(REFUSED)]
    assert len(refused) == (kind == "move"), refused
    assert "Traceback" not in dms.log(), dms.log()
    storage = await Storage.connect(database_url)
    try:
        stored = await storage.games.load_game(game_id)
    finally:
        await storage.close()
    assert stored.game is not None
    logged = [wire(action) for action in stored.game.player_actions()]
    for seat in range(len(server.people)):
        assert [c for c in logged if seat_of(c) == seat] == \
            [c for c in clicks if seat_of(c) == seat], f"seat {seat}: clicks are its moves"
