"""What several bot processes sharing one database need for a move and a timer.

A process handling a click locks the game's row, reads the moves other processes
appended since its cached copy, verifies and appends — all in one transaction, so
two processes racing on a turn never both land a move. Due turn deadlines are
claimed, not just read: each one goes to one process, which then has a lease on it;
if that process dies, the deadline falls due again when the lease ends.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, cast

from bot.storage.backend import Backend, Dialect, Tx
from bot.storage.codec import decode_action
from bot.storage.errors import GameNotFound, InvalidValue
from bot.storage.models import GameStatus
from bot.storage.moves import append_action_in
from bot.storage.values import check_id, from_epoch, to_epoch
from engine import Bid, Play

DEFAULT_CLAIM_LEASE: Final = timedelta(seconds=30)
"""How long a claimed deadline is left to its claimer before it falls due again."""
MAX_CLAIM: Final = 1_000

_ACTIONS_SINCE: Final = "SELECT action FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq"


def _check_count(count: object) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise InvalidValue(f"count is a whole number from 0, not {count!r}")
    return count


async def _actions_since(tx: Tx, game_id: int, count: int) -> list[Bid | Play]:
    rows = await tx.fetchall(_ACTIONS_SINCE, (game_id, count))
    return [decode_action(str(text)) for (text,) in rows]


class LockedGame:
    """A game whose row this transaction holds: no other process can save a move to
    it, finish or cancel it until the ``async with`` block ends (and commits)."""

    def __init__(
        self, tx: Tx, dialect: Dialect, game_id: int, status: GameStatus, saved: int
    ) -> None:
        self._tx = tx
        self._dialect = dialect
        self.game_id = game_id
        self.status: GameStatus = status
        self.actions_saved = saved
        """Player actions stored, including those appended through this lock."""

    async def actions_since(self, count: int) -> list[Bid | Play]:
        """The stored player actions from number ``count`` on (a cached game that has
        ``count`` actions applies these to catch up)."""
        return await _actions_since(self._tx, self.game_id, _check_count(count))

    async def append_action(
        self,
        seq: int,
        action: Bid | Play,
        *,
        deadlines: Mapping[int, datetime | None] | None = None,
    ) -> None:
        """As :meth:`Storage.append_action`; committed when the block ends."""
        await append_action_in(self._tx, self._dialect, self.game_id, seq, action, deadlines)
        self.actions_saved = seq + 1


@asynccontextmanager
async def lock_game(db: Backend, game_id: int) -> AsyncIterator[LockedGame]:
    check_id("game_id", game_id)
    async with db.transaction("locking a game for a move") as tx:
        row = await tx.fetchone(
            f"SELECT status FROM games WHERE id = ?{db.dialect.lock_for_update}", (game_id,)
        )
        if row is None:
            raise GameNotFound(f"no game {game_id}")
        # A statement of its own, after the lock: one that waited for it would count
        # the moves as they were before the holder committed (PostgreSQL's snapshot).
        saved = await tx.fetchone(
            "SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = ?", (game_id,)
        )
        assert saved is not None
        yield LockedGame(tx, db.dialect, game_id, cast(GameStatus, row[0]), int(saved[0]))


async def load_actions_since(db: Backend, game_id: int, count: int) -> list[Bid | Play]:
    check_id("game_id", game_id)
    _check_count(count)
    async with db.snapshot("reading a game's new moves") as tx:
        if await tx.fetchone("SELECT 1 FROM games WHERE id = ?", (game_id,)) is None:
            raise GameNotFound(f"no game {game_id}")
        return await _actions_since(tx, game_id, count)


@dataclass(frozen=True, slots=True)
class DueDeadline:
    """A seat of a running game whose turn deadline has passed, now claimed."""

    game_id: int
    seat: int | None
    """The seat whose turn ran out; ``None``: the game owes progress (computer moves,
    recording its end) that the process which saved its last step did not make."""
    due: datetime
    """The deadline as it was stored (before the claim moved it on by the lease)."""
    claimed_until: datetime
    """The deadline the claim stored: still there when the claimer takes the game,
    nobody has moved the game on since (a move clears or renews it)."""


async def claim_due_deadlines(
    db: Backend, now: datetime, limit: int, lease: timedelta
) -> list[DueDeadline]:
    moment = to_epoch(now)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_CLAIM:
        raise InvalidValue(f"limit is a whole number from 1 to {MAX_CLAIM}, not {limit!r}")
    if not isinstance(lease, timedelta) or lease.total_seconds() < 1:
        raise InvalidValue(f"lease is a timedelta of at least a second, not {lease!r}")
    async with db.transaction("claiming due turn deadlines") as tx:
        rows = await tx.fetchall(
            "SELECT game_id, seat, turn_deadline FROM seats AS s WHERE turn_deadline <= ? "
            "AND EXISTS (SELECT 1 FROM games WHERE id = s.game_id AND status = 'active') "
            f"ORDER BY turn_deadline, game_id, seat LIMIT ?{db.dialect.skip_locked}",
            (moment, limit),
        )
        until = moment + int(lease.total_seconds())
        await tx.executemany(
            "UPDATE seats SET turn_deadline = ? WHERE game_id = ? AND seat = ?",
            [(until, game_id, seat) for game_id, seat, _ in rows],
        )
        owed: list[tuple[int, None, int]] = []
        if len(rows) < limit:
            games = await tx.fetchall(
                "SELECT id, progress_due FROM games WHERE progress_due <= ? "
                f"AND status = 'active' ORDER BY progress_due, id LIMIT ?{db.dialect.skip_locked}",
                (moment, limit - len(rows)),
            )
            await tx.executemany("UPDATE games SET progress_due = ? WHERE id = ?",
                                 [(until, game_id) for game_id, _ in games])
            owed = [(int(game_id), None, int(due)) for game_id, due in games]
    claimed = []
    lease_end = from_epoch(until)
    assert lease_end is not None
    for game_id, seat, due in [*rows, *owed]:
        moment_due = from_epoch(int(due))
        assert moment_due is not None
        claimed.append(DueDeadline(int(game_id), None if seat is None else int(seat),
                                   moment_due, lease_end))
    return claimed
