"""Due turn deadlines (and owed progress) claimed by one of several bot processes.

A deadline is claimed, not just read: each one goes to one process, which then has
a lease on it; if that process dies, the deadline falls due again when the lease
ends. (A move's own exclusion — the game's lock and catching up — is in
:mod:`bot.storage.game_changes` and each backend's ``game_lock``.)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from bot.storage.backend import Backend
from bot.storage.errors import InvalidValue
from bot.storage.values import from_epoch, to_epoch

DEFAULT_CLAIM_LEASE: Final = timedelta(seconds=30)
"""How long a claimed deadline is left to its claimer before it falls due again."""
MAX_CLAIM: Final = 1_000


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
    showing: bool = False
    """(``seat`` None) the game owes the showing of a step: the process that saved it
    died before its delivery reported it shown. The game may be finished: its end is
    shown again."""
    showing_seq: int | None = None
    """(``seat`` None) the player actions saved by the step whose showing the game owes
    as claimed, due or not (0: its start); ``None``: it owes none."""


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
        # Games owing progress, then showings: (id, due, the owed showing's step).
        owed: list[tuple[int, int, int | None]] = []
        if len(rows) < limit:
            games = await tx.fetchall(
                "SELECT id, progress_due, showing_seq FROM games WHERE progress_due <= ? "
                f"AND status = 'active' ORDER BY progress_due, id LIMIT ?{db.dialect.skip_locked}",
                (moment, limit - len(rows)),
            )
            await tx.executemany("UPDATE games SET progress_due = ? WHERE id = ?",
                                 [(until, game_id) for game_id, _, _ in games])
            owed = [(int(game_id), int(due), seq) for game_id, due, seq in games]
        showings: list[tuple[int, int, int | None]] = []
        if len(rows) + len(owed) < limit:
            # A finished game owes the showing of its end like any step.
            games = await tx.fetchall(
                "SELECT id, showing_due, showing_seq FROM games WHERE showing_due <= ? "
                "AND status IN ('active', 'finished') "
                f"ORDER BY showing_due, id LIMIT ?{db.dialect.skip_locked}",
                (moment, limit - len(rows) - len(owed)),
            )
            await tx.executemany("UPDATE games SET showing_due = ? WHERE id = ?",
                                 [(until, game_id) for game_id, _, _ in games])
            showings = [(int(game_id), int(due), seq) for game_id, due, seq in games]
    claimed = []
    lease_end = from_epoch(until)
    assert lease_end is not None
    for game_id, seat, due in rows:
        moment_due = from_epoch(int(due))
        assert moment_due is not None
        claimed.append(DueDeadline(int(game_id), int(seat), moment_due, lease_end))
    for showing, games_owing in ((False, owed), (True, showings)):
        for game_id, due, seq in games_owing:
            moment_due = from_epoch(due)
            assert moment_due is not None
            claimed.append(DueDeadline(game_id, None, moment_due, lease_end, showing=showing,
                                       showing_seq=None if seq is None else int(seq)))
    return claimed


async def ended_owing_showing(db: Backend) -> list[int]:
    """Finished games whose end was never reported shown, oldest first."""
    rows = await db.fetchall(
        "SELECT id FROM games WHERE showing_due IS NOT NULL AND status = 'finished' "
        "ORDER BY id", (), "finding the finished games owing their showing")
    return [int(row[0]) for row in rows]
