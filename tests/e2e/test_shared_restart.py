"""A bot on PostgreSQL loads a game when first touched: after a restart its first click
on an old message is acknowledged before the game is loaded, a stale one is refused in
a private message, and the game goes on."""

from __future__ import annotations

import random
from pathlib import Path

from bot.adapter.client import KachufulBot
from bot.settings import Settings
from tests.e2e.harness import People, Table, move_buttons, open_table
from tests.fake_discord.discordpy import running
from tests.fake_discord.driver import FakeDiscord


def shared_bot(url: str, folder: Path) -> KachufulBot:
    settings = Settings(discord_token="fake-bot-token.not-a-real-secret",  # type: ignore[call-arg]
                        database_url=url, database_path=folder / "k.db", _env_file=None)
    assert settings.shares_database
    return KachufulBot(settings, table_edit_interval=0.02, table_edit_spacing=0.02,
                       guild_ready_timeout=0.1)


async def test_old_buttons_after_a_restart_on_postgres(
    fake_discord: FakeDiscord, database_url: str, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra"])
    async with running(shared_bot(database_url, tmp_path), fake, wait_ready=True) as bot:
        game_id = await open_table(fake, table, {"preset": "short", "max_hand": 2}, joiners=2)
        assert isinstance(bot, KachufulBot)
        people = People(fake, bot, table, game_id, random.Random(5))
        first = await fake.wait_for(people.next_move, timeout=30, poll=0.05)
        assert not isinstance(first, str) and first is not None
        stale_user, played = first
        stale_click = move_buttons(played)[0]
        await (await fake.click(stale_user, played, stale_click)).wait_response()
        people.clicked.update(move_buttons(played))
        assert await people.play_one()
        found = await fake.wait_for(people.next_move, timeout=30, poll=0.05)
        assert not isinstance(found, str) and found is not None
        user, fresh = found
    async with running(shared_bot(database_url, tmp_path), fake, wait_ready=True) as again:
        assert isinstance(again, KachufulBot)
        assert again.service.registry.get(game_id) is None, "nothing loaded at start-up"
        # The first move's button again (a client still showing it), its turn long
        # passed: acknowledged at once (before the game is loaded), then refused in a
        # private message.
        refused = await fake.click(stale_user, played, stale_click, force=True)
        await refused.wait_until(lambda r: "turn" in r.text() or "out of date" in r.text())
        assert refused.response is not None and refused.response.type == 6, "deferred first"
        assert again.service.registry.get(game_id) is not None, "loaded by that click"
        # The person whose turn it is: their old message's button moves the game on.
        buttons = move_buttons(fresh)
        record = await fake.click(user, fresh, buttons[0])
        await record.wait_response()
        session = again.service.registry.get(game_id)
        assert session is not None and session.game is not None
        await fake.wait_for(lambda: session.game is not None
                            and session.game.player_action_count == 3, timeout=10, poll=0.05)
        people = People(fake, again, table, game_id, random.Random(6))
        people.clicked.update(buttons)
        await people.play_to_the_end()
        await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                    timeout=30)
