"""Skill ratings: openskill's Weng-Lin PlackettLuce model, rated as each game finishes.

Every person has one rating per server, and so does every computer level ("hard" in
one server is one player), so beating ``hard`` counts for more than beating ``easy``.
Guests of a score pad (people without Discord) are left out: a guest could be anyone,
so their places say nothing about a rating; the rated seats are ranked among
themselves by their places, shared places being ties. A game is rated when at least
one person and at least two rated seats took part.

All the rating maths is the library's; this module only decides who takes part and
stores what it returns. The same code rates a finishing game and, in
:mod:`bot.storage.rating_rebuild`, every stored game again, so a rebuild reproduces
the stored ratings exactly (floats go to the database and back unchanged).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from openskill.models import PlackettLuce

from bot.storage.backend import Dialect, Tx

MODEL: Final = PlackettLuce()
PROVISIONAL_GAMES: Final = 5
"""Below this many rated games a player is listed as provisional, under the others."""
_LOCK_SPACE: Final = zlib.crc32(b"kachuful ratings") % (1 << 31)
"""PostgreSQL's advisory lock key space for rating a server's games one at a time."""

SAVE_RATING: Final = """
INSERT INTO ratings AS old (guild_id, game, player, user_id, mu, sigma, ordinal, games)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, game, player) DO UPDATE SET
    mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,
    games = excluded.games
"""
NEXT_RATING_SEQ: Final = "(SELECT COALESCE(MAX(rating_seq), 0) + 1 FROM games WHERE guild_id = ?)"
"""A finishing game's rating order: after the server's last (under its rating turn)."""
SAVE_SEAT_RATING: Final = """
UPDATE results SET rating_mu = ?, rating_sigma = ?, rating_before = ?
WHERE game_id = ? AND seat = ?
"""


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative rating (μ − 3σ), as the library computes it."""
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class Entry:
    """A rated seat of one game."""

    seat: int
    player: str
    place: int


@dataclass(frozen=True, slots=True)
class SeatRating:
    """A rated seat's rating after the game, and its conservative rating before."""

    seat: int
    player: str
    mu: float
    sigma: float
    before: float

    @property
    def change(self) -> int:
        """The change in the whole number shown for the rating."""
        return shown(ordinal(self.mu, self.sigma)) - shown(self.before)


def ordinal(mu: float, sigma: float) -> float:
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


def shown(value: float) -> int:
    """A conservative rating as people see it: a whole number."""
    return round(value)


def player_key(user_id: int | None, computer_level: str | None) -> str | None:
    """Who a seat is for the ratings: a person, a computer level, or nobody (a guest)."""
    if user_id is not None:
        return f"user:{int(user_id)}"
    if computer_level is not None:
        return f"computer:{computer_level}"
    return None


def user_of(player: str) -> int | None:
    kind, _, rest = player.partition(":")
    return int(rest) if kind == "user" else None


def entries_of(rows: Sequence[tuple[Any, ...]]) -> list[Entry]:
    """The rated seats of a game from its (seat, user id, computer level, place) rows;
    empty when the game is not rated."""
    entries = []
    for seat, user_id, level, place in rows:
        player = player_key(user_id, level)
        if player is not None:
            entries.append(Entry(int(seat), player, int(place)))
    people = sum(entry.player.startswith("user:") for entry in entries)
    return entries if people >= 1 and len(entries) >= 2 else []


