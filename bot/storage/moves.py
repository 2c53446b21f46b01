"""During a game: saving each move, and the Discord ids and flags the bot keeps.

A move is committed before the bot shows anything about it, so the log on disk is
never behind what players saw. ``seq`` numbers player actions from 0 without gaps;
the database refuses a move out of order or for a game that is not running.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from enum import Enum
from typing import Any, Final

from bot.storage.backend import Backend, Dialect, Tx
from bot.storage.codec import encode_action
from bot.storage.errors import GameNotFound, GameStateConflict, InvalidValue
from bot.storage.values import (
    check_flag,
    check_id,
    check_name,
    check_optional_id,
    check_seat_index,
    check_turn_timeout,
    to_epoch,
    to_optional_epoch,
)
from engine import Bid, Play


class Unset(Enum):
    """Marks an argument that was not given (``None`` means "clear this value")."""

    UNSET = "unset"


UNSET: Final = Unset.UNSET

# Saved only in order and while the game runs. The share lock makes a move wait for a
# finish or cancel in progress (and then see the game ended); two processes saving the
# same seq at once: one row lands, the other statement inserts nothing.
_APPEND_ACTION: Final = """
INSERT INTO actions (game_id, seq, action)
SELECT CAST(:game AS BIGINT), CAST(:seq AS INTEGER), CAST(:action AS TEXT)
WHERE EXISTS (SELECT 1 FROM games WHERE id = :game AND status = 'active'{share})
  AND :seq = (SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = :game)
