"""Call Break in Discord: four people play a whole match through their DMs (only legal
calls offered), the channel's score messages and the final standings match a replay of
the stored record, the leaderboards keep the games apart; and a table with computers."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from engine import CallBreakGame
from engine.callbreak import CallBreakRules, points_text
from engine.record import game_from_record, game_to_record
from tests.e2e.deal_sheets import deal_sheets, score_lines
from tests.e2e.harness import People, Table, assert_answered_fast, bot_running, open_table
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Message, User

SCORE_LINE = re.compile(r"^(?P<mark>[✓✗]) (?P<name>.+): called (?P<call>\d+), "
                        r"took (?P<took>\d+): (?P<points>[+-]?\d+\.\d) "
                        r"\(total (?P<total>-?\d+\.\d)\)$")
DEALS = 5


def signed_text(tenths: int) -> str:
    text = points_text(tenths)
    return f"+{text}" if tenths > 0 else text


class CallingPeople(People):
    """People who also note every number a hand message offered them as a call
    (enabled or not) before they click."""

    offered: set[int]

    def next_move(self) -> tuple[User, Message] | str | None:
        found = super().next_move()
        if isinstance(found, tuple):
            self.offered = getattr(self, "offered", set()) | {
                int((button.custom_id or "").rsplit(".", 1)[-1])
                for button in found[1].buttons if (button.custom_id or "").startswith("kf:bid:")
            }
        return found


async def test_four_people_play_a_whole_callbreak_match(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"game": "callbreak"}, joiners=3)
        lobby = next(m for m in fake.channel_messages(table.channel) if m.embeds)
        assert lobby.embeds[0].title == "Call Break — a new table"
        assert "Call Break" in (lobby.embeds[0].description or "")
        people = CallingPeople(fake, bot, table, game_id, random.Random(30))
        await people.play_to_the_end()
        final = await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                            timeout=30)

        # The calls offered were only the legal ones: 1 to 8.
        assert people.offered == set(range(1, 9))

        stored = await bot.storage.games.load_game(game_id)
        assert stored.status == "finished" and isinstance(stored.game, CallBreakGame)
        assert stored.rules == CallBreakRules()
        record = game_to_record(stored.game, include_seed=True)
        assert record["game"] == "callbreak"
        replayed = game_from_record(record, check_seed=True)
        assert isinstance(replayed, CallBreakGame)
        results = replayed.results()
        assert len(results) == DEALS
        assert people.clicks == 4 * DEALS + 4 * 13 * DEALS
        assert replayed.totals() == stored.game.totals()

        # Every deal's score sheet (its closed table message) matches the replay, with one
        # decimal.
        names = list(replayed.players)
        scored = deal_sheets(fake, table.channel)
        assert len(scored) == DEALS
        for message, result in zip(scored, results, strict=True):
            lines = [SCORE_LINE.match(line) for line in score_lines(message)]
            assert all(lines), message.content
            for seat, match in enumerate(lines):
                assert match is not None
                assert match["name"] == names[seat]
                assert int(match["call"]) == result.bids[seat]
                assert int(match["took"]) == result.tricks[seat]
                assert match["mark"] == ("✓" if result.tricks[seat] >= result.bids[seat] else "✗")
                assert match["points"] == signed_text(result.scores[seat])
                assert match["total"] == points_text(result.totals[seat])
        # A finished trick is shown in the table message (caption and picture), not in a
        # message of its own: each deal's closed table keeps its last trick.
        tricks = [m for m in fake.channel_messages(table.channel)
                  if any(f"Deal {deal}, trick 13: " in m.content and " wins with " in m.content
                         for deal in range(1, DEALS + 1))]
        assert len(tricks) == DEALS
        assert all(any(a.is_png() for a in m.attachments) for m in tricks)

        # The final standings: the winners first, the totals with one decimal, the record.
        places, winners = replayed.standings()
        first_line = final.content.splitlines()[0]
        assert all(names[seat] in first_line for seat in winners)
        for seat in range(4):
            assert f"{places[seat]}. {names[seat]} — {points_text(replayed.totals()[seat])}" \
                in final.content
        saved = next(a for a in final.attachments if a.filename.endswith(".json"))
        assert json.loads(saved.data)["game"] == "callbreak"

        # The Call Break leaderboard counts the game; Kachuful's does not.
        answer = await fake.slash(table.people[0], table.channel, "kachuful leaderboard",
                                  {"sort": "wins", "game": "callbreak"})
        await answer.wait_response()
        board = answer.messages[0].embeds[0]
        assert board.title == "Call Break leaderboard — all time"
        assert all(name in (board.description or "") for name in names)
        rows = (board.description or "").splitlines()
        assert len(rows) == 4
        assert all(re.search(r" -?\d+\.\d pts · .* calls made \d+%", row) for row in rows), rows
        answer = await fake.slash(table.people[0], table.channel, "kachuful leaderboard",
                                  {"sort": "wins"})
        await answer.wait_response()
        assert "No one has played" in (answer.messages[0].embeds[0].description or "")

        # Rematch keeps the game.
        rematch = final.button("Rematch")
        await (await fake.click(table.people[1], final, rematch.custom_id or "")).wait_response()
        lobby = await fake.wait_for(table.lobby, what="the rematch lobby")
        assert lobby.embeds[0].title == "Call Break — a new table"
    assert_answered_fast(fake)


async def test_people_and_computers_play_a_short_callbreak_match(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"game": "callbreak", "deals": 2}, joiners=1,
                                   computers=2, level="hard")
        answer = await fake.slash(table.people[0], table.channel, "kachuful rules")
        await answer.wait_response()
        rules = answer.messages[0].content
        assert rules.startswith("**Call Break** — 2 deals"), rules
        assert "0.1 for each extra trick" in rules and "docs/callbreak.md" in rules
        people = People(fake, bot, table, game_id, random.Random(7))
        await people.play_to_the_end()
        await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                    timeout=30)
        stored = await bot.storage.games.load_game(game_id)
        assert stored.status == "finished" and isinstance(stored.game, CallBreakGame)
        assert [seat.computer_level for seat in stored.seats] == [None, None, "hard", "hard"]
        assert stored.game.deal_count == 2
        # The people made only their own moves; the computers every other one.
        assert people.clicks == 2 * 2 + 2 * 13 * 2
        replayed = game_from_record(game_to_record(stored.game, include_seed=True),
                                    check_seed=True)
        assert replayed.totals() == stored.game.totals()
    assert_answered_fast(fake)


async def test_a_callbreak_game_is_picked_up_after_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    database = tmp_path / "k.db"
    async with bot_running(fake, database) as bot:
        game_id = await open_table(fake, table, {"game": "callbreak", "deals": 1}, joiners=1,
                                   computers=2)
        people = People(fake, bot, table, game_id, random.Random(3))
        for _ in range(6):  # the calls, and the first cards
            assert await people.play_one()
        session = bot.service.registry.get(game_id)
        assert session is not None and session.game is not None
    # Read once the bot has stopped: the computers' moves in flight are saved by then.
    before = session.game.log
    assert len(before) > 6
    async with bot_running(fake, database) as again:
        resumed = again.service.registry.get(game_id)
        assert resumed is not None and isinstance(resumed.game, CallBreakGame)
        assert resumed.game.log == before, "the Call Break game was rebuilt exactly"
        people = People(fake, again, table, game_id, random.Random(4))
        await people.play_to_the_end()
        await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                    timeout=30)
        stored = await again.storage.games.load_game(game_id)
        assert stored.status == "finished" and isinstance(stored.game, CallBreakGame)


async def test_options_of_the_other_game_are_refused_and_open_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        for options in ({"game": "callbreak", "players": 7},
                        {"game": "callbreak", "preset": "short"},
                        {"game": "callbreak", "hook": False},
                        {"deals": 3}):
            answer = await fake.slash(table.people[0], table.channel, "kachuful start", options)
            await answer.wait_response()
            text = answer.messages[0].content
            assert text.startswith("Those rules don't work:"), (options, text)
        assert table.lobby() is None
        assert bot.service.open_games() == 0


async def test_a_callbreak_game_moves_into_a_thread_named_for_call_break(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha = table.people[0]
    table.make_manager(asha)
    async with bot_running(fake, tmp_path / "k.db") as bot:
        saved = await fake.slash(asha, table.channel, "kachuful settings", {"thread_mode": True})
        await saved.wait_response()
        game_id = await open_table(fake, table, {"game": "callbreak", "deals": 1}, joiners=1,
                                   computers=2)
        session = bot.service.registry.get(game_id)
        assert session is not None
        await fake.wait_for(lambda: session.thread_id is not None, poll=0.05)
        assert fake.channel(session.thread_id or 0).name == f"Call Break game {game_id}"
    assert_answered_fast(fake)
