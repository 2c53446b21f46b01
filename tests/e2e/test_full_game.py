"""Four people play a whole classic game through their DMs; each deal's score sheet (its
closed table message) matches a replay of the stored record, and the leaderboard shows
the result."""

from __future__ import annotations

import random
import re
from pathlib import Path

from engine.record import game_from_record, game_to_record
from tests.e2e.deal_sheets import deal_sheets, score_lines
from tests.e2e.harness import People, Table, assert_answered_fast, bot_running, open_table
from tests.fake_discord.driver import FakeDiscord

SCORE_LINE = re.compile(r"^[✓✗] (?P<name>.+): bid (?P<bid>\d+), took (?P<took>\d+), "
                        r"(?P<points>[+-]\d+) → (?P<total>-?\d+)$")


async def test_four_people_play_a_whole_classic_game(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {}, joiners=3)
        people = People(fake, bot, table, game_id, random.Random(2026))
        await people.play_to_the_end()
        final = await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                            timeout=30)
        stored = await bot.storage.games.load_game(game_id)
        assert stored.status == "finished" and stored.game is not None
        replayed = game_from_record(game_to_record(stored.game, include_seed=True),
                                    check_seed=True)
        results = replayed.results()
        assert len(results) == 25
        assert people.clicks == 4 * 25 + 4 * sum(results[k].hand_size for k in range(25))

        # Every deal's score sheet (its closed table message) matches the replay.
        names = list(replayed.players)
        scored = deal_sheets(fake, table.channel)
        assert len(scored) == 25
        for message, result in zip(scored, results, strict=True):
            lines = [SCORE_LINE.match(line) for line in score_lines(message)]
            assert all(lines)
            for seat, match in enumerate(lines):
                assert match is not None
                assert match["name"] == names[seat]
                assert int(match["bid"]) == result.bids[seat]
                assert int(match["took"]) == result.tricks[seat]
                assert int(match["points"]) == result.scores[seat]
                assert int(match["total"]) == result.totals[seat]
        winners = replayed.standings()[1]
        for seat in winners:
            assert names[seat] in final.content.splitlines()[0]
        assert any(a.filename.endswith(".json") for a in final.attachments)

        # The leaderboard counts the game.
        record = await fake.slash(table.people[0], table.channel, "kachuful leaderboard",
                                  {"sort": "wins"})
        await record.wait_response()
        board = record.messages[0].embeds[0]
        text = board.description or ""
        for seat in range(4):
            assert names[seat] in text
        top = text.splitlines()[0]
        assert "1 wins" in top and names[winners[0]] in top
    assert_answered_fast(fake)
