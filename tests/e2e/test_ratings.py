"""Skill ratings through the real bot: a finished game's standings show each person's
rating change, the leaderboard ranks by rating by default (provisional players marked,
computers rated but never listed), and the stats show the rating with a picture."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.adapter.words.texts import rating_number, signed
from tests.e2e.harness import People, Table, assert_answered_fast, bot_running, open_table
from tests.fake_discord.driver import FakeDiscord

CHANGE = re.compile(r" · rating (?P<change>[+−±]\d+)$")
BOARD_LINE = re.compile(
    r"^\*\*(?P<rank>\d+)\.\*\* (?P<name>\S+) — rating \*\*(?P<rating>−?\d+)\*\* "
    r"\(1 rated game\) · provisional$"
)


async def test_a_finished_game_rates_its_people(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha, bikram = table.people
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=1, computers=1,
                                   level="hard")
        await People(fake, bot, table, game_id, random.Random(21)).play_to_the_end()
        final = await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                            timeout=30)
        stored = await bot.storage.games.load_game(game_id)
        computer = next(seat.display_name for seat in stored.seats if seat.is_computer)
        lines = final.content.split("\n\n")[0].splitlines()[1:]
        assert len(lines) == 3
        changes = {}
        for line in lines:
            match = CHANGE.search(line)
            if computer in line:
                assert match is None, "a computer's rating change is not shown"
                continue
            assert match is not None, line
            changes["asha" if "asha" in line else "bikram"] = match["change"]
        for person, name in ((asha, "asha"), (bikram, "bikram")):
            stats = await bot.storage.stats.player_stats(table.guild.id, person.id)
            assert stats.rating_change is not None
            assert changes[name] == signed(stats.rating_change)

        # The leaderboard ranks by rating unless asked otherwise.
        record = await fake.slash(asha, table.channel, "kachuful leaderboard", {})
        await record.wait_response()
        embed = record.messages[0].embeds[0]
        rows = [BOARD_LINE.match(line) for line in (embed.description or "").splitlines()]
        assert all(rows) and len(rows) == 2, embed.description
        assert computer not in (embed.description or ""), "computers are never listed"
        shown = {row["name"]: int(row["rating"].replace("−", "-")) for row in rows if row}
        for person, name in ((asha, "asha"), (bikram, "bikram")):
            assert shown[name] == (await bot.storage.stats.player_stats(table.guild.id,
                                                                   person.id)).rating
        ratings = [int(row["rating"].replace("−", "-")) for row in rows if row]
        assert ratings == sorted(ratings, reverse=True)
        assert "Sorted by skill rating" in (embed.footer or "")

        stats_record = await fake.slash(bikram, table.channel, "kachuful stats", {})
        await stats_record.wait_response()
        message = stats_record.messages[0]
        fields = {f["name"]: f["value"] for f in message.raw_embeds[0]["fields"]}
        rating = (await bot.storage.stats.player_stats(table.guild.id, bikram.id)).rating
        assert rating is not None
        assert fields["Skill rating"].startswith(f"**{rating_number(rating)}** after 1 rated game")
        assert f"{changes['bikram']} in the last game" in fields["Skill rating"]
        assert "provisional" in fields["Skill rating"]
        assert [a.filename for a in message.png_attachments()] == ["rating-history.png"]
    assert_answered_fast(fake)
