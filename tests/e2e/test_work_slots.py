"""Clicks are acknowledged even while every work slot of the bot is taken.

Under load the bot runs only a few game steps at once (``KachufulBot.work_slots``);
the acknowledgement must not wait for a slot, or Discord would fail the interaction
after 3 seconds. The work itself waits its turn and then happens, in order."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from engine import Bid, Play
from tests.e2e.harness import (
    People,
    Table,
    assert_answered_fast,
    bot_running,
    move_buttons,
    open_table,
)
from tests.fake_discord.driver import FakeDiscord


async def test_clicks_are_acknowledged_while_the_work_waits_for_a_slot(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    async with bot_running(fake, tmp_path / "k.db", work_slots=1) as bot:
        game_id = await open_table(fake, table, {}, joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None and session.game is not None
        game = session.game
        people = People(fake, bot, table, game_id, random.Random(3))
        found = await fake.wait_for(people.next_move, timeout=20, poll=0.05)
        assert not isinstance(found, str)
        user, hand = found
        before = game.action_count

        await bot.service.ctx.bench.slots.acquire()  # every slot busy (there is one)
        try:
            choice = move_buttons(hand)[0]
            record = await fake.click(user, hand, choice)
            # Answered while the only slot is still held: the answer did not wait for it.
            await asyncio.wait_for(record.wait_response(), timeout=2.5)
            assert record.response is not None
            await asyncio.sleep(0.3)
            assert game.action_count == before, "the move waited for a work slot"
        finally:
            bot.service.ctx.bench.slots.release()
        await fake.wait_for(lambda: game.action_count > before, timeout=10,
                            what="the move to be applied", poll=0.05)
        applied = game.log[before]
        assert isinstance(applied, Bid | Play) and applied.seat == session.seat_of(user.id)
        people.clicked.add(choice)
        for _ in range(4):  # and the game goes on as usual
            assert await people.play_one()
        assert game.action_count > before + 4
    assert_answered_fast(fake)
