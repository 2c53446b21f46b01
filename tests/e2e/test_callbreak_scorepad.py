"""A Call Break score pad end to end: four players keep the score of a Call Break deal
played with real cards; only calls 1 to 8 are offered, there is no revoke mark, scores
are shown with one decimal, and the result counts on Call Break's leaderboard."""

from __future__ import annotations

from pathlib import Path

from engine import CallBreakGame
from engine.record import game_from_record
from tests.e2e.harness import Table, assert_answered_fast, bot_running
from tests.e2e.test_scorepad import Pad
from tests.fake_discord.driver import FakeDiscord

ASHA, BIKRAM, CHANDRA, DEEPA = range(4)


async def test_a_callbreak_score_pad(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
    asha, bikram, chandra, deepa = table.people
    async with bot_running(fake, tmp_path / "k.db") as bot:
        pad = Pad(fake, table, bot)
        opened = await fake.slash(asha, table.channel, "kachuful scorepad",
                                  {"game": "callbreak", "deals": 1})
        await opened.wait_response()
        await pad.settled(1)
        assert pad.message().embeds[0].title == "Score pad — Call Break with real cards"
        for user in (bikram, chandra, deepa):
            await pad.label(user, "Join")
        await pad.settled(4)
        dealer = next(s for s in pad.message().selects if "paddealer" in (s.custom_id or ""))
        await (await fake.select(asha, pad.message(), dealer.custom_id or "", ["0"])
               ).wait_response()
        message = await pad.settled(5)
        text = message.embeds[0].description or ""
        assert "**Deal 1 of 1**: 13 cards" in text and "asha deals · bikram calls first" in text
        assert "**bikram** to call." in text
        calls = {int((b.custom_id or "").rsplit(".", 1)[-1]): b.disabled
                 for b in message.buttons if (b.custom_id or "").startswith("kf:padbid:")}
        assert {value for value, disabled in calls.items() if not disabled} == set(range(1, 9))
        assert all(label != "Revoke…" for label in (b.label for b in message.buttons))

        for user, seat, call in ((bikram, BIKRAM, 4), (chandra, CHANDRA, 3),
                                 (deepa, DEEPA, 2), (asha, ASHA, 3)):
            await pad.enter(user, "padbid", seat, call)
        pad_id, before = pad.pad_id, bot.pads.get(pad.pad_id).snapshot()

    # A restart between the calls and the count: the pad is read back as Call Break's.
    async with bot_running(fake, tmp_path / "k.db") as bot:
        pad = Pad(fake, table, bot)
        assert bot.pads.get(pad_id).snapshot() == before, "nothing was lost"
        for user, seat, took in ((bikram, BIKRAM, 6), (chandra, CHANDRA, 3),
                                 (deepa, DEEPA, 1), (asha, ASHA, 3)):
            await pad.enter(user, "padtricks", seat, took)
        sheet = await fake.wait_for_message(table.channel,
                                            lambda m: "deal 1 of 1 scored" in m.content)
        assert sheet.png_attachments()
        text = pad.message().embeds[0].description or ""
        # The deal is scored (the next one would start): totals with one decimal.
        assert "bikram: call — · tricks — · total 4.2" in text, text
        assert "deepa: call — · tricks — · total -2.0" in text, text

        # The keeper corrects the count the table agrees on afterwards: Asha 4, Bikram 5.
        entries = pad.entries()
        form = await fake.click(asha, pad.message(), pad.message().button("Correct a deal…")
                                .custom_id or "")
        await form.wait_response()
        fixed = await fake.submit_modal(asha, form, {"deal": "1", "what": "tricks",
                                                     "values": "4 5 3 1"})
        await fixed.wait_response()
        await pad.settled(entries + 1)
        assert bot.pads.get(pad.pad_id).snapshot().totals == (31, 41, 30, -20)

        await pad.finish(asha)
        final = await fake.wait_for_message(table.channel, lambda m: "table game" in m.content)
        assert "bikram won with 4.1" in final.content and final.png_attachments()

        board = await bot.storage.stats.leaderboard(table.guild.id, kinds="table",
                                                    sort="points", game="callbreak")
        assert [(row.display_name, row.points) for row in board.rows] == [
            ("bikram", 41), ("asha", 31), ("chandra", 30), ("deepa", -20)
        ]  # in tenths
        assert (await bot.storage.stats.leaderboard(table.guild.id, sort="points")).rows == ()
        record = bot.pads.channel_record(table.channel.id)
        assert record is not None and record["game"] == "callbreak"
        replayed = game_from_record(record)
        assert isinstance(replayed, CallBreakGame) and replayed.totals() == (31, 41, 30, -20)
    assert_answered_fast(fake)
