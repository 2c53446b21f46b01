"""Bulk-loading finished games into a new PostgreSQL database (the benchmark's 100,000
games): the rows :func:`bench.bulk_history.build_rows` makes for SQLite, sent with COPY.

COPY can't add to a running total, so the per-player totals are summed here first —
the sums ``finish_game``'s upsert would reach — and the database must hold no games
yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import asyncpg

from bench.bulk_history import BulkRows, PastGame, build_rows
from bot.storage.errors import StorageError
from bot.storage.postgres.errors import DRIVER_ERRORS, redact, translate

_GAME_COLUMNS: Final = (
    "id", "guild_id", "channel_id", "rules", "seed", "chance_version", "created_at",
    "started_at", "finished_at", "turn_timeout", "rating_seq", "status",
)  # fmt: skip
_SEAT_COLUMNS: Final = ("game_id", "seat", "user_id", "computer_level", "display_name")
_RESULT_COLUMNS: Final = (
    "game_id", "seat", "guild_id", "finished_at", "user_id", "total", "place", "won",
    "shared_win", "deals_played", "bids_hit", "zero_bids", "zero_hits", "hooked",
    "rating_mu", "rating_sigma", "rating_before", "game", "high_bids", "high_hits",
)  # fmt: skip
_TOTAL_COLUMNS: Final = (
    "guild_id", "user_id", "display_name", "last_played", "games", "wins", "shared_wins",
    "points", "best", "deals", "hits", "zero_bids", "zero_hits", "hooked", "game",
)  # fmt: skip
_HAND_COLUMNS: Final = ("user_id", "guild_id", "hand_size", "deals", "hits")


def summed_totals(rows: BulkRows) -> list[tuple[Any, ...]]:
    """One ``player_totals`` row per (server, player), as the upserts would leave it."""
    totals: dict[tuple[int, int, str], list[Any]] = {}
    for guild, user, name, played, won, shared, points, best, *counts, game in rows.totals:
        row = totals.get((guild, user, game))  # each game has totals of its own
        if row is None:
            totals[(guild, user, game)] = [guild, user, name, played, 1, won, shared, points,
                                           best, *counts, game]  # fmt: skip
            continue
        if played >= row[3]:
            row[2], row[3] = name, played
        row[4] += 1
        row[5] += won
        row[6] += shared
        row[7] += points
        row[8] = max(row[8], best)
        for index, count in enumerate(counts, start=9):
            row[index] += count  # the game, last, is the key's and stays
    return [tuple(row) for row in totals.values()]


async def bulk_load_finished_games_postgres(url: str, games: Iterable[PastGame]) -> int:
    """Load finished games into a migrated database with no games; all or nothing."""
    where = redact(url)
    try:
        conn = await asyncpg.connect(url)
    except DRIVER_ERRORS as exc:
        raise translate(exc, where, "connecting to bulk-load") from exc
    try:
        if await conn.fetchval("SELECT to_regclass('games')") is None:
            raise StorageError(f"{where} has no schema yet: connect with Storage first")
        if await conn.fetchval("SELECT EXISTS (SELECT 1 FROM games)"):
            raise StorageError(f"{where} already has games: bulk-load into a new database")
        rows = build_rows(games, 1)
        async with conn.transaction():
            await conn.copy_records_to_table(
                "games",
                records=[(*row, "finished") for row in rows.games],
                columns=_GAME_COLUMNS,
            )
            await conn.copy_records_to_table("seats", records=rows.seats, columns=_SEAT_COLUMNS)
            await conn.copy_records_to_table(
                "results", records=rows.results, columns=_RESULT_COLUMNS
            )
            await conn.copy_records_to_table(
                "player_totals", records=summed_totals(rows), columns=_TOTAL_COLUMNS
            )
            await conn.copy_records_to_table(
                "hand_accuracy", records=rows.hands, columns=_HAND_COLUMNS
            )
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), $1 + 1, false)",
                len(rows.games),
            )
        await conn.execute("ANALYZE")
        return len(rows.games)
    except DRIVER_ERRORS as exc:
        raise translate(exc, where, "bulk-loading games") from exc
    finally:
        await conn.close()
