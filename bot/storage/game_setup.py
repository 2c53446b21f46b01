"""The rows a lobby writes: opening a game, taking and leaving seats, starting; finding
open games.

The database itself keeps one open game per channel; storage also keeps a player in
at most one open game at a time (so a DM is never ambiguous) until they leave it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from bot.storage.backend import Backend, Tx
from bot.storage.errors import GameNotFound, GameStateConflict, InvalidValue
from bot.storage.models import NewSeat
from bot.storage.values import (
    check_chance_version,
    check_id,
    check_optional_id,
    check_seat_index,
    check_turn_timeout,
    game_rules_from_json,
    now_or,
    rules_to_json,
    seed_to_hex,
    to_epoch,
    to_optional_epoch,
)
from engine import KachufulError
from engine.kinds import AnyRules, kind_of

OPEN_SQL: Final = "('lobby', 'active')"
"""The statuses of a game that is not over, as an SQL list."""

_INSERT_SEAT: Final = (
    "INSERT INTO seats (game_id, seat, user_id, computer_level, display_name) "
    "VALUES (?, ?, ?, ?, ?)"
)
_USER_OPEN_GAME: Final = f"""
SELECT s.game_id FROM seats AS s JOIN games AS g ON g.id = s.game_id
WHERE s.user_id = ? AND s.left_game = 0 AND g.status IN {OPEN_SQL}
ORDER BY s.game_id LIMIT 1
"""


def _seat_row(game_id: int, index: int, seat: NewSeat) -> tuple[Any, ...]:
    if not isinstance(seat, NewSeat):
        raise InvalidValue(f"a seat is a NewSeat, not {seat!r}")
    return (game_id, index, seat.user_id, seat.computer_level, seat.display_name)


async def create_game(
    db: Backend,
    *,
    guild_id: int,
    channel_id: int,
    rules: AnyRules,
    seed: bytes | int | str,
    turn_timeout: int,
    host_user_id: int | None,
    seats: Sequence[NewSeat],
    thread_id: int | None,
    rematch_of: int | None,
    now: datetime | None,
    chance_version: int,
    idle_due: datetime | None = None,
) -> int:
    values = (
        check_id("guild_id", guild_id),
        check_id("channel_id", channel_id),
        check_optional_id("thread_id", thread_id),
        check_optional_id("host_user_id", host_user_id),
        rules_to_json(rules),
        seed_to_hex(seed),
        check_chance_version(chance_version),
        now_or(now),
        check_turn_timeout(turn_timeout),
        check_optional_id("rematch_of", rematch_of),
        kind_of(rules).name,
        to_optional_epoch(idle_due),
    )
    seats = tuple(seats)
    _check_seat_count(rules, len(seats))
    async with db.transaction("creating a game") as tx:
        existing = await open_game_in_channel_tx(tx, channel_id)
        if existing is not None:
            raise GameStateConflict(
                f"channel {channel_id} already has open game {existing}",
                code="game_open_here",
            )
        row = await tx.fetchone(
            "INSERT INTO games (guild_id, channel_id, thread_id, host_user_id, rules, seed, "
            "chance_version, created_at, turn_timeout, rematch_of, game, idle_due) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            values,
        )
        assert row is not None
        game_id = int(row[0])
        _check_distinct_users(seats)
        await _check_users_free(db, tx, seats)
        await tx.executemany(
            _INSERT_SEAT, [_seat_row(game_id, i, seat) for i, seat in enumerate(seats)]
        )
    return game_id


def _check_seat_count(rules: AnyRules, count: int) -> None:
    if count > rules.max_players():
        raise GameStateConflict(
            f"these rules seat at most {rules.max_players()} players",
            code="table_full", seats=rules.max_players(),
        )


def _check_distinct_users(seats: Sequence[NewSeat]) -> None:
    users = [seat.user_id for seat in seats if seat.user_id is not None]
    if len(users) != len(set(users)):
        raise _seated_twice()


def _seated_twice() -> GameStateConflict:
    return GameStateConflict(
        "a player can't take two seats in one game",
        code="already_seated",
    )


async def _check_users_free(db: Backend, tx: Tx, seats: Sequence[NewSeat]) -> None:
    """Refuse a person already seated in an open game. Each person is held first (in
    order of id: no two transactions wait for each other), so two lobbies seating one
    person at once cannot both find them free."""
    users = sorted({seat.user_id for seat in seats if seat.user_id is not None})
    for user_id in users:
        if db.dialect.lock_user:
            await tx.execute(db.dialect.lock_user, (user_id,))
        row = await tx.fetchone(_USER_OPEN_GAME, (user_id,))
        if row is not None:
            raise GameStateConflict(
                f"user {user_id} is already seated in open game {row[0]}",
                code="seated_elsewhere",
            )


async def _lobby_rules(
    db: Backend, tx: Tx, game_id: int, idle_due: datetime | None = None
) -> AnyRules:
    """The lobby's rules, its game row locked until the transaction ends; with
    ``idle_due``, the lobby is used now and closes itself at that moment unless used
    again (in the same transaction as the use, so no idle claim closes it meanwhile)."""
    row = await tx.fetchone(
        f"SELECT status, rules, game FROM games WHERE id = ?{db.dialect.lock_for_update}",
        (game_id,),
    )
    if row is None:
        raise GameNotFound(f"no game {game_id}")
    if row[0] != "lobby":
        raise GameStateConflict(
            f"game {game_id} is {row[0]}, not in its lobby",
            code="game_started",
        )
    if idle_due is not None:
        await tx.execute("UPDATE games SET idle_due = ? WHERE id = ?",
                         (to_epoch(idle_due), game_id))
    return game_rules_from_json(row[1], row[2])


async def add_seat(
    db: Backend, game_id: int, seat: NewSeat, idle_due: datetime | None = None
) -> int:
    check_id("game_id", game_id)
    if not isinstance(seat, NewSeat):
        raise InvalidValue(f"a seat is a NewSeat, not {seat!r}")
    async with db.transaction("adding a seat") as tx:
        rules = await _lobby_rules(db, tx, game_id, idle_due)
        rows = await tx.fetchall(
            "SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        if seat.user_id is not None and any(row[0] == seat.user_id for row in rows):
            raise _seated_twice()
        _check_seat_count(rules, len(rows) + 1)
        await _check_users_free(db, tx, [seat])
        index = len(rows)
        await tx.execute(_INSERT_SEAT, _seat_row(game_id, index, seat))
    return index


async def remove_seat(db: Backend, game_id: int, seat: int) -> None:
    """Take a seat out of a lobby; the seats after it move up one place."""
    check_id("game_id", game_id)
    check_seat_index(seat)
    async with db.transaction("removing a seat") as tx:
        await _lobby_rules(db, tx, game_id)
        if not await _remove_at(tx, game_id, seat):
            raise GameStateConflict(f"game {game_id} has no seat {seat}")


async def remove_player(
    db: Backend, game_id: int, user_id: int, idle_due: datetime | None = None
) -> int | None:
    """Take a person out of a lobby, wherever they sit now; the seat they left, or
    ``None`` if they hold none (a copy of the lobby that is behind never frees someone
    else's seat)."""
    check_id("game_id", game_id)
    check_id("user_id", user_id)
    return await _remove_found(
        db, game_id, "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id),
        idle_due)


async def remove_last_computer(
    db: Backend, game_id: int, idle_due: datetime | None = None
) -> int | None:
    """Take the last computer out of a lobby; its seat, or ``None`` if it has none."""
    check_id("game_id", game_id)
    return await _remove_found(
        db, game_id, "SELECT max(seat) FROM seats WHERE game_id = ? AND user_id IS NULL",
        (game_id,), idle_due)


async def _remove_found(
    db: Backend, game_id: int, find: str, params: tuple[int, ...], idle_due: datetime | None
) -> int | None:
    async with db.transaction("removing a seat") as tx:
        # Locks the game row: the seats hold still.
        await _lobby_rules(db, tx, game_id, idle_due)
        row = await tx.fetchone(find, params)
        if row is None or row[0] is None:
            return None
        seat = int(row[0])
        await _remove_at(tx, game_id, seat)
        return seat


async def _remove_at(tx: Tx, game_id: int, seat: int) -> bool:
    """Delete a seat and move the later ones up; whether there was one."""
    if not await tx.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)):
        return False
    later = await tx.fetchall(
        "SELECT seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat", (game_id, seat)
    )
    # In ascending order, so that no two seats ever share a number.
    for (index,) in later:
        await tx.execute(
            "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?",
            (index - 1, game_id, index),
        )
    return True


