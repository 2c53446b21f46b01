"""The fault matrix, in process (both backends): the process playing a game dies right
after one of the transactions of the game's life — its start, a person's move, a
computer's, the deadlines after a step, a claim, the finish with its ratings — and
another process carries the game to its end. In every cell the game finishes, the
log replays (no move doubled), and its results, stats and ratings are written once.

A death is the storage failing everything from that commit on (nothing after it
reaches the database, as after a SIGKILL); the real-process kill is in
``tests/e2e/test_several_processes.py``."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.core.actors import Actor
from bot.core.refusals import Refusal
from bot.storage import Storage, StorageError, StorageUnavailable
from engine import preset_rules
from tests.bot.core.conftest import OpenShared
from tests.bot.core.helpers import Core, first_choice, open_lobby, person_id
from tests.bot.core.test_shared_truth import ahead, stored_status
from tests.bot.storage.postgres_server import Location, raw_execute

PEOPLE = 2
SAFETY_NET = 60.0
"""Far beyond what any cell needs: only a stalled game reaches it."""


class Killed(StorageUnavailable):
    """Every storage call of a dead process: nothing of it reaches the database."""


class DiesAfter:
    """The storage of a process that dies right after its ``nth`` commit of ``doing``."""

    def __init__(self, storage: Storage, doing: str, nth: int) -> None:
        self.dead = False
        self._doing, self._left = doing, nth
        db: Any = storage._db  # the backend every part of storage shares
        transaction, write = db.transaction, db.write
        for name in ("snapshot", "fetchall", "game_lock"):
            setattr(db, name, self._guarded(getattr(db, name)))

        @contextlib.asynccontextmanager
        async def dying_transaction(what: str) -> AsyncIterator[Any]:
            self._check()
            async with transaction(what) as tx:
                yield tx
            self._committed(what)

        async def dying_write(sql: str, params: Any, what: str) -> int:
            self._check()
            changed = int(await write(sql, params, what))
            self._committed(what)
            return changed

        db.transaction, db.write = dying_transaction, dying_write

    def _guarded(self, call: Any) -> Any:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            self._check()
            return call(*args, **kwargs)
        return guarded

    def _check(self) -> None:
        if self.dead:
            raise Killed("killed")

    def _committed(self, what: str) -> None:
        if what == self._doing:
            self._left -= 1
            if self._left == 0:
                self.dead = True
                raise Killed("killed")


async def person_to_move(core: Core, game_id: int) -> tuple[int, int, Any] | None:
    for index in range(PEOPLE):
        seat, hand = await core.service.hand_of(game_id, person_id(index))
        if hand.yours:
            return person_id(index), seat, hand
    return None


async def play_on(core: Core, game_id: int, storage: Storage) -> None:
    """People click through ``core`` until the game is over (computer moves, owed
    progress and timeouts may come from the claims between clicks)."""
    while await stored_status(storage, game_id) == "active":
        try:
            found = await person_to_move(core, game_id)
            if found is None:
                await asyncio.sleep(0.01)  # a claim carries the game on
                continue
            user, seat, hand = found
            await core.service.move(game_id, user, seat, hand.counter, first_choice(hand))
        except Refusal:
            await asyncio.sleep(0.01)  # a timeout or a claim moved first


CELLS = [
    ("starting a game", 1, True),
    ("saving a move", 1, True),
    ("saving turn deadlines", 1, True),
    ("saving a move", 5, True),
    ("saving turn deadlines", 4, True),
    ("finishing a game", 1, True),
    # Nobody clicks: the process claims the turn's deadline (polling every 50 ms, the
    # deadline about a second on) and times it out, or dies between the two.
    ("claiming due turn deadlines", 30, False),
    ("saving a move", 2, False),
]


@pytest.mark.parametrize(("doing", "nth", "clicking"), CELLS)
async def test_a_game_survives_its_process_dying_after_any_transaction(
    open_shared: OpenShared, database: Location, doing: str, nth: int, clicking: bool
) -> None:
    dying = await open_shared(time_scale=0.05)  # its claims poll every 50 ms
    rules = preset_rules("short").model_copy(update={"max_hand": 2})
    lobby = await open_lobby(dying, people=PEOPLE, computers=1, rules=rules)
    game_id = lobby.game_id
    fault = DiesAfter(dying.storage, doing, nth)
    with contextlib.suppress(StorageError, Refusal):
        await dying.service.lobbies.start(game_id, Actor(lobby.host_id))
        if clicking:
            await play_on(dying, game_id, dying.storage)
        else:
            async with asyncio.timeout(SAFETY_NET):
                while not fault.dead:
                    await asyncio.sleep(0.01)
    assert fault.dead, "the process died before the game ended"
    await dying.service.close(5.0)
    survivor = await open_shared()
    ahead(survivor, 60)  # whatever the dead process held falls due now
    async with asyncio.timeout(SAFETY_NET):
        await play_on(survivor, game_id, survivor.storage)
    stored = await survivor.storage.games.load_game(game_id)
    assert stored.status == "finished" and stored.replay_error is None
    assert stored.game is not None and stored.game.is_over
    assert await raw_execute(database, "SELECT count(*) FROM results WHERE game_id = ?",
                             (game_id,)) == [(3,)], "the results written once"
    for index in range(PEOPLE):
        stats = await survivor.storage.stats.player_stats(lobby.guild_id, person_id(index))
        assert stats is not None and stats.games == 1, "the stats written once"
        rating = await raw_execute(
            database, "SELECT games FROM ratings WHERE guild_id = ? AND player = ?",
            (lobby.guild_id, f"user:{person_id(index)}"))
        assert rating == [(1,)], "the rating updated once"
