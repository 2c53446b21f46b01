"""Bulk-loading finished games without their move logs, in one transaction.

For the storage benchmark (a database of 100,000 games built in seconds) and for
importing results kept elsewhere. It writes the same rows as ``finish_game`` — the
same INSERT statements — but with plain ``sqlite3`` and ``executemany``, because
it runs once, offline, on a database no bot has open.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from bot.storage.ending import (
    ADD_HAND_ACCURACY,
    ADD_PLAYER_TOTALS,
    INSERT_RESULT,
    hand_accuracy_rows,
    player_totals_rows,
    result_rows,
)
from bot.storage.errors import StorageError, translate
from bot.storage.migrations import load_migrations
from bot.storage.summary import SeatResult
from bot.storage.values import (
    check_chance_version,
    check_id,
    check_name,
    check_turn_timeout,
    rules_to_json,
    seed_to_hex,
    to_epoch,
)
from engine import CHANCE_VERSION, Rules

INSERT_GAME = (
    "INSERT INTO games (id, guild_id, channel_id, rules, seed, chance_version, status, "
    "created_at, started_at, finished_at, turn_timeout, rating_seq) "
    "VALUES (?, ?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?)"
)
INSERT_SEAT = (
    "INSERT INTO seats (game_id, seat, user_id, computer_level, display_name) "
    "VALUES (?, ?, ?, ?, ?)"
)


@dataclass(frozen=True, slots=True)
class PastSeat:
    """A seat of a finished game: a human (``user_id``) or a computer (``computer_level``)."""

    display_name: str
    user_id: int | None
    computer_level: str | None
    result: SeatResult


@dataclass(frozen=True, slots=True)
class PastGame:
    guild_id: int
    channel_id: int
    rules: Rules
    seed: bytes
    started_at: datetime
    finished_at: datetime
    seats: tuple[PastSeat, ...]
    turn_timeout: int = 300
    chance_version: int = CHANCE_VERSION


def bulk_load_finished_games(path: Path, games: Iterable[PastGame]) -> int:
    """Append finished games to a database already at the latest schema (open it once
    with ``Storage.open`` first). All or nothing; returns the number of games."""
    latest = load_migrations()[-1].version
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version != latest:
            raise StorageError(f"{path} is at schema {version}, not {latest}: open it first")
        conn.execute("PRAGMA foreign_keys = ON")
        # Index pages are hit in random order: a big page cache saves re-reading them.
        conn.execute("PRAGMA cache_size = -262144")
        conn.execute("BEGIN IMMEDIATE")
        try:
            count = _load(conn, games)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return count
    except sqlite3.Error as exc:
        raise translate(exc, path, "bulk-loading games") from exc
    finally:
        conn.close()


@dataclass(slots=True)
class BulkRows:
    """The rows of finished games, as ``finish_game`` would write them."""

    games: list[tuple[Any, ...]]
    seats: list[tuple[Any, ...]]
    results: list[tuple[Any, ...]]
    totals: list[tuple[Any, ...]]
    """One row per human per game, for :data:`ADD_PLAYER_TOTALS`."""
    hands: list[tuple[int, int, int, int, int]]
    """Summed per (player, server, hand size), for :data:`ADD_HAND_ACCURACY`."""


def build_rows(
    games: Iterable[PastGame], next_id: int, last_rated: Mapping[int, int] | None = None
) -> BulkRows:
    """Checked rows for both backends' loaders; game ids from ``next_id``.

    Games take their servers' rating order in the order given, after ``last_rated``
    (server → last rating order stored); they are rated afterwards by a rebuild
    (``Storage.rebuild_ratings``), as finishing them one by one would have."""
    rows = BulkRows([], [], [], [], [])
    rating_seq = dict(last_rated or {})
    hands: dict[tuple[int, int, int], list[int]] = {}
    rules_json: dict[Rules, str] = {}
    for game_id, game in enumerate(games, start=next_id):
        guild = check_id("guild_id", game.guild_id)
        started, finished = to_epoch(game.started_at), to_epoch(game.finished_at)
        rating_seq[guild] = rating_seq.get(guild, 0) + 1
        if game.rules not in rules_json:
            rules_json[game.rules] = rules_to_json(game.rules)
        rows.games.append(
            (
                game_id,
                guild,
                check_id("channel_id", game.channel_id),
                rules_json[game.rules],
                seed_to_hex(game.seed),
                check_chance_version(game.chance_version),
                started,
                started,
                finished,
                check_turn_timeout(game.turn_timeout),
                rating_seq[guild],
            )
        )
        users = {}
        for index, seat in enumerate(game.seats):
            name = check_name(seat.display_name)
            rows.seats.append((game_id, index, seat.user_id, seat.computer_level, name))
            users[index] = (seat.user_id, name)
        seat_results = [seat.result for seat in game.seats]
        rows.results.extend(result_rows(game_id, guild, finished, seat_results, users))
        rows.totals.extend(player_totals_rows(guild, finished, seat_results, users))
        # Counters are summed here first: one row per (player, server, hand size).
        for user, _, size, dealt, hit in hand_accuracy_rows(guild, seat_results, users):
            tally = hands.setdefault((user, guild, size), [0, 0])
            tally[0] += dealt
            tally[1] += hit
    rows.hands = [
        (user, guild, size, dealt, hit) for (user, guild, size), (dealt, hit) in hands.items()
    ]
    return rows


def _load(conn: sqlite3.Connection, games: Iterable[PastGame]) -> int:
    next_id = int(conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM games").fetchone()[0])
    last_rated = dict(conn.execute(
        "SELECT guild_id, MAX(rating_seq) FROM games WHERE rating_seq IS NOT NULL GROUP BY guild_id"
    ).fetchall())
    rows = build_rows(games, next_id, last_rated)
    conn.executemany(INSERT_GAME, rows.games)
    conn.executemany(INSERT_SEAT, rows.seats)
    conn.executemany(INSERT_RESULT, rows.results)
    conn.executemany(ADD_PLAYER_TOTALS, rows.totals)
    conn.executemany(ADD_HAND_ACCURACY, rows.hands)
    return len(rows.games)
