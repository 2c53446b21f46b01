"""The end of a game: its results and stats written at once, or a cancellation.

Results and the counters derived from them (running totals per player and server,
bid accuracy by hand size, skill ratings) are written in the same transaction as the status, so
the leaderboards never see half a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Final

from bot.storage.backend import Backend, Dialect, Tx
from bot.storage.codec import decode_action, encode_action
from bot.storage.errors import GameNotFound, GameStateConflict
from bot.storage.models import OPEN_STATUSES, GameStatus
from bot.storage.ratings import (
    NEXT_RATING_SEQ,
    SeatRating,
    changes_of,
    rate_seats,
    ratings_lock_column,
    save_ratings,
    seat_values,
)
from bot.storage.summary import SeatResult, summarize
from bot.storage.values import (
    check_flag,
    check_id,
    now_or,
    rules_to_json,
    to_optional_epoch,
)
from engine import CallBreakGame, Game
from engine.kinds import AnyGame, GameName, kind_of

# Shared with the benchmark's bulk loader (bench/bulk_history.py), so that synthetic
# history has the real shape. Portable SQL: an upsert names the stored row by its table
# (PostgreSQL finds a bare column ambiguous) and takes the larger of two values with
# CASE (SQLite's max(a, b) is PostgreSQL's GREATEST).
INSERT_RESULT: Final = """
INSERT INTO results (game_id, seat, guild_id, finished_at, user_id, total, place, won,
                     shared_win, deals_played, bids_hit, zero_bids, zero_hits, hooked,
                     rating_mu, rating_sigma, rating_before, game, high_bids, high_hits)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
ADD_HAND_ACCURACY: Final = """
INSERT INTO hand_accuracy (user_id, guild_id, hand_size, deals, hits) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (user_id, guild_id, hand_size)
DO UPDATE SET deals = hand_accuracy.deals + excluded.deals,
              hits = hand_accuracy.hits + excluded.hits
"""
ADD_PLAYER_TOTALS: Final = """
INSERT INTO player_totals AS t (guild_id, user_id, display_name, last_played, games, wins,
                           shared_wins, points, best, deals, hits, zero_bids, zero_hits, hooked,
                           game)
VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, game, user_id) DO UPDATE SET
    display_name = CASE WHEN excluded.last_played >= t.last_played
                        THEN excluded.display_name ELSE t.display_name END,
    last_played = CASE WHEN excluded.last_played > t.last_played
                       THEN excluded.last_played ELSE t.last_played END,
    games = t.games + 1,
    wins = t.wins + excluded.wins,
    shared_wins = t.shared_wins + excluded.shared_wins,
    points = t.points + excluded.points,
    best = CASE WHEN excluded.best > t.best THEN excluded.best ELSE t.best END,
    deals = t.deals + excluded.deals,
    hits = t.hits + excluded.hits,
    zero_bids = t.zero_bids + excluded.zero_bids,
    zero_hits = t.zero_hits + excluded.zero_hits,
    hooked = t.hooked + excluded.hooked
"""


