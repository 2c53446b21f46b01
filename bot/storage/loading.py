"""Loading games back: the rows of a game, and its engine ``Game`` rebuilt by
replaying the stored moves from the seed."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Final, cast

from bot.storage.backend import Backend, Row
from bot.storage.codec import CorruptAction, decode_action
from bot.storage.errors import StorageError
from bot.storage.game_setup import OPEN_SQL
from bot.storage.models import GameStatus, StoredGame, StoredSeat
from bot.storage.values import check_id, from_epoch, game_rules_from_json
from engine import KachufulError, Rules
from engine.kinds import AnyGame, AnyRules, kind_named
from engine.shuffle import check_chance_version

_GAME_COLUMNS: Final = (
    "id, guild_id, channel_id, thread_id, host_user_id, status, rules, seed, created_at, "
    "started_at, finished_at, turn_timeout, lobby_message_id, table_message_id, bot_state, "
    "rematch_of, chance_version, game, showing_due, showing_seq"
)
SEAT_COLUMNS: Final = (
    "game_id, seat, user_id, computer_level, display_name, dms_closed, autoplay, "
    "missed_turns, left_game, dm_channel_id, dm_message_id, turn_deadline, looked_deal"
)


async def unfinished_ids(db: Backend) -> list[int]:
    """The ids of every lobby and active game, oldest first."""
    rows = await db.fetchall(f"SELECT id FROM games WHERE status IN {OPEN_SQL} ORDER BY id", (),
                             "finding the unfinished games")
    return [int(row[0]) for row in rows]


async def load_games(db: Backend, game_ids: Sequence[int] | None) -> list[StoredGame]:
    """Games by id, or every open game (``None``), rebuilt from their logs."""
    params: tuple[int, ...] = ()
    if game_ids is None:
        where = f"status IN {OPEN_SQL}"
    else:
        ids = tuple(check_id("game_id", game_id) for game_id in game_ids)
        if not ids:
            return []
        where, params = f"id IN ({', '.join('?' * len(ids))})", ids
    async with db.snapshot("loading games") as tx:
        games = await tx.fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", params
        )
        seats = await tx.fetchall(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id IN "
            f"(SELECT id FROM games WHERE {where}) ORDER BY game_id, seat",
            params,
        )
        actions = await tx.fetchall(
            "SELECT game_id, action FROM actions WHERE game_id IN "
            f"(SELECT id FROM games WHERE {where}) ORDER BY game_id, seq",
            params,
        )
    seats_of: dict[int, list[Row]] = {}
    for seat in seats:
        seats_of.setdefault(int(seat[0]), []).append(seat)
    actions_of: dict[int, list[str]] = {}
    for game_id, text in actions:
        actions_of.setdefault(int(game_id), []).append(str(text))
    return [
        _stored_game(row, seats_of.get(int(row[0]), []), actions_of.get(int(row[0]), []))
        for row in games
    ]


def stored_seat(row: Row) -> StoredSeat:
    return StoredSeat(
        seat=int(row[1]),
        user_id=row[2],
        computer_level=row[3],
        display_name=str(row[4]),
        dms_closed=bool(row[5]),
        autoplay=bool(row[6]),
        missed_turns=int(row[7]),
        left_game=bool(row[8]),
        dm_channel_id=row[9],
        dm_message_id=row[10],
        turn_deadline=from_epoch(row[11]),
        looked_deal=None if row[12] is None else int(row[12]),
    )


def _stored_game(row: Row, seat_rows: list[Row], texts: list[str]) -> StoredGame:
    game_id, guild_id, channel_id, thread_id, host, status, rules_json, seed_hex = row[:8]
    created, started, finished, timeout, lobby_msg, table_msg, state, rematch_of = row[8:16]
    chance_version, game_name, showing_due, showing_seq = int(row[16]), str(row[17]), *row[18:20]
    seats = tuple(stored_seat(seat) for seat in seat_rows)
    seed = bytes.fromhex(seed_hex)
    rules: AnyRules = Rules()
    game: AnyGame | None = None
    error: str | None = None
    try:
        rules = game_rules_from_json(rules_json, game_name)
        # A lobby can't be dealt under an unknown version either, so it is checked too.
        check_chance_version(chance_version)
        if status != "lobby":
            actions = [decode_action(text) for text in texts]
            names = [seat.display_name for seat in seats]
            game = kind_named(game_name).replay(rules, names, seed, actions, chance_version)
    except (KachufulError, CorruptAction, ValueError) as exc:
        error = f"game {game_id} can't be rebuilt from its record: {exc}"
    return StoredGame(
        game_id=int(game_id),
        guild_id=int(guild_id),
        channel_id=int(channel_id),
        thread_id=thread_id,
        host_user_id=host,
        status=cast(GameStatus, status),
        rules=rules,
        seed=seed,
        chance_version=chance_version,
        created_at=_required_time(created),
        started_at=from_epoch(started),
        finished_at=from_epoch(finished),
        turn_timeout=int(timeout),
        lobby_message_id=lobby_msg,
        table_message_id=table_msg,
        bot_state=json.loads(state),
        rematch_of=rematch_of,
        seats=seats,
        actions_saved=len(texts),
        game=game,
        replay_error=error,
        showing_due=from_epoch(showing_due),
        showing_seq=None if showing_seq is None else int(showing_seq),
    )


def _required_time(seconds: int) -> datetime:
    moment = from_epoch(seconds)
    if moment is None:
        raise StorageError("a game without a creation time")
    return moment