ON CONFLICT DO NOTHING
"""


def _state_json(state: Mapping[str, Any]) -> str:
    try:
        return json.dumps(dict(state), separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InvalidValue(f"bot_state must be a JSON object: {exc}") from None


async def append_action(
    db: Backend,
    game_id: int,
    seq: int,
    action: Bid | Play,
    deadlines: Mapping[int, datetime | None] | None,
    progress_due: datetime | Unset | None = UNSET,
    seat_flags: Mapping[str, Any] | None = None,
    showing_due: datetime | None = None,
) -> None:
    """``seat_flags``: columns of the mover's seat (from :func:`seat_changes`);
    ``showing_due``: the step owes its showing (see :func:`clear_showing_due`)."""
    statement, params, updates = _append_statement(db.dialect, game_id, seq, action, deadlines)
    game_changes: dict[str, Any] = {}
    if not isinstance(progress_due, Unset):
        game_changes["progress_due"] = to_optional_epoch(progress_due)
    if showing_due is not None:
        game_changes |= {"showing_due": to_optional_epoch(showing_due), "showing_seq": seq + 1}
    if updates is None and not game_changes and not seat_flags:
        saved = await db.write(statement, params, "saving a move")
    else:
        async with db.transaction("saving a move") as tx:
            saved = await _append_in(tx, statement, params, updates or [], game_changes)
            if saved and seat_flags:
                columns = ", ".join(f"{column} = ?" for column in seat_flags)
                await tx.execute(
                    f"UPDATE seats SET {columns} WHERE game_id = ? AND seat = ?",
                    (*seat_flags.values(), game_id, action.seat))
    if not saved:
        async with db.snapshot("checking a refused move") as tx:
            await _explain_refused_action(tx, game_id, seq)


def _append_statement(
    dialect: Dialect,
    game_id: int,
    seq: int,
    action: Bid | Play,
    deadlines: Mapping[int, datetime | None] | None,
) -> tuple[str, dict[str, Any], list[tuple[int | None, int, int]] | None]:
    """The checked append, its parameters, and the deadline updates (None: none)."""
    check_id("game_id", game_id)
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise InvalidValue(f"seq is a whole number from 0, not {seq!r}")
    params = {"game": game_id, "seq": seq, "action": encode_action(action)}
    updates = None
    if deadlines is not None:
        updates = [
            (to_optional_epoch(deadline), game_id, check_seat_index(seat))
            for seat, deadline in deadlines.items()
        ]
    return _APPEND_ACTION.format(share=dialect.lock_for_share), params, updates


async def _append_in(
    tx: Tx,
    statement: str,
    params: dict[str, Any],
    updates: list[tuple[int | None, int, int]],
    game_changes: Mapping[str, Any],
) -> int:
    """``game_changes``: columns of the game's row (owed progress and showing), fixed
    by the caller."""
    saved = await tx.execute(statement, params)
    if saved and updates:
        await tx.executemany(
            "UPDATE seats SET turn_deadline = ? WHERE game_id = ? AND seat = ?", updates
        )
    if saved and game_changes:
        columns = ", ".join(f"{column} = ?" for column in game_changes)
        await tx.execute(f"UPDATE games SET {columns} WHERE id = ?",
                         (*game_changes.values(), params["game"]))
    return saved


async def clear_showing_due(db: Backend, game_id: int, shown: int) -> bool:
    """The delivery showed a step that had saved ``shown`` player actions: the mark
    of that step (or an earlier one) is cleared; a later step's mark stays. Whether
    a mark was cleared."""
    check_id("game_id", game_id)
    if isinstance(shown, bool) or not isinstance(shown, int) or shown < 0:
        raise InvalidValue(f"shown is a whole number from 0, not {shown!r}")
    changed = await db.write(
        "UPDATE games SET showing_due = NULL, showing_seq = NULL "
        "WHERE id = ? AND showing_due IS NOT NULL AND showing_seq <= ?",
        (game_id, shown), "clearing an owed showing")
    return changed > 0


RENEW_BATCH: Final = 400
"""Marks renewed per statement (two parameters each, under SQLite's limit)."""


async def renew_showing_due(db: Backend, owed: Mapping[int, int], until: datetime) -> int:
    """The delivery of these steps (game id → player actions the step had saved) is
    still under way in a live process: their marks are moved on to ``until``, each one
    only while it is that step's or an earlier one's (as :func:`clear_showing_due`
    would clear it) and never back. How many marks were moved."""
    moment = to_epoch(until)
    pairs: list[tuple[int, int]] = []
    for game_id, shown in sorted(owed.items()):
        check_id("game_id", game_id)
        if isinstance(shown, bool) or not isinstance(shown, int) or shown < 0:
            raise InvalidValue(f"shown is a whole number from 0, not {shown!r}")
        pairs.append((game_id, shown))
    renewed = 0
    for start in range(0, len(pairs), RENEW_BATCH):
        batch = pairs[start:start + RENEW_BATCH]
        steps = " OR ".join(["(id = ? AND showing_seq <= ?)"] * len(batch))
        renewed += await db.write(
            "UPDATE games SET showing_due = ? WHERE showing_due IS NOT NULL "
            f"AND showing_due < ? AND ({steps})",
            (moment, moment, *(value for pair in batch for value in pair)),
            "renewing owed showings")
    return renewed


async def _explain_refused_action(tx: Tx, game_id: int, seq: int) -> None:
    row = await tx.fetchone(
        "SELECT status, (SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = games.id) "
        "FROM games WHERE id = ?",
        (game_id,),
    )
    if row is None:
        raise GameNotFound(f"no game {game_id}")
    status, expected = row
    if status != "active":
        raise GameStateConflict(
            f"game {game_id} is {status}: moves are only saved while it is active",
            code="game_not_running",
        )
    raise GameStateConflict(
        f"game {game_id}: move {seq} is out of order, the next to save is {expected}",
        code="move_out_of_date",
    )


async def update_game(db: Backend, game_id: int, changes: Mapping[str, Any]) -> None:
    """Set columns of a game; ``changes`` keys are column names fixed by the caller."""
    check_id("game_id", game_id)
    if not changes:
        return
    columns = ", ".join(f"{column} = ?" for column in changes)
    count = await db.write(
        f"UPDATE games SET {columns} WHERE id = ?",
        (*changes.values(), game_id),
        "updating a game",
    )
    if not count:
        raise GameNotFound(f"no game {game_id}")


def game_row_changes(
    *,
    thread_id: int | Unset | None,
    lobby_message_id: int | Unset | None,
    table_message_id: int | Unset | None,
    turn_timeout: int | Unset,
    bot_state: Mapping[str, Any] | Unset,
) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    for column, value in (
        ("thread_id", thread_id),
        ("lobby_message_id", lobby_message_id),
        ("table_message_id", table_message_id),
    ):
        if not isinstance(value, Unset):
            changes[column] = check_optional_id(column, value)
    if not isinstance(turn_timeout, Unset):
        changes["turn_timeout"] = check_turn_timeout(turn_timeout)
    if not isinstance(bot_state, Unset):
        changes["bot_state"] = _state_json(bot_state)
    return changes


def seat_row_changes(
    *,
    display_name: str | Unset,
    computer_level: str | Unset | None,
    dms_closed: bool | Unset,
    autoplay: bool | Unset,
    missed_turns: int | Unset,
    left_game: bool | Unset,
    dm_channel_id: int | Unset | None,
    dm_message_id: int | Unset | None,
    turn_deadline: datetime | Unset | None,
    looked_deal: int | Unset | None = UNSET,
) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    if not isinstance(looked_deal, Unset):
        if looked_deal is not None and (
            isinstance(looked_deal, bool) or not isinstance(looked_deal, int) or looked_deal < 1
        ):
            raise InvalidValue(f"looked_deal is a deal number from 1 or None, not {looked_deal!r}")
        changes["looked_deal"] = looked_deal
    if not isinstance(display_name, Unset):
        changes["display_name"] = check_name(display_name)
    if not isinstance(computer_level, Unset):
        if computer_level is not None and (
            not isinstance(computer_level, str) or not computer_level.strip()
        ):
            raise InvalidValue("a computer level is a non-empty name or None")
        changes["computer_level"] = computer_level
    for column, flag in (
        ("dms_closed", dms_closed),
        ("autoplay", autoplay),
        ("left_game", left_game),
    ):
        if not isinstance(flag, Unset):
            changes[column] = check_flag(column, flag)
    if not isinstance(missed_turns, Unset):
        if isinstance(missed_turns, bool) or not isinstance(missed_turns, int) or missed_turns < 0:
            raise InvalidValue(f"missed_turns is a whole number from 0, not {missed_turns!r}")
        changes["missed_turns"] = missed_turns
    for column, value in (("dm_channel_id", dm_channel_id), ("dm_message_id", dm_message_id)):
        if not isinstance(value, Unset):
            changes[column] = check_optional_id(column, value)
    if not isinstance(turn_deadline, Unset):
        changes["turn_deadline"] = to_optional_epoch(turn_deadline)
    return changes


async def update_seat(db: Backend, game_id: int, seat: int, changes: Mapping[str, Any]) -> None:
    """Set columns of a seat; ``changes`` keys are column names fixed by the caller."""
    check_id("game_id", game_id)
    check_seat_index(seat)
    if not changes:
        return
    columns = ", ".join(f"{column} = ?" for column in changes)
    count = await db.write(
        f"UPDATE seats SET {columns} WHERE game_id = ? AND seat = ?",
        (*changes.values(), game_id, seat),
        "updating a seat",
    )
    if not count:
        raise GameNotFound(f"game {game_id} has no seat {seat}")