async def finish_game(
    db: Backend, game_id: int, game: AnyGame, now: datetime | None,
    showing_due: datetime | None = None,
) -> tuple[SeatResult, ...]:
    """Mark a finished game and write its results, in one transaction.

    Player actions the log does not hold yet are appended first, after checking that
    the stored ones are the start of this game's. ``showing_due``: the end owes its
    showing from then on, as the step one past the last action (see
    :func:`bot.storage.moves.clear_showing_due`).
    """
    check_id("game_id", game_id)
    showing = to_optional_epoch(showing_due)
    if not isinstance(game, Game | CallBreakGame) or not game.is_over:
        raise GameStateConflict(f"game {game_id} is not over: results are written at the end")
    finished = now_or(now)
    results = summarize(game)
    name = kind_of(game.rules).name
    actions = game.player_actions()
    async with db.transaction("finishing a game") as tx:
        # One read for the game, its seats, its stored moves and (PostgreSQL) the
        # server's rating turn: each statement is a round trip to a database server.
        rows = await tx.fetchall(_finish_read(db.dialect), (game_id,))
        if not rows:
            raise GameNotFound(f"no game {game_id}")
        guild_id, status, rules_json, seed_hex, chance_version, stored_game = rows[0][:6]
        if status != "active":
            raise GameStateConflict(
                f"game {game_id} is {status}, so it can't be finished",
                code="game_ended",
            )
        seats = [row[6:10] for row in rows]
        _check_same_game(game_id, game, (rules_json, seed_hex, chance_version), len(seats))
        if stored_game != name:
            raise GameStateConflict(f"game {game_id} is {stored_game}, not {name}")
        stored = rows[0][11].split(ACTION_SEPARATOR) if rows[0][11] else []
        # The stored text is this bot's own encoding, so comparing texts settles almost
        # every move; only a text written otherwise is decoded (finishing stays fast).
        if len(stored) > len(actions) or any(
            text != encode_action(action) and decode_action(text) != action
            for text, action in zip(stored, actions, strict=False)
        ):
            raise GameStateConflict(f"game {game_id}: the stored moves differ from this game's")
        await tx.executemany(
            "INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
            [
                (game_id, seq, encode_action(actions[seq]))
                for seq in range(len(stored), len(actions))
            ],
        )
        # The end's own mark (a step past the last action): no late report of the
        # step that made the last move clears it before the end is shown.
        owed = "" if showing is None else ", showing_due = ?, showing_seq = ?"
        owed_values = () if showing is None else (showing, len(actions) + 1)
        await tx.execute(
            "UPDATE games SET status = 'finished', finished_at = ?, "
            f"rating_seq = {NEXT_RATING_SEQ}{owed} WHERE id = ?",
            (finished, guild_id, *owed_values, game_id),
        )
        if any(row[10] for row in rows):  # a deadline still set: cleared with the end
            await tx.execute("UPDATE seats SET turn_deadline = NULL WHERE game_id = ?",
                             (game_id,))
        users = {int(s[0]): (s[1], str(s[2])) for s in seats}
        levels = {int(s[0]): s[3] for s in seats}
        updated, rated = await rate_seats(
            tx, guild_id, [(r.seat, users[r.seat][0], levels[r.seat], r.place) for r in results],
            name,
        )
        await _write_results(tx, game_id, guild_id, finished, results, users, rated, name)
        await save_ratings(tx, guild_id, updated, name)
    return with_rating_changes(results, changes_of(rated))


ACTION_SEPARATOR: Final = ";"
"""Between stored moves read as one text (no encoded move holds it: JSON of names,
numbers and card codes)."""


def _finish_read(dialect: Dialect) -> str:
    """The finishing game's row once per seat, with its moves in order as one text
    and, on PostgreSQL, the server's rating turn taken (``lock_ratings``)."""
    if dialect.name == "postgres":
        moves = (f"(SELECT string_agg(action, '{ACTION_SEPARATOR}' ORDER BY seq) "
                 "FROM actions WHERE game_id = g.id)")
    else:  # SQLite before 3.44 orders group_concat by its input
        moves = (f"(SELECT group_concat(action, '{ACTION_SEPARATOR}') FROM "
                 "(SELECT action FROM actions WHERE game_id = g.id ORDER BY seq))")
    return (
        "SELECT g.guild_id, g.status, g.rules, g.seed, g.chance_version, g.game, "
        "s.seat, s.user_id, s.display_name, s.computer_level, "
        f"s.turn_deadline IS NOT NULL, {moves}, "
        f"{ratings_lock_column(dialect, 'g.guild_id')} "
        "FROM games g JOIN seats s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat"
        + dialect.lock_for_update
    )


def with_rating_changes(
    results: tuple[SeatResult, ...], changes: Mapping[int, int]
) -> tuple[SeatResult, ...]:
    """The results with each rated person's change of rating."""
    return tuple(replace(r, rating_change=changes.get(r.seat)) for r in results)


def _check_same_game(
    game_id: int, game: AnyGame, stored: tuple[str, str, int], seats: int
) -> None:
    """``stored``: the game row's rules JSON, seed hex and chance version."""
    # Names are only labels (a seat may be renamed mid-game), so they are not compared.
    rules_json, seed_hex, chance_version = stored
    same = (
        game.seed is not None
        and game.seed.hex() == seed_hex
        and game.chance_version == chance_version
        and rules_to_json(game.rules) == rules_json
        and game.player_count == seats
    )
    if not same:
        raise GameStateConflict(
            f"the game given is not stored game {game_id} "
            "(seed, chance version, rules or seats differ)"
        )


