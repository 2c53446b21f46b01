"""Ratings recomputed from the stored results, in each server's rating order.

Ratings are derived data. :func:`rebuild_ratings` rates every finished game again
with the code that rated it when it finished (:mod:`bot.storage.ratings`), compares
the outcome with what is stored — the ratings and each seat's rating, exactly — and
saves the outcome where it differs. It serves ``kachuful ratings rebuild``, the
migration that rates the games played before ratings existed, and forget-me (whose
deleted results change what the others' ratings are built from).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bot.storage.backend import Tx
from bot.storage.ratings import (
    SAVE_RATING,
    SAVE_SEAT_RATING,
    Rating,
    entries_of,
    rate,
    rating_rows,
)

MIGRATION_FILE: Final = "0008_game_kinds.sql"
"""The migration after whose SQL :func:`backfill` runs (both backends): the ratings
came with 0006, and the backfill runs the current code, which needs the tables' shape
of 0008 (ratings per game)."""
SHOWN_DIFFERENCES: Final = 5

_UNNUMBERED: Final = """
SELECT id, guild_id FROM games
WHERE status = 'finished' AND rating_seq IS NULL {scope}
ORDER BY guild_id, finished_at, id
"""
_RESULTS: Final = """
SELECT g.guild_id, g.id, r.seat, r.user_id, s.computer_level, r.place,
       r.rating_mu, r.rating_sigma, r.rating_before, g.game
FROM games AS g
JOIN results AS r ON r.game_id = g.id
JOIN seats AS s ON s.game_id = r.game_id AND s.seat = r.seat
WHERE g.status = 'finished' {scope}
ORDER BY g.guild_id, g.rating_seq, g.id, r.seat
"""

SeatValues = tuple[float | None, float | None, float | None]
"""A result row's (rating mu, rating sigma, rating before)."""
_UNRATED: Final[SeatValues] = (None, None, None)


@dataclass(slots=True)
class RebuildReport:
    servers: int = 0
    games_rated: int = 0
    people: int = 0
    computers: int = 0
    differences: int = 0
    """Ratings and seat ratings that were stored otherwise (or missing, or extra)."""
    examples: list[str] = field(default_factory=list)

    @property
    def reproduced(self) -> bool:
        return self.differences == 0

    def differ(self, what: str) -> None:
        self.differences += 1
        if len(self.examples) < SHOWN_DIFFERENCES:
            self.examples.append(what)


def _scope(column: str, guild_ids: Sequence[int] | None) -> tuple[str, tuple[int, ...]]:
    if guild_ids is None:
        return "", ()
    marks = ",".join("?" for _ in guild_ids) or "NULL"  # only '?' marks
    return f"AND {column} IN ({marks})", tuple(guild_ids)


async def number_unrated_games(tx: Tx, guild_ids: Sequence[int] | None) -> int:
    """Give finished games without a rating order one, after the numbered games of
    their server, in the order they finished (games finished before ratings existed,
    or bulk-loaded). Returns how many were numbered."""
    scope, params = _scope("guild_id", guild_ids)
    rows = await tx.fetchall(_UNNUMBERED.format(scope=scope), params)
    if not rows:
        return 0
    last = {
        int(guild): int(seq)
        for guild, seq in await tx.fetchall(
            "SELECT guild_id, MAX(rating_seq) FROM games WHERE rating_seq IS NOT NULL "
            "GROUP BY guild_id"
        )
    }
    numbers = []
    for game_id, guild in rows:
        last[int(guild)] = last.get(int(guild), 0) + 1
        numbers.append((last[int(guild)], int(game_id)))
    await tx.executemany("UPDATE games SET rating_seq = ? WHERE id = ?", numbers)
    return len(numbers)


async def rebuild_ratings(
    tx: Tx, guild_ids: Sequence[int] | None = None, *, save: bool = True
) -> RebuildReport:
    """Recompute the ratings of these servers (``None``: all) and compare them with
    the stored ones; ``save`` writes the recomputed ones where they differ."""
    await number_unrated_games(tx, guild_ids)
    scope, params = _scope("g.guild_id", guild_ids)
    rows = await tx.fetchall(_RESULTS.format(scope=scope), params)
    report = RebuildReport()
    computed: dict[tuple[int, str], dict[str, Rating]] = {}
    seat_updates: list[tuple[Any, ...]] = []
    for guild, guild_rows in itertools.groupby(rows, key=lambda row: int(row[0])):
        report.servers += 1
        for game_id, game_rows in itertools.groupby(guild_rows, key=lambda row: int(row[1])):
            seats = list(game_rows)
            # Each game (Kachuful, Call Break) has ratings of its own.
            ratings = computed.setdefault((guild, str(seats[0][9])), {})
            expected = dict.fromkeys((int(row[2]) for row in seats), _UNRATED)
            entries = entries_of([row[2:6] for row in seats])
            if entries:
                report.games_rated += 1
                updated, rated = rate(ratings, entries)
                ratings.update(updated)
                for seat in rated:
                    expected[seat.seat] = (seat.mu, seat.sigma, seat.before)
            for row in seats:
                stored: SeatValues = (row[6], row[7], row[8])
                if _floats(stored) != expected[int(row[2])]:
                    report.differ(f"server {guild}, game {game_id}, seat {row[2]}: stored "
                                  f"{_show(stored)}, recomputed {_show(expected[int(row[2])])}")
                    seat_updates.append((*expected[int(row[2])], game_id, int(row[2])))
    await _compare_ratings(tx, guild_ids, computed, report)
    for ratings in computed.values():
        report.people += sum(player.startswith("user:") for player in ratings)
        report.computers += sum(player.startswith("computer:") for player in ratings)
    if save and not report.reproduced:
        await tx.executemany(SAVE_SEAT_RATING, seat_updates)
        scope, params = _scope("guild_id", guild_ids)
        await tx.execute(f"DELETE FROM ratings WHERE TRUE {scope}", params)
        await tx.executemany(SAVE_RATING, [
            row for (guild, game), ratings in computed.items()
            for row in rating_rows(guild, ratings, game)
        ])
    return report


async def _compare_ratings(
    tx: Tx, guild_ids: Sequence[int] | None,
    computed: dict[tuple[int, str], dict[str, Rating]], report: RebuildReport,
) -> None:
    scope, params = _scope("guild_id", guild_ids)
    stored = {
        (int(guild), str(game), str(player)): Rating(float(mu), float(sigma), int(games))
        for guild, game, player, mu, sigma, games in await tx.fetchall(
            f"SELECT guild_id, game, player, mu, sigma, games FROM ratings WHERE TRUE {scope}",
            params,
        )
    }
    recomputed = {
        (guild, game, player): rating
        for (guild, game), ratings in computed.items() for player, rating in ratings.items()
    }
    for key in sorted(stored.keys() | recomputed.keys()):
        if stored.get(key) != recomputed.get(key):
            report.differ(f"server {key[0]}, {key[1]} {key[2]}: stored {stored.get(key)}, "
                          f"recomputed {recomputed.get(key)}")


def _floats(values: Sequence[Any]) -> SeatValues:
    first, second, third = (None if value is None else float(value) for value in values)
    return first, second, third


def _show(values: SeatValues) -> str:
    if values == _UNRATED:
        return "no rating"
    return "mu={}, sigma={}, before={}".format(*values)


async def backfill(tx: Tx) -> None:
    """The migration's step: rate every game finished before ratings existed."""
    await rebuild_ratings(tx)
