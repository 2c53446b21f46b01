"""A channel stuck behind Discord's rate limit holds up only its own game's messages.

With one work slot, game A's channel answers every post and edit with a 429 asking
to wait 2 s (discord.py waits it out, again and again). If any game step waited on
Discord while holding the slot, game B — in another server — would stop too. It does
not: B's clicks are applied and shown meanwhile, and A's own clicks are applied;
A's messages catch up once its channel is let go."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import (
    People,
    Table,
    assert_answered_fast,
    bot_running,
    open_table,
    table_message_id,
)
from tests.fake_discord.driver import FakeDiscord

MESSAGES = "/channels/{channel_id}/messages"


async def test_a_rate_limited_channel_does_not_starve_other_games(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table_a = Table(fake, ["asha"])
    table_b = Table(fake, ["bikram"])
    async with bot_running(fake, tmp_path / "k.db", work_slots=1) as bot:
        game_a = await open_table(fake, table_a, {"preset": "short"}, joiners=0, computers=2)
        game_b = await open_table(fake, table_b, {"preset": "short"}, joiners=0, computers=2)
        session_a = bot.service.registry.get(game_a)
        session_b = bot.service.registry.get(game_b)
        assert session_a is not None and session_a.game is not None
        assert session_b is not None and session_b.game is not None
        people_a = People(fake, bot, table_a, game_a, random.Random(61))
        people_b = People(fake, bot, table_b, game_b, random.Random(62))
        assert await people_a.play_one()
        await bot.delivery.drain(10)
        table_a_message = fake.message(table_message_id(bot, game_a) or 0)
        shown_a = table_a_message.content

        stuck = [fake.inject(method, route, status=429, count=None, retry_after=2.0,
                             channel_id=table_a.channel.id)
                 for method, route in (("POST", MESSAGES), ("PATCH", MESSAGES + "/{message_id}"))]
        # Asha moves: applied at once, though none of it can be shown in A's channel.
        before_a = session_a.game.action_count
        assert await people_a.play_one()
        await fake.wait_for(lambda: session_a.game is not None
                            and session_a.game.action_count > before_a,
                            timeout=10, poll=0.05, what="asha's move to be applied")
        await fake.wait_for(lambda: sum(rule.hits for rule in stuck) > 0, timeout=10,
                            poll=0.05, what="A's channel to be rate limited")

        # Meanwhile B plays on: every click is applied, and the next hand is shown.
        before_b = session_b.game.action_count
        for _ in range(6):
            assert await people_b.play_one(timeout=15)
        assert session_b.game.action_count >= before_b + 6
        await fake.wait_for(
            lambda: fake.message(table_message_id(bot, game_b) or 0).edit_count > 0,
            timeout=10, poll=0.05, what="B's table to be edited")
        assert fake.message(table_a_message.id).content == shown_a, "A's channel was stuck"
        assert sum(rule.hits for rule in stuck) >= 1

        # A's channel is let go: its game goes on and its table catches up.
        fake.clear_faults()
        for _ in range(3):
            assert await people_a.play_one(timeout=30)
        await fake.wait_for(
            lambda: fake.message(table_message_id(bot, game_a) or 0).content != shown_a,
            timeout=30, poll=0.1, what="A's table to catch up")
    assert_answered_fast(fake)