def rate(
    ratings: Mapping[str, Rating], entries: Sequence[Entry]
) -> tuple[dict[str, Rating], list[SeatRating]]:
    """One game: the players' new ratings, and each rated seat's.

    ``ratings`` holds the players' ratings before the game (absent: a first game).
    Two computers of one level in a game both play with the level's rating; the
    level keeps the new rating of the first of those seats."""
    before = [ratings.get(entry.player) for entry in entries]
    teams = [
        [MODEL.rating() if old is None else MODEL.rating(mu=old.mu, sigma=old.sigma)]
        for old in before
    ]
    rated = MODEL.rate(teams, ranks=[float(entry.place) for entry in entries])
    updated: dict[str, Rating] = {}
    seats = []
    for entry, old, team in zip(entries, before, rated, strict=True):
        new = team[0]
        old_ordinal = ordinal(MODEL.mu, MODEL.sigma) if old is None else old.ordinal
        seats.append(SeatRating(entry.seat, entry.player, float(new.mu), float(new.sigma),
                                old_ordinal))
        if entry.player not in updated:
            games = 1 if old is None else old.games + 1
            updated[entry.player] = Rating(float(new.mu), float(new.sigma), games)
    return updated, seats


def ratings_lock_column(dialect: Dialect, guild_column: str) -> str:
    """:func:`lock_ratings` as a column of a query that reads the server's id from
    ``guild_column`` (one round trip fewer): PostgreSQL's lock call, SQLite's nothing."""
    if dialect.name != "postgres":
        return "NULL"
    return f"pg_advisory_xact_lock({_LOCK_SPACE}, ({guild_column} % {1 << 31})::integer)"


async def lock_ratings(tx: Tx, dialect: Dialect, guild_id: int) -> None:
    """Take the server's rating turn, before the game takes its rating order and reads
    any rating. PostgreSQL: processes finishing games of one server at once take turns,
    so each reads the ratings the other wrote and the rating order is the commit order
    (SQLite's write transaction already holds the only write lock)."""
    if dialect.name == "postgres":
        await tx.execute("SELECT pg_advisory_xact_lock(?, ?)",
                         (_LOCK_SPACE, guild_id % (1 << 31)))


async def rate_seats(
    tx: Tx, guild_id: int, seats: Sequence[tuple[int, int | None, str | None, int]],
    game: str = "kachuful",
) -> tuple[dict[str, Rating], dict[int, SeatRating]]:
    """Rate a finishing game (after :func:`lock_ratings`): the players' new ratings, for
    :func:`save_ratings`, and each rated seat's, for its result row.

    ``seats``: (seat, user id, computer level, place) of every seat, as stored — what
    a rebuild reads back from the results and seats. ``game``: whose ratings (each
    game keeps its own, so Kachuful and Call Break never mix)."""
    entries = entries_of(seats)
    if not entries:
        return {}, {}
    players = sorted({entry.player for entry in entries})
    marks = ",".join("?" for _ in players)  # only '?' marks: no outside text
    stored = await tx.fetchall(
        "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? "
        f"AND player IN ({marks})",
        (guild_id, game, *players),
    )
    current = {str(p): Rating(float(mu), float(sigma), int(n)) for p, mu, sigma, n in stored}
    updated, rated = rate(current, entries)
    return updated, {seat.seat: seat for seat in rated}


async def save_ratings(
    tx: Tx, guild_id: int, updated: Mapping[str, Rating], game: str = "kachuful"
) -> None:
    await tx.executemany(SAVE_RATING, rating_rows(guild_id, updated, game))


def changes_of(rated: Mapping[int, SeatRating]) -> dict[int, int]:
    """Each rated person's seat → change of the shown rating."""
    return {seat: r.change for seat, r in rated.items() if r.player.startswith("user:")}


def seat_values(rated: Mapping[int, SeatRating], seat: int) -> tuple[Any, Any, Any]:
    """A result row's rating columns (mu, sigma, before); NULLs for an unrated seat."""
    found = rated.get(seat)
    return (None, None, None) if found is None else (found.mu, found.sigma, found.before)


def rating_rows(
    guild_id: int, ratings: Mapping[str, Rating], game: str = "kachuful"
) -> list[tuple[Any, ...]]:
    return [
        (guild_id, game, player, user_of(player), r.mu, r.sigma, r.ordinal, r.games)
        for player, r in ratings.items()
    ]
