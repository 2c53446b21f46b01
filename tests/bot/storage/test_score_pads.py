"""Score pads in storage: entries committed in order, open pads loaded back, and a
finished pad's results counted as a table game (guests never rank)."""

from __future__ import annotations

import json

import pytest

from bot.core.scorepad_state import Entry, PadState
from bot.storage import GameStateConflict, InvalidValue, Storage
from bot.storage.stats import FORGOTTEN_NAME
from engine import Rules
from tests.bot.storage.conftest import Location, OpenStorage
from tests.bot.storage.helpers import NOW, human, play_finished_game
from tests.bot.storage.postgres_server import raw_execute

GUILD, CHANNEL, KEEPER, BIKRAM = 10, 20, 1, 2
RULES = Rules(max_hand=2, schedule="down")
ENTRIES: list[Entry] = [
    {"do": "join", "by": KEEPER, "name": "Asha"},
    {"do": "join", "by": BIKRAM, "name": "Bikram"},
    {"do": "guest", "by": KEEPER, "name": "Esha"},
    {"do": "start", "by": KEEPER, "dealer": 0},
    # Deal 1, 2 cards, Asha deals: Bikram, Esha, then Asha bid.
    {"do": "bid", "by": KEEPER, "seat": 1, "bid": 1},
    {"do": "bid", "by": KEEPER, "seat": 2, "bid": 0},
    {"do": "bid", "by": KEEPER, "seat": 0, "bid": 0},
    {"do": "tricks", "by": KEEPER, "seat": 0, "tricks": 0},
    {"do": "tricks", "by": KEEPER, "seat": 1, "tricks": 1},
    {"do": "tricks", "by": KEEPER, "seat": 2, "tricks": 1},
    # Deal 2, 1 card, Bikram deals.
    {"do": "bid", "by": KEEPER, "seat": 2, "bid": 0},
    {"do": "bid", "by": KEEPER, "seat": 0, "bid": 0},
    {"do": "bid", "by": KEEPER, "seat": 1, "bid": 0},
    {"do": "tricks", "by": KEEPER, "seat": 0, "tricks": 0},
    {"do": "tricks", "by": KEEPER, "seat": 1, "tricks": 1},
    {"do": "tricks", "by": KEEPER, "seat": 2, "tricks": 0},
]


async def test_entries_are_kept_in_order_and_an_open_pad_loads_back(
    open_storage: OpenStorage, database: Location
) -> None:
    storage = await open_storage(database)
    pad_id = await storage.pads.create_pad(
        guild_id=GUILD, channel_id=CHANNEL, keeper_user_id=KEEPER,
        rules=RULES, first_entry=ENTRIES[0])
    for seq, entry in enumerate(ENTRIES[1:5], start=1):
        await storage.pads.append_pad_entry(pad_id, seq, entry)
    with pytest.raises(GameStateConflict):
        await storage.pads.append_pad_entry(pad_id, 3, ENTRIES[5])  # a seq already taken
    with pytest.raises(GameStateConflict, match="already has open score pad"):
        await storage.pads.create_pad(guild_id=GUILD, channel_id=CHANNEL, keeper_user_id=BIKRAM,
                                 rules=RULES, first_entry=ENTRIES[0])
    with pytest.raises(InvalidValue):
        await storage.pads.append_pad_entry(pad_id, 5, {"do": "bid", "bid": object()})
    await storage.pads.set_pad_message(pad_id, 555)
    await storage.close()
    again = await open_storage(database)
    (pad,) = await again.pads.load_open_pads()
    assert (pad.pad_id, pad.keeper_user_id, pad.rules, pad.message_id) == (
        pad_id, KEEPER, RULES, 555
    )
    assert list(pad.entries) == ENTRIES[:5]


