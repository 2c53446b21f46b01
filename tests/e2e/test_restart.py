"""The bot is stopped mid-trick and a new one started on the same database: the old
buttons keep working and the game finishes as the stored moves say."""

from __future__ import annotations

import random
from pathlib import Path

from engine.record import game_from_record, game_to_record
from tests.e2e.harness import (
    People,
    Table,
    assert_answered_fast,
    bot_running,
    hand_message,
    move_buttons,
    open_table,
)
from tests.fake_discord.driver import FakeDiscord


async def test_a_restart_mid_trick_loses_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    database = tmp_path / "k.db"
    async with bot_running(fake, database) as bot:
        assert fake.command("kachuful")["options"], "the commands were registered on first start"
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=1, computers=1)
        people = People(fake, bot, table, game_id, random.Random(11))
        session = bot.service.registry.get(game_id)
        assert session is not None and session.game is not None
        game = session.game
        # Play until a trick is under way and a person has been shown their move.
        while True:
            found = await fake.wait_for(people.next_move, timeout=30, poll=0.05)
            assert not isinstance(found, str)
            user, old = found
            if game.current_trick() and game.phase.value == "playing":
                break
            assert await people.play_one()
        before = game.log
        assert hand_message(fake, user) is old
    # The bot is gone; a new process (here: a new client) starts on the same database.
    async with bot_running(fake, database) as again:
        assert len(fake.command_writes) == 1, "unchanged commands are not synced again"
        resumed = again.service.registry.get(game_id)
        assert resumed is not None and resumed.game is not None
        assert resumed.game.log == before, "the game was rebuilt exactly"
        # The DM button from before the restart works. Its buttons are read now: the fake
        # edits the message in place, and once the move is shown it may hold the
        # person's next controls.
        old_buttons = move_buttons(old)
        record = await fake.click(user, old, old_buttons[0])
        await record.wait_response()
        await fake.wait_for(lambda: len(resumed.game.log) > len(before), poll=0.05)  # type: ignore[union-attr]
        people = People(fake, again, table, game_id, random.Random(12))
        people.clicked.update(old_buttons)
        await people.play_to_the_end()
        await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                    timeout=30)
        stored = await again.storage.games.load_game(game_id)
        assert stored.status == "finished" and stored.game is not None
        assert stored.game.log[: len(before)] == before
        replayed = game_from_record(game_to_record(stored.game, include_seed=True),
                                    check_seed=True)
        assert replayed.totals() == stored.game.totals()
        assert replayed.is_over
    assert_answered_fast(fake)
