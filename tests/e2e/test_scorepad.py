"""A score pad end to end against the fake Discord: five players (one a guest without
Discord) keep the score of a game played with real cards, with a restart in the middle
of a deal and a correction, and the leaderboard counts it as a table game."""

from __future__ import annotations

import re
from pathlib import Path

from bot.app import KachufulBot
from engine.record import game_from_record
from tests.e2e.harness import Table, assert_answered_fast, bot_running
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.interactions import InteractionRecord
from tests.fake_discord.models import Message, User

KEEPER_SEAT, BIKRAM, CHANDRA, ESHA, DEEPA = range(5)


class Pad:
    """The channel's pad message, clicked like people at a table would."""

    def __init__(self, fake: FakeDiscord, table: Table, bot: KachufulBot) -> None:
        self.fake, self.table, self.bot = fake, table, bot

    def message(self) -> Message:
        for message in reversed(self.fake.channel_messages(self.table.channel)):
            if message.embeds and (message.embeds[0].title or "").startswith("Score pad"):
                return message
        raise AssertionError("no score pad message")

    @property
    def pad_id(self) -> int:
        pad = self.bot.pads.in_channel(self.table.channel.id)
        assert pad is not None
        return pad.pad_id

    def entries(self) -> int:
        pad = self.bot.pads.in_channel(self.table.channel.id)
        return 0 if pad is None else len(pad.entries)

    async def settled(self, entries: int) -> Message:
        """Wait for the entry to be saved and the pad message to show it."""
        await self.fake.wait_for(lambda: self.entries() >= entries, what=f"{entries} entries",
                                 poll=0.05)
        await self.bot.delivery.drain(5)
        return self.message()

    async def click(self, user: User, custom_id: str) -> InteractionRecord:
        record = await self.fake.click(user, self.message(), custom_id)
        await record.wait_response()
        return record

    async def finish(self, keeper: User) -> None:
        """The keeper presses Finish and confirms it."""
        confirm = await self.label(keeper, "Finish")
        (question,) = confirm.ephemeral_messages
        done = await self.fake.click(keeper, question,
                                     question.button("Finish the game").custom_id or "")
        await done.wait_response()

    async def label(self, user: User, label: str) -> InteractionRecord:
        return await self.click(user, self.message().button(label).custom_id or "")

    async def number(self, user: User, kind: str, seat: int, value: int) -> InteractionRecord:
        wanted = f":{seat}.{value}"
        for button in self.message().buttons:
            if (button.custom_id or "").startswith(f"kf:{kind}:") and (
                button.custom_id or ""
            ).endswith(wanted):
                return await self.click(user, button.custom_id or "")
        raise AssertionError(f"no {kind} button {seat}.{value}")

    async def refused(self, user: User, kind: str, seat: int, value: int) -> str:
        """A click the pad turns down: its answer comes to the clicker alone."""
        before = self.entries()
        record = await self.number(user, kind, seat, value)
        text = await self.fake.wait_for(record.text, what="the refusal")
        assert all(m.ephemeral for m in record.messages)
        assert self.entries() == before
        return text

    async def enter(self, user: User, kind: str, seat: int, value: int) -> None:
        before = self.entries()
        await self.number(user, kind, seat, value)
        await self.settled(before + 1)