async def _write_results(
    tx: Tx,
    game_id: int,
    guild_id: int,
    finished: int,
    results: Sequence[SeatResult],
    users: Mapping[int, tuple[int | None, str]],
    rated: Mapping[int, SeatRating],
    game: GameName,
) -> None:
    await tx.executemany(
        INSERT_RESULT, result_rows(game_id, guild_id, finished, results, users, rated, game)
    )
    await tx.executemany(ADD_HAND_ACCURACY, hand_accuracy_rows(guild_id, results, users))
    await tx.executemany(ADD_PLAYER_TOTALS,
                         player_totals_rows(guild_id, finished, results, users, game))


def result_rows(
    game_id: int,
    guild_id: int,
    finished: int,
    results: Sequence[SeatResult],
    users: Mapping[int, tuple[int | None, str]],
    rated: Mapping[int, SeatRating] | None = None,
    game: GameName = "kachuful",
) -> list[tuple[Any, ...]]:
    """Rows for :data:`INSERT_RESULT`: every seat, computers with no user id; rated
    seats with their rating (none given: rated later, by a rebuild)."""
    return [
        (
            game_id,
            r.seat,
            guild_id,
            finished,
            users[r.seat][0],
            r.total,
            r.place,
            int(r.won),
            int(r.shared_win),
            r.deals_played,
            r.bids_hit,
            r.zero_bids,
            r.zero_hits,
            r.hooked,
            *seat_values(rated or {}, r.seat),
            game,
            r.high_bids,
            r.high_hits,
        )
        for r in results
    ]


def hand_accuracy_rows(
    guild_id: int, results: Sequence[SeatResult], users: Mapping[int, tuple[int | None, str]]
) -> list[tuple[int, ...]]:
    """Rows for :data:`ADD_HAND_ACCURACY`: humans only."""
    return [
        (user_id, guild_id, count.hand_size, count.deals, count.hits)
        for r in results
        if (user_id := users[r.seat][0]) is not None
        for count in r.by_hand_size
    ]


def player_totals_rows(
    guild_id: int,
    finished: int,
    results: Sequence[SeatResult],
    users: Mapping[int, tuple[int | None, str]],
    game: GameName = "kachuful",
) -> list[tuple[Any, ...]]:
    """Rows for :data:`ADD_PLAYER_TOTALS`: humans only, one game each."""
    rows = []
    for r in results:
        user_id, name = users[r.seat]
        if user_id is None:
            continue
        rows.append(
            (
                guild_id,
                user_id,
                name,
                finished,
                int(r.won),
                int(r.shared_win),
                r.total,
                r.total,  # the best score so far, for a first game
                r.deals_played,
                r.bids_hit,
                r.zero_bids,
                r.zero_hits,
                r.hooked,
                game,
            )
        )
    return rows


async def cancel_game(
    db: Backend, game_id: int, abandoned: bool, now: datetime | None, *, running: bool = False
) -> None:
    """End an open game without results; it is kept for the record. An active game
    only when ``running`` (the caller saw it running under its lock)."""
    check_id("game_id", game_id)
    status: GameStatus = "abandoned" if check_flag("abandoned", abandoned) else "cancelled"
    ended = now_or(now)
    async with db.transaction("cancelling a game") as tx:
        row = await tx.fetchone(
            f"SELECT status FROM games WHERE id = ?{db.dialect.lock_for_update}", (game_id,)
        )
        if row is None:
            raise GameNotFound(f"no game {game_id}")
        if row[0] not in OPEN_STATUSES:
            raise GameStateConflict(
                f"game {game_id} is already {row[0]}",
                code="game_ended",
            )
        if row[0] == "active" and not check_flag("running", running):
            raise GameStateConflict(f"game {game_id} has started", code="game_started")
        await tx.execute(
            "UPDATE games SET status = ?, finished_at = ?, idle_due = NULL WHERE id = ?",
            (status, ended, game_id),
        )
        await tx.execute("UPDATE seats SET turn_deadline = NULL WHERE game_id = ?", (game_id,))


async def rating_changes(db: Backend, game_id: int) -> tuple[int | None, ...]:
    """Per seat of a finished game, the change of the person's shown rating as its end
    wrote it (``None``: a computer, or not rated); for showing the end again."""
    check_id("game_id", game_id)
    rows = await db.fetchall(
        "SELECT user_id, rating_mu, rating_sigma, rating_before FROM results "
        "WHERE game_id = ? ORDER BY seat", (game_id,), "reading a game's rating changes")
    return tuple(
        None if user_id is None or mu is None
        else SeatRating(0, "", float(mu), float(sigma), float(before)).change
        for user_id, mu, sigma, before in rows
    )