async def test_a_finished_pad_counts_as_a_table_game_and_guests_never_rank(
    open_storage: OpenStorage, database: Location
) -> None:
    storage = await open_storage(database)
    await play_finished_game(storage, GUILD, [human(KEEPER, "Asha"), human(7), human(8)],
                             seed=3)
    pad_id = await storage.pads.create_pad(
        guild_id=GUILD, channel_id=CHANNEL, keeper_user_id=KEEPER,
        rules=RULES, first_entry=ENTRIES[0], now=NOW)
    for seq, entry in enumerate(ENTRIES[1:], start=1):
        await storage.pads.append_pad_entry(pad_id, seq, entry)
    state = PadState.fold(RULES, KEEPER, ENTRIES)
    assert state.game is not None and state.game.is_over
    seats = [(seat.user_id, seat.name) for seat in state.seats]
    game_id, _ = await storage.pads.finish_pad(pad_id, state.game, seats, now=NOW)
    assert await storage.pads.load_open_pads() == []
    # Bikram's bid of 1 of 2 tricks at three seats is high, and he took 1 (issue 31).
    assert await raw_execute(database, "SELECT seat, high_bids, high_hits FROM results "
                             "WHERE game_id = ? ORDER BY seat", (game_id,)) == [
        (0, 0, 0), (1, 1, 1), (2, 0, 0)]
    kept = await storage.pads.pad_of_game(game_id)
    assert kept is not None and kept.pad_id == pad_id and list(kept.entries) == ENTRIES
    assert await storage.pads.pad_of_game(game_id - 1) is None, "an online game has no pad"
    with pytest.raises(GameStateConflict):
        await storage.pads.finish_pad(pad_id, state.game, seats, now=NOW)

    table = await storage.stats.leaderboard(GUILD, kinds="table")
    assert [(row.user_id, row.games, row.points) for row in table.rows] == [
        (KEEPER, 1, 20), (BIKRAM, 1, 11)
    ]
    online = await storage.stats.leaderboard(GUILD, kinds="online")
    assert {row.user_id for row in online.rows} == {KEEPER, 7, 8}
    both = await storage.stats.leaderboard(GUILD, sort="points")
    keeper_row = next(row for row in both.rows if row.user_id == KEEPER)
    assert keeper_row.games == 2
    assert {row.user_id for row in both.rows} == {KEEPER, BIKRAM, 7, 8}  # no guest

    stats = await storage.stats.player_stats(GUILD, BIKRAM, kinds="table")
    assert (stats.games, stats.wins, stats.total_points, stats.deals, stats.bids_hit) == (
        1, 0, 11, 2, 1
    )
    assert (await storage.stats.player_stats(GUILD, BIKRAM, kinds="online")).games == 0
    assert (await storage.stats.player_stats(GUILD, KEEPER)).games == 2
    with pytest.raises(InvalidValue):
        await storage.stats.leaderboard(GUILD, kinds="paper")  # type: ignore[arg-type]


async def finished_pad(storage: Storage, channel: int, keeper: int, entries: list[Entry]) -> int:
    pad_id = await storage.pads.create_pad(
        guild_id=GUILD, channel_id=channel, keeper_user_id=keeper,
        rules=RULES, first_entry=entries[0], now=NOW)
    for seq, entry in enumerate(entries[1:], start=1):
        await storage.pads.append_pad_entry(pad_id, seq, entry)
    state = PadState.fold(RULES, keeper, entries)
    assert state.game is not None
    await storage.pads.finish_pad(pad_id, state.game, [(s.user_id, s.name) for s in state.seats],
                             now=NOW)
    return pad_id


def everyone_entered_their_own(entries: list[Entry]) -> list[Entry]:
    """The same pad, with Bikram entering his own bids and tricks (seat 1)."""
    return [{**e, "by": BIKRAM} if e.get("seat") == 1 and e["do"] in ("bid", "tricks") else e
            for e in entries]


@pytest.mark.parametrize("forgotten", [BIKRAM, KEEPER])
async def test_forget_me_scrubs_a_player_or_the_keeper_from_ended_pads_only(
    open_storage: OpenStorage, database: Location, forgotten: int
) -> None:
    storage = await open_storage(database)
    entries = everyone_entered_their_own(ENTRIES)
    ended = await finished_pad(storage, CHANNEL, KEEPER, entries)
    still_open = await storage.pads.create_pad(guild_id=GUILD, channel_id=CHANNEL + 1,
                                          keeper_user_id=KEEPER, rules=RULES,
                                          first_entry=ENTRIES[0], now=NOW)
    await storage.pads.append_pad_entry(still_open, 1, ENTRIES[1])
    other = await storage.pads.create_pad(guild_id=GUILD, channel_id=CHANNEL + 2, keeper_user_id=9,
                                     rules=RULES, first_entry={"do": "join", "by": 9,
                                                               "name": "Zed"}, now=NOW)
    await storage.pads.cancel_pad(other, now=NOW)
    before = PadState.fold(RULES, KEEPER, entries)

    assert await storage.stats.forget_user(forgotten) == 1  # the table game's result
    stored = await storage.pads.load_pad(ended)
    text = json.dumps(stored.entries)
    forgotten_name = "Bikram" if forgotten == BIKRAM else "Asha"
    assert forgotten_name not in text and f'"by": {forgotten},' not in text
    assert (stored.keeper_user_id == 0) == (forgotten == KEEPER)
    after = PadState.fold(stored.rules, stored.keeper_user_id, list(stored.entries))
    assert after.game is not None and before.game is not None
    assert after.game.totals() == before.game.totals(), "the scores stay as they were"
    seat = 1 if forgotten == BIKRAM else 0
    assert after.seats[seat].name == FORGOTTEN_NAME and after.seats[seat].user_id is None
    assert after.record()["players"][seat] == FORGOTTEN_NAME
    # An open pad goes on as it was (like an open game); other people's pads are untouched.
    assert (await storage.pads.load_pad(still_open)).entries == (ENTRIES[0], ENTRIES[1])
    assert (await storage.pads.load_pad(other)).entries == ({"do": "join", "by": 9, "name": "Zed"},)
    assert (await storage.stats.player_stats(GUILD, forgotten, kinds="table")).games == 0
