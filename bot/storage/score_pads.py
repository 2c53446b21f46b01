"""Score pads: games played with real cards, of which the bot keeps the score.

A pad is saved as its rules and its entries, one committed row per entry, before the
entry is shown; :func:`load_open_pads` gives them back after a restart. Finishing a
pad writes it as a finished ``games`` row of kind ``table`` with results marked
``table_game``, through the same row builders as online games, in one transaction.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from bot.storage.backend import Backend, Tx
from bot.storage.ending import (
    ADD_HAND_ACCURACY,
    ADD_PLAYER_TOTALS,
    hand_accuracy_rows,
    player_totals_rows,
    result_rows,
    with_rating_changes,
)
from bot.storage.errors import GameNotFound, GameStateConflict, InvalidValue
from bot.storage.ratings import (
    NEXT_RATING_SEQ,
    changes_of,
    lock_ratings,
    rate_seats,
    save_ratings,
)
from bot.storage.summary import SeatResult, summarize
from bot.storage.values import (
    check_id,
    check_name,
    check_optional_id,
    game_rules_from_json,
    now_or,
    rules_to_json,
)
from engine.kinds import AnyGame, AnyRules, kind_of

FORGOTTEN_KEEPER: Final = 0
"""The keeper of an ended pad whose keeper asked to be forgotten (no user has id 0)."""
TABLE_TURN_TIMEOUT: Final = 60
"""A table game has no turn timer; the column needs a value in its range."""
INSERT_TABLE_RESULT: Final = """
INSERT INTO results (game_id, seat, guild_id, finished_at, user_id, total, place, won,
                     shared_win, deals_played, bids_hit, zero_bids, zero_hits, hooked,
                     rating_mu, rating_sigma, rating_before, game, high_bids, high_hits,
                     table_game)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
