"""A score pad against the fake Discord, beyond plain bids and tricks: a blind bid
entered from the pad's controls, the pad's channel lost, and one table per channel
(a pad and an online game never share one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.app import KachufulBot
from bot.core import scorepad
from tests.e2e.harness import Table, assert_answered_fast, bot_running
from tests.e2e.test_permanent_refusals import MESSAGES
from tests.e2e.test_scorepad import Pad
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Message, User
from tests.fake_discord.permissions import Perm

ASHA, BIKRAM, CHANDRA = range(3)
LOST_NOTICE = "was cancelled: its channel was deleted or can no longer be used"


async def seated_pad(fake: FakeDiscord, table: Table, bot: KachufulBot,
                     options: dict[str, object]) -> Pad:
    """Asha opens a pad, Bikram and Chandra join, Asha deals first: Bikram bids first."""
    asha, bikram, chandra = table.people
    pad = Pad(fake, table, bot)
    opened = await fake.slash(asha, table.channel, "kachuful scorepad", options)
    await opened.wait_response()
    await pad.settled(1)
    for user in (bikram, chandra):
        await pad.label(user, "Join")
    await pad.settled(3)
    dealer = next(s for s in pad.message().selects if "paddealer" in (s.custom_id or ""))
    await (await fake.select(asha, pad.message(), dealer.custom_id or "", ["0"])).wait_response()
    await pad.settled(4)
    return pad


def dms_saying(fake: FakeDiscord, user: User, words: str) -> list[Message]:
    return [m for m in fake.dm_messages(user) if words in m.content]


async def test_a_blind_bid_is_entered_from_the_pad_and_scores_double(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra"])
    asha, bikram, chandra = table.people
    async with bot_running(fake, tmp_path / "k.db") as bot:
        pad = await seated_pad(fake, table, bot,
                               {"max_hand": 2, "schedule": "down", "blind_bids": True})
        # Only Bikram (the bidder) or the keeper may bid blind for Bikram.
        before = pad.entries()
        refused = await pad.label(chandra, "Bid blind…")
        assert "Only that player or the score keeper" in await fake.wait_for(
            refused.text, what="the refusal")
        assert all(m.ephemeral for m in refused.messages) and pad.entries() == before
        offered = await pad.label(bikram, "Bid blind…")
        (menu_message,) = offered.ephemeral_messages
        assert "scores double" in menu_message.content
        (menu,) = menu_message.selects
        assert [o.label for o in menu.options] == ["0 blind", "1 blind", "2 blind"]
        chosen = await fake.select(bikram, menu_message, menu.custom_id or "", ["1"])
        await chosen.wait_response()
        message = await pad.settled(before + 1)
        assert "bikram: bid 1 blind" in (message.embeds[0].description or "")
        assert not any(b.label == "Bid blind…" and not b.disabled for b in message.buttons
                       if (b.custom_id or "").endswith(f":{BIKRAM}")), "Bikram has bid"
        await pad.enter(chandra, "padbid", CHANDRA, 0)
        await pad.enter(asha, "padbid", ASHA, 0)
        for user, seat, won in ((bikram, BIKRAM, 1), (chandra, CHANDRA, 1), (asha, ASHA, 0)):
            await pad.enter(user, "padtricks", seat, won)
        await fake.wait_for_message(table.channel, lambda m: "deal 1 of 2 scored" in m.content)
        snapshot = bot.pads.get(pad.pad_id).snapshot()
        assert snapshot.results[0].blind == (False, True, False)
        assert snapshot.totals == (10, 22, 0), "an exact blind bid of 1 scores 2 × 11"
        record = bot.pads.channel_record(table.channel.id)
        assert record is not None and record["deals"][0]["blind"] == [False, True, False]
    assert_answered_fast(fake)


async def test_a_pad_without_blind_rules_shows_no_blind_button(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        pad = await seated_pad(fake, table, bot, {"max_hand": 2, "schedule": "down"})
        labels = [b.label for b in pad.message().buttons]
        assert "1" in labels and "Bid blind…" not in labels


@pytest.mark.parametrize("how", ["deleted", "refused"])
async def test_a_lost_channel_cancels_the_pad_and_tells_its_people_in_dms(
    fake_discord: FakeDiscord, tmp_path: Path, how: str
) -> None:
    """``deleted``: a moderator deletes the channel (the bot sees CHANNEL_DELETE);
    ``refused``: the bot learns it only from Discord's 10003 answers."""
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra"])
    asha, bikram, chandra = table.people
    async with bot_running(fake, tmp_path / "k.db") as bot:
        pad = await seated_pad(fake, table, bot, {"max_hand": 2, "schedule": "down"})
        pad_id = pad.pad_id
        await pad.enter(bikram, "padbid", BIKRAM, 1)
        if how == "deleted":
            fake.delete_channel(table.channel)
        else:
            for method, route in (("POST", MESSAGES), ("PATCH", MESSAGES + "/{message_id}")):
                fake.inject(method, route, status=404, code=10003, count=None,
                            channel_id=table.channel.id)
            # The bot learns it when it edits the pad for the next entry.
            await pad.number(chandra, "padbid", CHANDRA, 0)
        await fake.wait_for(lambda: bot.pads.in_channel(table.channel.id) is None,
                            what="the pad to end", poll=0.05)
        await bot.delivery.drain(10)
        stored = await bot.storage.pads.load_pad(pad_id)
        assert stored.entries[-1]["do"] == "cancel"
        assert await bot.storage.pads.load_open_pads() == []
        for user in (asha, bikram, chandra):
            assert len(dms_saying(fake, user, LOST_NOTICE)) == 1, f"{user.name} is told once"
            assert (await bot.storage.stats.player_stats(table.guild.id, user.id)).games == 0
        assert len(fake.refusals(10003, channel=table.channel)) <= 1, "the bot stops at once"
    assert_answered_fast(fake)