async def test_a_five_player_pad_with_a_guest_a_restart_and_a_correction(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
    asha, bikram, chandra, deepa = table.people
    database = tmp_path / "k.db"
    async with bot_running(fake, database) as bot:
        pad = Pad(fake, table, bot)
        opened = await fake.slash(asha, table.channel, "kachuful scorepad",
                                  {"max_hand": 2, "schedule": "down"})
        await opened.wait_response()
        await pad.settled(1)
        for user in (bikram, chandra, deepa):
            await pad.label(user, "Join")
        await pad.settled(4)
        shown = await fake.click(asha, pad.message(), pad.message().button("Add a guest…")
                                 .custom_id or "")
        await shown.wait_response()
        added = await fake.submit_modal(asha, shown, {"name": "Esha"})
        await added.wait_response()
        assert "Guest added" in added.text()
        await pad.settled(5)
        # Esha sits between Chandra and Deepa; Asha deals first.
        up = next(s for s in pad.message().selects if "padup" in (s.custom_id or ""))
        await (await fake.select(asha, pad.message(), up.custom_id or "", ["4"])).wait_response()
        await pad.settled(6)
        dealer = next(s for s in pad.message().selects if "paddealer" in (s.custom_id or ""))
        await (await fake.select(asha, pad.message(), dealer.custom_id or "", ["0"])
               ).wait_response()
        message = await pad.settled(7)
        text = message.embeds[0].description or ""
        assert "**Deal 1 of 2**: 2 cards" in text and "asha deals · bikram bids first" in text
        assert "Esha (guest)" in text

        # Deal 1. Only a player's own row (or the keeper) answers them.
        refused = await pad.refused(chandra, "padbid", BIKRAM, 1)
        assert "Only that player or the score keeper" in refused
        await pad.enter(bikram, "padbid", BIKRAM, 1)
        await pad.enter(chandra, "padbid", CHANDRA, 0)
        await pad.enter(asha, "padbid", ESHA, 0)  # the keeper enters the guest's bid
        await pad.enter(deepa, "padbid", DEEPA, 0)
        hooked = next(b for b in pad.message().buttons if (b.custom_id or "").endswith(":0.1"))
        assert hooked.disabled
        assert "asha is the dealer and can't bid 1" in (pad.message().embeds[0].description or "")
        await pad.enter(asha, "padbid", KEEPER_SEAT, 0)
        await pad.enter(bikram, "padtricks", BIKRAM, 1)
        await pad.enter(chandra, "padtricks", CHANDRA, 1)
        too_many = await pad.refused(asha, "padtricks", ESHA, 1)
        assert "add up to 3: 1 more than the 2 in this deal" in too_many
        for user, seat in ((asha, ESHA), (deepa, DEEPA), (asha, KEEPER_SEAT)):
            await pad.enter(user, "padtricks", seat, 0)
        sheet = await fake.wait_for_message(table.channel, lambda m: "deal 1 of 2 scored" in
                                            m.content)
        assert sheet.png_attachments()
        # Deal 2, one card, Bikram deals: the bids go in, then the bot restarts.
        for user, seat in ((chandra, CHANDRA), (asha, ESHA), (deepa, DEEPA),
                           (asha, KEEPER_SEAT), (bikram, BIKRAM)):
            await pad.enter(user, "padbid", seat, 0)
        pad_id, before = pad.pad_id, bot.pads.get(pad.pad_id).snapshot()
        old_message = pad.message()

    async with bot_running(fake, database) as again:
        pad = Pad(fake, table, again)
        assert again.pads.get(pad_id).snapshot() == before, "nothing was lost"
        assert pad.message().id == old_message.id, "the same pad message goes on"
        for user, seat, won in ((chandra, CHANDRA, 0), (asha, ESHA, 0), (deepa, DEEPA, 1),
                                (asha, KEEPER_SEAT, 0), (bikram, BIKRAM, 0)):
            await pad.enter(user, "padtricks", seat, won)
        # The keeper corrects deal 1: Deepa took the trick written down for Chandra.
        entries = pad.entries()
        form = await fake.click(asha, pad.message(), pad.message().button("Correct a deal…")
                                .custom_id or "")
        await form.wait_response()
        fixed = await fake.submit_modal(asha, form, {"deal": "1", "what": "tricks",
                                                     "values": "0 1 0 0 1"})
        await fixed.wait_response()
        message = await pad.settled(entries + 1)
        assert "Corrected by the keeper: deal 1" in (message.embeds[0].footer or "")
        assert again.pads.get(pad_id).snapshot().totals == (20, 21, 20, 20, 0)
        record = again.pads.channel_record(table.channel.id)
        assert record is not None
        assert record["deals"][0]["corrections"] == [{"field": "tricks", "was": [0, 1, 1, 0, 0]}]
        # Finish, after confirming.
        await pad.finish(asha)
        final = await fake.wait_for_message(table.channel, lambda m: "table game" in m.content)
        assert "bikram won with 21" in final.content and final.png_attachments()
        # The people's rating changes, the winner's up; the guest is not rated.
        changes = final.content.splitlines()[-1]
        assert re.search(r"bikram rating \+\d+", changes), changes
        assert changes.count("rating ") == 4 and "Esha" not in changes

        board = await again.storage.stats.leaderboard(table.guild.id, kinds="table", sort="points")
        assert [(row.display_name, row.points) for row in board.rows] == [
            ("bikram", 21), ("asha", 20), ("chandra", 20), ("deepa", 0)
        ]  # the guest never ranks
        assert (await again.storage.stats.leaderboard(table.guild.id, kinds="online")).rows == ()
        shown_board = await fake.slash(asha, table.channel, "kachuful leaderboard",
                                       {"games": "table"})
        await shown_board.wait_response()
        (posted,) = shown_board.messages
        assert "table games only" in (posted.embeds[0].footer or "")
        assert "bikram" in (posted.embeds[0].description or "")
        assert "Esha" not in (posted.embeds[0].description or "")
        asked = await fake.slash(deepa, table.channel, "kachuful record", {})
        await asked.wait_response()
        assert "score pad's record" in asked.text()
        record = again.pads.channel_record(table.channel.id)
        assert record is not None and game_from_record(record).totals() == (20, 21, 20, 20, 0)
        # By the game's number too: the first game of this server is the pad's table game,
        # and its record is the pad's (from storage, not from the pads in memory).
        assert await again.storage.pads.pad_of_game(1) is not None
        by_number = await fake.slash(deepa, table.channel, "kachuful record", {"game": 1})
        await by_number.wait_response()
        assert "score pad's record" in by_number.text()
    assert_answered_fast(fake)