"""


@dataclass(frozen=True, slots=True)
class StoredPad:
    pad_id: int
    guild_id: int
    channel_id: int
    keeper_user_id: int
    rules: AnyRules
    """Kachuful's or Call Break's: the game kept on the pad."""
    message_id: int | None
    entries: tuple[dict[str, Any], ...]
    status: str = "open"
    """open, finished or cancelled."""


def _entry_json(entry: Mapping[str, Any]) -> str:
    try:
        return json.dumps(dict(entry), sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise InvalidValue(f"a score pad entry is plain JSON: {exc}") from None


async def create_pad(
    db: Backend, *, guild_id: int, channel_id: int, keeper_user_id: int, rules: AnyRules,
    first_entry: Mapping[str, Any], now: datetime | None,
) -> int:
    """Open a pad with its first entry (the keeper's own seat, usually)."""
    values = (check_id("guild_id", guild_id), check_id("channel_id", channel_id),
              check_id("keeper_user_id", keeper_user_id), rules_to_json(rules), now_or(now),
              kind_of(rules).name)
    entry = _entry_json(first_entry)
    async with db.transaction("opening a score pad") as tx:
        open_pad = await tx.fetchone(
            "SELECT id FROM score_pads WHERE channel_id = ? AND status = 'open'", (channel_id,)
        )
        if open_pad is not None:
            raise GameStateConflict(
                f"channel {channel_id} already has open score pad {open_pad[0]}",
                code="pad_open_here",
            )
        row = await tx.fetchone(
            "INSERT INTO score_pads (guild_id, channel_id, keeper_user_id, rules, created_at, "
            "game) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            values,
        )
        assert row is not None
        pad_id = int(row[0])
        await tx.execute(
            "INSERT INTO score_pad_entries (pad_id, seq, entry) VALUES (?, 0, ?)",
            (pad_id, entry),
        )
    return pad_id


async def append_pad_entry(
    db: Backend, pad_id: int, seq: int, entry: Mapping[str, Any]
) -> None:
    """Commit entry number ``seq`` of an open pad (refused out of order or once closed)."""
    check_id("pad_id", pad_id)
    text = _entry_json(entry)
    async with db.transaction("saving a score pad entry") as tx:
        row = await tx.fetchone(
            "SELECT status, (SELECT COUNT(*) FROM score_pad_entries WHERE pad_id = ?) "
            "FROM score_pads WHERE id = ?",
            (pad_id, pad_id),
        )
        if row is None:
            raise GameNotFound(f"no score pad {pad_id}")
        if row[0] != "open" or row[1] != seq:
            raise GameStateConflict(
                f"score pad {pad_id} is {row[0]} with {row[1]} entries; entry {seq} doesn't fit",
                code="pad_changed",
            )
        await tx.execute(
            "INSERT INTO score_pad_entries (pad_id, seq, entry) VALUES (?, ?, ?)",
            (pad_id, seq, text),
        )


async def set_pad_message(db: Backend, pad_id: int, message_id: int | None) -> None:
    await db.write(
        "UPDATE score_pads SET message_id = ? WHERE id = ?",
        (check_optional_id("message_id", message_id), check_id("pad_id", pad_id)),
        "saving a score pad's message",
    )


async def load_pads(db: Backend, pad_ids: Sequence[int] | None) -> list[StoredPad]:
    """The open pads (``None``), or the pads with these ids whatever their status."""
    async with db.snapshot("loading score pads") as tx:
        if pad_ids is None:
            rows = await tx.fetchall(
                "SELECT id, guild_id, channel_id, keeper_user_id, rules, message_id, status, game "
                "FROM score_pads WHERE status = 'open' ORDER BY id"
            )
        else:
            marks = ",".join("?" for _ in pad_ids)
            rows = await tx.fetchall(
                "SELECT id, guild_id, channel_id, keeper_user_id, rules, message_id, status, game "
                f"FROM score_pads WHERE id IN ({marks}) ORDER BY id",  # marks are only '?'
                tuple(check_id("pad_id", pad) for pad in pad_ids),
            )
        pads = []
        for pad_id, guild_id, channel_id, keeper, rules, message_id, status, game in rows:
            entries = await tx.fetchall(
                "SELECT entry FROM score_pad_entries WHERE pad_id = ? ORDER BY seq", (pad_id,)
            )
            pads.append(StoredPad(int(pad_id), int(guild_id), int(channel_id), int(keeper),
                                  game_rules_from_json(str(rules), str(game)), message_id,
                                  tuple(json.loads(str(text)) for (text,) in entries),
                                  str(status)))
    return pads


async def pad_of_game(db: Backend, game_id: int) -> StoredPad | None:
    """The score pad a finished table game was kept on, if it was one."""
    rows = await db.fetchall("SELECT id FROM score_pads WHERE game_id = ?",
                             (check_id("game_id", game_id),), "finding a game's score pad")
    if not rows:
        return None
    found = await load_pads(db, [int(rows[0][0])])
    return found[0] if found else None


async def cancel_pad(db: Backend, pad_id: int, now: datetime | None) -> None:
    await db.write(
        "UPDATE score_pads SET status = 'cancelled', finished_at = ? "
        "WHERE id = ? AND status = 'open'",
        (now_or(now), check_id("pad_id", pad_id)),
        "cancelling a score pad",
    )


async def finish_pad(
    db: Backend, pad_id: int, game: AnyGame, seats: Sequence[tuple[int | None, str]],
    now: datetime | None,
) -> tuple[int, tuple[SeatResult, ...]]:
    """Close a pad and write its results as a table game; returns the game's id.

    ``seats`` is (user id or ``None`` for a guest, name) per seat, in seat order."""
    check_id("pad_id", pad_id)
    if not game.results() or len(seats) != game.player_count:
        raise GameStateConflict(f"score pad {pad_id}: no scored deal, or seats differ")
    users = {index: (check_optional_id("user_id", user), check_name(name))
             for index, (user, name) in enumerate(seats)}
    finished = now_or(now)
    results = summarize(game)
    name = kind_of(game.rules).name
    async with db.transaction("finishing a score pad") as tx:
        row = await tx.fetchone(
            "SELECT guild_id, channel_id, keeper_user_id, status, created_at "
            "FROM score_pads WHERE id = ?",
            (pad_id,),
        )
        if row is None:
            raise GameNotFound(f"no score pad {pad_id}")
        guild_id, channel_id, keeper, status, created = row
        if status != "open":
            raise GameStateConflict(f"score pad {pad_id} is {status}",
                                    code="pad_ended")
        await lock_ratings(tx, db.dialect, guild_id)
        game_row = await tx.fetchone(
            "INSERT INTO games (guild_id, channel_id, host_user_id, rules, seed, status, "
            "created_at, started_at, finished_at, turn_timeout, kind, game, rating_seq) "
            "VALUES (?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?, 'table', ?, "
            f"{NEXT_RATING_SEQ}) RETURNING id",
            (guild_id, channel_id, keeper, rules_to_json(game.rules), secrets.token_hex(32),
             created, created, finished, TABLE_TURN_TIMEOUT, name, guild_id),
        )
        assert game_row is not None
        game_id = int(game_row[0])
        await tx.executemany(
            "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
            [(game_id, index, user, name) for index, (user, name) in users.items()],
        )
        # Guests have neither a user id nor a computer level: they are not rated.
        updated, rated = await rate_seats(
            tx, guild_id, [(r.seat, users[r.seat][0], None, r.place) for r in results], name
        )
        await tx.executemany(INSERT_TABLE_RESULT,
                             result_rows(game_id, guild_id, finished, results, users, rated,
                                         name))
        await save_ratings(tx, guild_id, updated, name)
        await tx.executemany(ADD_HAND_ACCURACY, hand_accuracy_rows(guild_id, results, users))
        await tx.executemany(ADD_PLAYER_TOTALS,
                             player_totals_rows(guild_id, finished, results, users, name))
        await tx.execute(
            "UPDATE score_pads SET status = 'finished', finished_at = ?, game_id = ? "
            "WHERE id = ?",
            (finished, game_id, pad_id),
        )
    return game_id, with_rating_changes(results, changes_of(rated))


def forget_in_entries(
    entries: Sequence[Mapping[str, Any]], keeper_user_id: int, user_id: int, name: str
) -> tuple[list[dict[str, Any]], int]:
    """A pad's entries and keeper with ``user_id`` forgotten (``/kachuful forget-me``).

    Their seat becomes a guest named ``name`` (a person without an account, who never
    ranks), and what they entered is kept as entered by the keeper, so the pad still
    folds to the same scores. A forgotten keeper becomes user id 0, which no one has."""
    keeper = FORGOTTEN_KEEPER if keeper_user_id == user_id else keeper_user_id
    scrubbed: list[dict[str, Any]] = []
    for entry in entries:
        copy = dict(entry)
        if copy.get("by") == user_id:
            if copy.get("do") == "join":
                copy["do"], copy["name"] = "guest", name
            copy["by"] = keeper
        scrubbed.append(copy)
    return scrubbed, keeper


async def forget_in_pads(tx: Tx, user_id: int, name: str) -> int:
    """Forget a person in every ended pad (in the caller's transaction); open pads are
    left alone so they can go on, like open games. Returns how many pads changed."""
    check_id("user_id", user_id)
    # Entries are saved as compact JSON with sorted keys (``_entry_json``), so their
    # maker shows as "by":<id> followed by a comma or the closing brace.
    rows = await tx.fetchall(
        "SELECT p.id, p.keeper_user_id FROM score_pads p WHERE p.status <> 'open' AND "
        "(p.keeper_user_id = ? OR EXISTS (SELECT 1 FROM score_pad_entries e "
        "WHERE e.pad_id = p.id AND (e.entry LIKE ? OR e.entry LIKE ?)))",
        (user_id, f'%"by":{user_id},%', f'%"by":{user_id}}}%'),
    )
    for pad_id, keeper in rows:
        stored = await tx.fetchall(
            "SELECT seq, entry FROM score_pad_entries WHERE pad_id = ? ORDER BY seq", (pad_id,)
        )
        entries = [json.loads(str(text)) for _, text in stored]
        scrubbed, new_keeper = forget_in_entries(entries, int(keeper), user_id, name)
        for (seq, _), before, after in zip(stored, entries, scrubbed, strict=True):
            if before != after:
                await tx.execute(
                    "UPDATE score_pad_entries SET entry = ? WHERE pad_id = ? AND seq = ?",
                    (_entry_json(after), pad_id, seq),
                )
        if new_keeper != keeper:
            await tx.execute("UPDATE score_pads SET keeper_user_id = ? WHERE id = ?",
                             (new_keeper, pad_id))
    return len(rows)
