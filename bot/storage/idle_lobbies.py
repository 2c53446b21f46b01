"""Open lobbies that close themselves for want of use, on a shared database.

A lobby's idle moment is stored with it — set when it opens, moved on by every change
in the change's own transaction (``game_setup``) — so any process closes it, not only
one that has it loaded, which may have died. A due lobby is claimed as a turn deadline
is (``FOR UPDATE SKIP LOCKED``, a lease), and closed only if nobody changed it since
the claim."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.storage.backend import Backend
from bot.storage.due_claims import MAX_CLAIM
from bot.storage.errors import InvalidValue
from bot.storage.values import check_id, from_epoch, now_or, to_epoch


async def claim_idle_lobbies(
    db: Backend, now: datetime, limit: int, lease: timedelta
) -> list[tuple[int, datetime]]:
    """Lobbies idle at ``now``, each claimed by this call alone: (game id, the idle
    moment the claim stored — still there when the claimer closes it, nobody used
    the lobby since)."""
    moment = to_epoch(now)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_CLAIM:
        raise InvalidValue(f"limit is a whole number from 1 to {MAX_CLAIM}, not {limit!r}")
    if not isinstance(lease, timedelta) or lease.total_seconds() < 1:
        raise InvalidValue(f"lease is a timedelta of at least a second, not {lease!r}")
    until = moment + int(lease.total_seconds())
    async with db.transaction("claiming idle lobbies") as tx:
        rows = await tx.fetchall(
            "SELECT id FROM games WHERE idle_due <= ? AND status = 'lobby' "
            f"ORDER BY idle_due, id LIMIT ?{db.dialect.skip_locked}", (moment, limit))
        await tx.executemany("UPDATE games SET idle_due = ? WHERE id = ?",
                             [(until, game_id) for (game_id,) in rows])
    claimed_until = from_epoch(until)
    assert claimed_until is not None
    return [(int(game_id), claimed_until) for (game_id,) in rows]


async def close_idle_lobby(
    db: Backend, game_id: int, claimed_until: datetime, now: datetime | None
) -> bool:
    """Cancel a claimed idle lobby, unless it was used or started since the claim."""
    check_id("game_id", game_id)
    changed = await db.write(
        "UPDATE games SET status = 'cancelled', finished_at = ?, idle_due = NULL "
        "WHERE id = ? AND status = 'lobby' AND idle_due = ?",
        (now_or(now), game_id, to_epoch(claimed_until)), "closing an idle lobby")
    return bool(changed)
