"""A score pad's end without its keeper: its channel lost, its table gone home for a
day (counted across a restart), and a person forgotten from a finished pad."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.core.pad_effects import PadIdleClosed, ShowPad, TellPadPeople
from bot.core.refusals import Refusal
from bot.core.scorepad import PAD_IDLE_SECONDS, ScorePads
from bot.storage import Storage
from bot.storage.stats import FORGOTTEN_NAME
from engine import Rules
from tests.bot.core.helpers import RecordingSink

GUILD, CHANNEL = 10, 20
KEEPER, BIKRAM, CHANDRA = 1, 2, 3
RULES = Rules(max_hand=1, schedule="down")
DAY = PAD_IDLE_SECONDS


class Clock:
    """Wall-clock time the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


OpenPads = Callable[[Clock], Awaitable[tuple[ScorePads, RecordingSink, Storage]]]


@pytest.fixture
async def open_pads(tmp_path: Path) -> AsyncIterator[OpenPads]:
    """A pad service on one database file; a second one opened is the bot restarted."""
    opened: list[tuple[ScorePads, Storage]] = []

    async def opener(clock: Clock) -> tuple[ScorePads, RecordingSink, Storage]:
        storage = await Storage.open(tmp_path / "pads.db", durability="NORMAL")
        sink = RecordingSink()
        pads = ScorePads(storage, sink, draw=lambda n: 0, clock=clock)
        opened.append((pads, storage))
        await pads.restore()
        return pads, sink, storage

    yield opener
    for pads, storage in opened:
        await pads.close()
        await storage.close()


async def seated(pads: ScorePads, *, guest: bool = True) -> int:
    pad = await pads.open(guild_id=GUILD, channel_id=CHANNEL, keeper_id=KEEPER,
                          keeper_name="Asha", rules=RULES)
    await pads.enter(pad.pad_id, BIKRAM, {"do": "join", "name": "Bikram"})
    if guest:
        await pads.enter(pad.pad_id, KEEPER, {"do": "guest", "name": "Esha"})
    else:
        await pads.enter(pad.pad_id, CHANDRA, {"do": "join", "name": "Chandra"})
    return pad.pad_id


async def until_closed(pads: ScorePads) -> None:
    """Wait for the idle timer to cancel the channel's pad (it saves an entry first)."""
    async with asyncio.timeout(10):
        while pads.in_channel(CHANNEL) is not None:
            await asyncio.sleep(0.01)


async def test_a_lost_channel_cancels_the_pad_and_tells_its_people_in_dms(
    open_pads: OpenPads,
) -> None:
    pads, sink, storage = await open_pads(Clock())
    pad_id = await seated(pads)
    await pads.enter(pad_id, KEEPER, {"do": "start"})
    shown = len(sink.effects)
    await pads.lose_channel(pad_id)
    (told,) = sink.effects[shown:]
    assert isinstance(told, TellPadPeople) and told.user_ids == (KEEPER, BIKRAM), "no guest"
    assert pads.in_channel(CHANNEL) is None and pads.channel_lost(CHANNEL)
    stored = await storage.pads.load_pad(pad_id)
    assert stored.entries[-1]["do"] == "cancel" and stored.entries[-1]["why"] == "channel_lost"
    assert await storage.pads.load_open_pads() == []
    assert (await storage.stats.player_stats(GUILD, BIKRAM)).games == 0, "counted nowhere"
    with pytest.raises(Refusal):
        await pads.enter(pad_id, KEEPER, {"do": "trump", "suit": "S"})
    await pads.lose_channel(pad_id)  # a second refusal from the same channel: nothing more
    await pads.channel_gone(CHANNEL)
    assert len(sink.effects) == shown + 1
    # A new pad there (the bot was let back in) is shown again.
    await pads.open(guild_id=GUILD, channel_id=CHANNEL, keeper_id=KEEPER, keeper_name="Asha",
                    rules=RULES)
    assert not pads.channel_lost(CHANNEL)


async def test_a_deleted_channel_seen_by_the_adapter_cancels_its_pad(
    open_pads: OpenPads,
) -> None:
    pads, sink, storage = await open_pads(Clock())
    pad_id = await seated(pads, guest=False)
    await pads.channel_gone(CHANNEL + 1)  # another channel: nothing happens here
    assert pads.in_channel(CHANNEL) is not None
    await pads.channel_gone(CHANNEL)
    assert sink.of_type(TellPadPeople)[0].user_ids == (KEEPER, BIKRAM, CHANDRA)
    assert (await storage.pads.load_pad(pad_id)).entries[-1]["why"] == "channel_lost"


async def test_an_idle_pad_closes_a_day_after_its_last_entry_even_across_a_restart(
    open_pads: OpenPads,
) -> None:
    clock = Clock()
    pads, _, _ = await open_pads(clock)
    pad_id = await seated(pads)
    clock.now += DAY - 60
    await pads.enter(pad_id, CHANDRA, {"do": "join", "name": "Chandra"})
    assert pads.idle_deadline(pad_id) == int(clock.now) + DAY, "an entry restarts the clock"
    last_entry = int(clock.now)
    await pads.close()

    clock.now = last_entry + DAY - 3600  # the bot restarts an hour before the deadline
    pads, sink, storage = await open_pads(clock)
    assert pads.idle_deadline(pad_id) == last_entry + DAY, "measured from the stored entry"
    await asyncio.sleep(0)  # its timer starts, and waits for the hour left
    assert pads.in_channel(CHANNEL) is not None
    await pads.close()

    clock.now = last_entry + DAY + 1  # …and again just after it
    pads, sink, storage = await open_pads(clock)
    await until_closed(pads)
    note = sink.of_type(PadIdleClosed)
    assert [n.hours for n in note] == [24]
    assert sink.of_type(ShowPad)[-1].pad.status == "cancelled"
    assert isinstance(sink.effects[-2], PadIdleClosed), "the note comes before the pad closes"
    stored = await storage.pads.load_pad(pad_id)
    assert stored.entries[-1]["why"] == "idle"
    assert await storage.pads.load_open_pads() == []


async def test_forget_me_scrubs_the_finished_pad_kept_for_the_record(
    open_pads: OpenPads,
) -> None:
    pads, _, _ = await open_pads(Clock())
    pad_id = await seated(pads)
    await pads.enter(pad_id, KEEPER, {"do": "start"})
    for seat in (1, 2, 0):
        await pads.enter(pad_id, KEEPER, {"do": "bid", "seat": seat, "bid": 0})
    await pads.enter(pad_id, BIKRAM, {"do": "tricks", "seat": 1, "tricks": 1})
    for seat in (0, 2):
        await pads.enter(pad_id, KEEPER, {"do": "tricks", "seat": seat, "tricks": 0})
    await pads.enter(pad_id, KEEPER, {"do": "finish"})
    before = pads.channel_record(CHANNEL)
    assert before is not None and before["players"] == ["Asha", "Bikram", "Esha"]
    pads.forget(BIKRAM)
    after = pads.channel_record(CHANNEL)
    assert after is not None and after["players"] == ["Asha", FORGOTTEN_NAME, "Esha"]
    assert after["deals"] == before["deals"], "the scores stay as they were"
