"""Two people and two computer players; one person's DMs are closed, and they play
through the table's "My hand" button."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import People, Table, assert_answered_fast, bot_running, open_table
from tests.fake_discord.driver import FakeDiscord


async def test_a_person_with_closed_dms_plays_through_my_hand(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha, bikram = table.people
    fake.set_dms_closed(bikram)
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=1, computers=2)
        people = People(fake, bot, table, game_id, random.Random(7))
        people.dms_closed.add(bikram.id)
        await people.play_to_the_end()
        await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                    timeout=30)
        notes = [m for m in fake.channel_messages(table.channel)
                 if f"<@{bikram.id}>" in m.content and "direct messages" in m.content]
        assert len(notes) == 1, "the channel is told once"
        assert fake.dm_messages(bikram) == []
        refused = [e for e in fake.api_errors if e.code == 50007]
        assert len(refused) == 1, "the bot never retries DMs to that player"
        hands = [m for m in fake.ephemeral_messages(bikram) if m.attachments]
        assert hands and all(m.visible_to == bikram.id for m in hands)
        assert len(fake.dm_messages(asha)) > 0
    assert_answered_fast(fake)
