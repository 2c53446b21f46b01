"""What a process that shares the database reads and writes around each step.

Another process may have moved a game on since this one last saw it: before a step,
the cached game catches up with one snapshot — the game's row, its seats and the
moves from the cached count on. After a step, the deadlines of the seats the game
now waits for are written in one transaction, and the game's owed progress is
cleared with them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, cast

from bot.storage.backend import Backend
from bot.storage.codec import decode_action
from bot.storage.errors import GameNotFound, InvalidValue
from bot.storage.loading import SEAT_COLUMNS, stored_seat
from bot.storage.models import GameStatus, StoredSeat
from bot.storage.values import check_id, check_seat_index, to_optional_epoch
from engine import Bid, Play


@dataclass(frozen=True, slots=True)
class GameChanges:
    """A game as stored now, with the moves from a given count on."""

    status: GameStatus
    thread_id: int | None
    lobby_message_id: int | None
    table_message_id: int | None
    turn_timeout: int
    bot_state: Mapping[str, Any]
    seats: tuple[StoredSeat, ...]
    actions: tuple[Bid | Play, ...]
    """The stored player actions from number ``since`` on."""
    actions_saved: int
    """How many player actions the log holds: fewer than ``since`` when a copy is
    ahead of it (the database was restored, or failed over and lost the last moves)."""


async def load_game_changes(db: Backend, game_id: int, since: int) -> GameChanges:
    check_id("game_id", game_id)
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise InvalidValue(f"since is a whole number from 0, not {since!r}")
    async with db.snapshot("reading a game's changes") as tx:
        row = await tx.fetchone(
            "SELECT status, thread_id, lobby_message_id, table_message_id, turn_timeout, "
            "bot_state, (SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = games.id) "
            "FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(f"no game {game_id}")
        seats = await tx.fetchall(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        actions = await tx.fetchall(
            "SELECT action FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq",
            (game_id, since))
    status, thread_id, lobby_message_id, table_message_id, timeout, state, saved = row
    return GameChanges(
        status=cast(GameStatus, status),
        thread_id=thread_id,
        lobby_message_id=lobby_message_id,
        table_message_id=table_message_id,
        turn_timeout=int(timeout),
        bot_state=json.loads(state),
        seats=tuple(stored_seat(seat) for seat in seats),
        actions=tuple(decode_action(str(text)) for (text,) in actions),
        actions_saved=int(saved),
    )


async def set_turn_deadlines(
    db: Backend,
    game_id: int,
    deadlines: Mapping[int, datetime | None],
    progress_due: datetime | None,
) -> None:
    """Set seats' turn deadlines (``None`` clears) and the game's owed progress, at
    once: the game is never seen with neither after a step that owed both."""
    check_id("game_id", game_id)
    rows = [(to_optional_epoch(deadline), game_id, check_seat_index(seat))
            for seat, deadline in deadlines.items()]
    async with db.transaction("saving turn deadlines") as tx:
        changed = await tx.execute("UPDATE games SET progress_due = ? WHERE id = ?",
                                   (to_optional_epoch(progress_due), game_id))
        if not changed:
            raise GameNotFound(f"no game {game_id}")
        if rows:
            await tx.executemany(
                "UPDATE seats SET turn_deadline = ? WHERE game_id = ? AND seat = ?", rows)


_CHUNK: Final = 500


async def ended_among(db: Backend, game_ids: Sequence[int]) -> list[int]:
    """Those of ``game_ids`` that are no longer open (or not stored at all)."""
    wanted = sorted({check_id("game_id", game_id) for game_id in game_ids})
    still_open: set[int] = set()
    for start in range(0, len(wanted), _CHUNK):
        chunk = wanted[start:start + _CHUNK]
        marks = ", ".join("?" * len(chunk))
        rows = await db.fetchall(
            f"SELECT id FROM games WHERE id IN ({marks}) AND status IN ('lobby', 'active')",
            chunk, "finding ended games")
        still_open.update(int(row[0]) for row in rows)
    return [game_id for game_id in wanted if game_id not in still_open]