async def start_game(
    db: Backend, game_id: int, now: datetime | None, progress_due: datetime | None = None,
    showing_due: datetime | None = None,
) -> None:
    check_id("game_id", game_id)
    started = now_or(now)
    owed = to_optional_epoch(progress_due)
    showing = to_optional_epoch(showing_due)
    async with db.transaction("starting a game") as tx:
        rules = await _lobby_rules(db, tx, game_id)
        row = await tx.fetchone("SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))
        assert row is not None
        try:
            rules.check_players(int(row[0]))
        except KachufulError as exc:
            raise GameStateConflict(str(exc), code="cannot_start", reason=str(exc)) from None
        await tx.execute(
            "UPDATE games SET status = 'active', started_at = ?, progress_due = ?, "
            "showing_due = ?, showing_seq = 0, idle_due = NULL WHERE id = ?",
            (started, owed, showing, game_id),
        )


async def open_game_in_channel_tx(tx: Tx, channel_id: int) -> int | None:
    row = await tx.fetchone(
        f"SELECT id FROM games WHERE (channel_id = ? OR thread_id = ?) AND status IN {OPEN_SQL} "
        "ORDER BY id LIMIT 1", (channel_id, channel_id)
    )
    return None if row is None else int(row[0])


async def open_game_in_channel(db: Backend, channel_id: int) -> int | None:
    check_id("channel_id", channel_id)
    async with db.snapshot("finding a channel's game") as tx:
        return await open_game_in_channel_tx(tx, channel_id)


async def open_game_of_user(db: Backend, user_id: int) -> int | None:
    """The open game (lobby or active) where this user holds a seat, if any."""
    check_id("user_id", user_id)
    rows = await db.fetchall(_USER_OPEN_GAME, (user_id,), "finding a player's game")
    return int(rows[0][0]) if rows else None


async def last_finished_in_channel(db: Backend, channel_id: int) -> int | None:
    """The online game that finished last in a channel (or the thread it ran in)."""
    check_id("channel_id", channel_id)
    rows = await db.fetchall(
        "SELECT id FROM games WHERE (channel_id = ? OR thread_id = ?) AND status = 'finished' "
        "AND kind = 'online' ORDER BY finished_at DESC, id DESC LIMIT 1",
        (channel_id, channel_id), "finding a channel's last game")
    return int(rows[0][0]) if rows else None


async def last_finished_of_user(db: Backend, user_id: int) -> int | None:
    """The online game a person played in that finished last."""
    check_id("user_id", user_id)
    rows = await db.fetchall(
        "SELECT g.id FROM seats AS s JOIN games AS g ON g.id = s.game_id "
        "WHERE s.user_id = ? AND g.status = 'finished' AND g.kind = 'online' "
        "ORDER BY g.finished_at DESC, g.id DESC LIMIT 1",
        (user_id,), "finding a player's last game")
    return int(rows[0][0]) if rows else None
