"""A whole game against a fake Discord that enforces Discord's documented rate limits: the
global 50 requests per second with the bot token, 5 per 5 s per channel for sending, editing
and deleting messages, per-token webhook buckets. The game finishes, nothing it sends is lost,
and the bot never hits the global limit."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.deal_sheets import deal_sheets
from tests.e2e.harness import (
    People,
    Table,
    assert_answered_fast,
    bot_running,
    hand_message,
    open_table,
)
from tests.fake_discord.fixtures import healthy_fake_discord
from tests.fake_discord.rate_limits import BOT_TOKEN, INTERACTION, RateLimits


async def test_a_whole_game_within_discords_rate_limits(tmp_path: Path) -> None:
    async with healthy_fake_discord(rate_limits=RateLimits()) as fake:
        table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
        async with bot_running(fake, tmp_path / "k.db") as bot:
            game_id = await open_table(fake, table, {"preset": "short", "max_hand": 2},
                                     joiners=3)
            people = People(fake, bot, table, game_id, random.Random(27))
            await people.play_to_the_end()
            final = await fake.wait_for_message(
                table.channel, lambda m: "Fair-deal proof" in m.content, timeout=60
            )
            stored = await bot.storage.games.load_game(game_id)
            assert stored.status == "finished" and stored.game is not None
            deals = len(stored.game.results())
            assert len(deal_sheets(fake, table.channel)) == deals, \
                "every deal's score sheet arrived"
            assert any(a.filename.endswith(".json") for a in final.attachments)
        counters = fake.counters
        assert counters.global_429s == 0, counters.rate_limited
        assert counters.by_class[BOT_TOKEN] > 0 and counters.by_class[INTERACTION] >= people.clicks
        assert counters.bans == 0
    assert_answered_fast(fake)


EDIT = "/channels/{channel_id}/messages/{message_id}"


async def test_hands_that_meet_a_burst_of_global_429s_arrive_once_it_clears(
    tmp_path: Path,
) -> None:
    # Every bot-token edit of a DM answers a global 429 for a while, longer than
    # discord.py's own retries last, and no click token can stand in (they are refused).
    async with healthy_fake_discord(allow=lambda e: e.status in (401, 429),
                                    rate_limits=RateLimits()) as fake:
        table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
        async with bot_running(fake, tmp_path / "k.db") as bot:
            game_id = await open_table(fake, table, {"preset": "short", "max_hand": 2},
                                     joiners=3)
            people = People(fake, bot, table, game_id, random.Random(3))
            assert await people.play_one()
            turn = await fake.wait_for(people.next_move, timeout=10, poll=0.05,
                                       what="the second person's controls")
            await bot.delivery.drain(10)
            fake.interaction_token_lifetime = 0.0
            assert isinstance(turn, tuple)
            hands = {user.id: hand for user in table.people
                     if (hand := hand_message(fake, user)) is not None}
            assert list(hands) == [turn[0].id], "one person's turn"
            edits_before = {m.id: m.edit_count for user in table.people
                            for m in fake.dm_messages(user)}
            burst = [fake.inject("PATCH", EDIT, status=429, count=None, retry_after=0.05,
                                 is_global=True, channel_id=channel.id)
                     for user in table.people if (channel := fake.dm_channel(user))]
            mover = next(iter(hands))
            assert await people.play_one()
            # Both hands that changed (the mover's, the next person's) met more 429s than
            # discord.py retries (5 each): the delivery had them, and tried again.
            await fake.wait_for(lambda: sum(rule.hits for rule in burst) >= 12, timeout=20,
                                poll=0.05, what="the burst to outlast discord.py's retries")
            assert people.next_move() is None, "nobody's controls got through the burst"
            fake.clear_faults()
            found = await fake.wait_for(people.next_move, timeout=60, poll=0.05,
                                        what="the next person's controls after the burst")
            assert isinstance(found, tuple) and found[0].id != mover
            await bot.delivery.drain(10)
            edited = {m.id: m.edit_count - edits_before.get(m.id, 0)
                      for user in table.people for m in fake.dm_messages(user)}
            # Exactly the two hands changed, each edited exactly once.
            assert sorted(n for n in edited.values() if n) == [1, 1]
            assert edited[found[1].id] == 1 and edited[hands[mover].id] == 1