async def test_a_channel_holds_a_pad_or_an_online_game_never_both(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra"])
    asha, bikram, chandra = table.people
    other = fake.create_channel(table.guild, "kachuful-2")
    async with bot_running(fake, tmp_path / "k.db") as bot:
        started = await fake.slash(asha, table.channel, "kachuful start", {})
        await started.wait_response()
        await fake.wait_for(table.lobby, what="the lobby")
        refused = await fake.slash(bikram, table.channel, "kachuful scorepad", {})
        await refused.wait_response()
        assert "This channel has an online game" in refused.text()
        assert all(m.ephemeral for m in refused.messages)
        assert bot.pads.in_channel(table.channel.id) is None

        opened = await fake.slash(bikram, other, "kachuful scorepad", {})
        await opened.wait_response()
        assert "Score pad opened" in opened.text()
        assert bot.pads.in_channel(other.id) is not None
        games = len(bot.service.registry)
        refused = await fake.slash(chandra, other, "kachuful start", {})
        await refused.wait_response()
        assert "This channel has a score pad open" in refused.text()
        assert all(m.ephemeral for m in refused.messages)
        assert len(bot.service.registry) == games, "no lobby opened"
    assert_answered_fast(fake)


async def test_an_idle_pad_closes_with_a_note_in_the_channel(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A day is too long for a test: a pad here closes after 2 seconds without an entry
    # (only its opening, so no later entry can race the deadline).
    monkeypatch.setattr(scorepad, "PAD_IDLE_SECONDS", 2)
    fake = fake_discord
    table = Table(fake, ["asha"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        pad = Pad(fake, table, bot)
        opened = await fake.slash(table.people[0], table.channel, "kachuful scorepad", {})
        await opened.wait_response()
        assert "Score pad opened" in opened.text()
        pad_id = 1  # the first pad of this database
        note = await fake.wait_for_message(
            table.channel, lambda m: "had no entry for 1 hour" in m.content, timeout=30)
        assert "Nothing counts" in note.content
        await bot.delivery.drain(10)
        closed = fake.message(pad.message().id)
        assert closed.embeds[0].title == "Score pad — cancelled"
        assert not [b for b in closed.buttons if not b.disabled], "no live controls"
        assert (await bot.storage.pads.load_pad(pad_id)).entries[-1]["why"] == "idle"
        assert await bot.storage.pads.load_open_pads() == []


async def test_missing_permissions_are_named_before_a_pad_opens(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A pad whose channel refuses its sheets would be cancelled: it never opens there."""
    fake = fake_discord
    table = Table(fake, ["asha"])
    closed = fake.create_channel(table.guild, "no-files", bot_deny=Perm.ATTACH_FILES)
    async with bot_running(fake, tmp_path / "k.db") as bot:
        record = await fake.slash(table.people[0], closed, "kachuful scorepad", {})
        await record.wait_response()
        assert record.response is not None and record.response.ephemeral
        assert "Attach Files" in record.text()
        assert bot.pads.in_channel(closed.id) is None and fake.channel_messages(closed) == []
    assert_answered_fast(fake)
