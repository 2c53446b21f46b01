"""A person and three computer players play a short game to the end."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import Table, bot_running, choose, hand_message, move_buttons
from tests.fake_discord.driver import FakeDiscord


async def test_one_person_and_three_computers_play_a_short_game(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha"])
    asha = table.people[0]
    rng = random.Random(5)
    async with bot_running(fake, tmp_path / "k.db") as bot:
        record = await fake.slash(asha, table.channel, "kachuful start", {"preset": "short"})
        await record.wait_response()
        lobby = await fake.wait_for(table.lobby, what="the lobby")
        menu = next(s for s in lobby.selects)
        for _ in range(3):
            record = await fake.select(asha, lobby, menu.custom_id or "", ["medium"])
            await record.wait_response()
            lobby = await fake.wait_for(table.lobby)
        start = next(b for b in lobby.buttons if b.label == "Start")
        await (await fake.click(asha, lobby, start.custom_id or "")).wait_response()
        game_id = int((start.custom_id or "").split(":")[2])
        moves = 0
        clicked: set[str] = set()

        def next_hand() -> object:
            if bot.service.registry.get(game_id) is None:
                return "over"
            message = hand_message(fake, asha)
            if message is None or not set(move_buttons(message)) - clicked:
                return None
            return message

        while True:
            found = await fake.wait_for(next_hand, timeout=20, what="asha's next move")
            if found == "over":
                break
            assert not isinstance(found, str)
            options = [o for o in move_buttons(found) if o not in clicked]
            choice = choose(rng, options)
            clicked.update(move_buttons(found))
            await (await fake.click(asha, found, choice)).wait_response()
            moves += 1
        final = await fake.wait_for_message(
            table.channel, lambda m: "Fair-deal proof" in m.content, timeout=20
        )
        assert moves >= 9 + 25  # 9 bids and 25 cards in a 5-4-3-2-1-2-3-4-5 game
        assert any(a.filename.endswith(".json") for a in final.attachments)
