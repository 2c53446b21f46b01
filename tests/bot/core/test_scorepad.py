"""The score pad service: entries saved before they are shown, sheets after scored
deals, results written at the end, and a restart that loses nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.core.pad_effects import ShowPad, ShowPadSheet
from bot.core.refusals import Refusal
from bot.core.scorepad import ScorePads
from bot.storage import Storage
from engine import Rules
from engine.record import game_from_record
from tests.bot.core.helpers import RecordingSink

GUILD, CHANNEL = 10, 20
KEEPER, BIKRAM, CHANDRA = 1, 2, 3
RULES = Rules(max_hand=2, schedule="down")

OpenPads = Callable[[], Awaitable[tuple[ScorePads, RecordingSink, Storage]]]


@pytest.fixture
async def open_pads(tmp_path: Path) -> AsyncIterator[OpenPads]:
    """A pad service on one database file; a second one opened is the bot restarted."""
    opened: list[tuple[ScorePads, Storage]] = []

    async def opener() -> tuple[ScorePads, RecordingSink, Storage]:
        storage = await Storage.open(tmp_path / "pads.db", durability="NORMAL")
        sink = RecordingSink()
        pads = ScorePads(storage, sink, draw=lambda n: n - 1)
        opened.append((pads, storage))
        await pads.restore()
        return pads, sink, storage

    yield opener
    for pads, storage in opened:
        await pads.close()
        await storage.close()


async def seated(pads: ScorePads) -> int:
    """Asha (keeper), Bikram, Chandra; drawn dealer: the last seat, Chandra."""
    pad = await pads.open(guild_id=GUILD, channel_id=CHANNEL, keeper_id=KEEPER,
                          keeper_name="Asha", rules=RULES)
    await pads.enter(pad.pad_id, BIKRAM, {"do": "join", "name": "Bikram"})
    await pads.enter(pad.pad_id, CHANDRA, {"do": "join", "name": "Chandra"})
    started = await pads.enter(pad.pad_id, KEEPER, {"do": "start"})
    assert started.dealer == 2 and started.first_to_bid == 0 and started.hand_size == 2
    return pad.pad_id


async def test_a_pad_saves_each_entry_and_shows_a_sheet_after_each_scored_deal(
    open_pads: OpenPads,
) -> None:
    pads, sink, storage = await open_pads()
    pad_id = await seated(pads)
    await pads.enter(pad_id, KEEPER, {"do": "bid", "seat": 0, "bid": 1})
    with pytest.raises(Refusal) as not_yours:
        await pads.enter(pad_id, CHANDRA, {"do": "bid", "seat": 1, "bid": 1})
    assert not_yours.value.key == "pad_not_your_row"
    snapshot = await pads.enter(pad_id, BIKRAM, {"do": "bid", "seat": 1, "bid": 0})
    assert snapshot.bidder == 2 and snapshot.forbidden == 1 and snapshot.legal_bids == (0, 2)
    with pytest.raises(Refusal) as stale:
        await pads.enter(pad_id, CHANDRA, {"do": "bid", "seat": 2, "bid": 0}, counter=0)
    assert stale.value.key == "pad_stale"
    await pads.enter(pad_id, CHANDRA, {"do": "bid", "seat": 2, "bid": 0}, counter=1)
    assert not sink.of_type(ShowPadSheet)
    for seat, count in ((0, 1), (1, 0), (2, 1)):
        await pads.enter(pad_id, KEEPER, {"do": "tricks", "seat": seat, "tricks": count})
    (sheet,) = sink.of_type(ShowPadSheet)
    assert sheet.pad.results[0].scores == (11, 10, 0) and not sheet.final
    stored = await storage.pads.load_pad(pad_id)
    assert len(stored.entries) == 10 and stored.entries[3]["dealer"] == 2
    assert stored.entries[3]["drawn"] is True


async def test_a_restart_in_the_middle_of_a_deal_loses_nothing(open_pads: OpenPads) -> None:
    pads, _, _ = await open_pads()
    pad_id = await seated(pads)
    await pads.enter(pad_id, KEEPER, {"do": "bid", "seat": 0, "bid": 1})
    await pads.enter(pad_id, BIKRAM, {"do": "bid", "seat": 1, "bid": 0})
    await pads.enter(pad_id, CHANDRA, {"do": "bid", "seat": 2, "bid": 0})
    await pads.enter(pad_id, KEEPER, {"do": "revoke", "seat": 2})
    await pads.enter(pad_id, KEEPER, {"do": "tricks", "seat": 0, "tricks": 1})
    before = pads.get(pad_id).snapshot()

    restarted, sink, _ = await open_pads()
    after = restarted.get(pad_id).snapshot()
    assert after == before
    assert sink.of_type(ShowPad)[0].pad == before  # the message is brought up to date
    assert restarted.in_channel(CHANNEL) is not None
    await restarted.enter(pad_id, KEEPER, {"do": "tricks", "seat": 1, "tricks": 0})
    done = await restarted.enter(pad_id, KEEPER, {"do": "tricks", "seat": 2, "tricks": 1})
    assert done.results[0].scores == (11, 10, 0)  # Chandra's revoke survived the restart


async def test_finishing_writes_a_table_game_and_shows_the_final_standings(
    open_pads: OpenPads,
) -> None:
    pads, sink, storage = await open_pads()
    pad_id = await seated(pads)
    for seat, user, bid in ((0, KEEPER, 1), (1, BIKRAM, 0), (2, CHANDRA, 0)):
        await pads.enter(pad_id, user, {"do": "bid", "seat": seat, "bid": bid})
    for seat, count in ((0, 1), (1, 0), (2, 1)):
        await pads.enter(pad_id, KEEPER, {"do": "tricks", "seat": seat, "tricks": count})
    await pads.enter(pad_id, KEEPER, {"do": "correct", "deal": 1, "field": "tricks",
                                      "values": [1, 1, 0]})
    record = pads.record(pad_id)
    assert record["table"] is True
    assert record["deals"][0]["corrections"] == [{"field": "tricks", "was": [1, 0, 1]}]
    assert game_from_record(record).totals() == (11, 0, 10)
    with pytest.raises(Refusal):
        await pads.enter(pad_id, BIKRAM, {"do": "finish"})
    await pads.enter(pad_id, KEEPER, {"do": "finish"})
    final = sink.of_type(ShowPadSheet)[-1]
    assert final.final and final.pad.totals == (11, 0, 10) and final.pad.status == "finished"
    with pytest.raises(Refusal) as closed:
        await pads.enter(pad_id, KEEPER, {"do": "undo"})
    assert closed.value.key == "pad_closed"
    board = await storage.stats.leaderboard(GUILD, kinds="table")
    assert [(row.user_id, row.points) for row in board.rows] == [
        (KEEPER, 11), (CHANDRA, 10), (BIKRAM, 0)
    ]
    assert (await storage.stats.leaderboard(GUILD, kinds="online")).rows == ()
    restarted, _, _ = await open_pads()
    assert restarted.in_channel(CHANNEL) is None


async def test_a_second_pad_in_the_channel_is_refused(open_pads: OpenPads) -> None:
    pads, _, _ = await open_pads()
    await seated(pads)
    with pytest.raises(Refusal) as second:
        await pads.open(guild_id=GUILD, channel_id=CHANNEL, keeper_id=BIKRAM,
                        keeper_name="Bikram", rules=RULES)
    assert second.value.key == "pad_open_here"
