"""The other slash commands, and the checks before a lobby opens."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import People, Table, assert_answered_fast, bot_running, open_table
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.permissions import Perm


async def test_missing_permissions_are_named_before_a_lobby_opens(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha"])
    closed = fake.create_channel(table.guild, "no-files",
                                 bot_deny=Perm.ATTACH_FILES | Perm.EMBED_LINKS)
    async with bot_running(fake, tmp_path / "k.db") as bot:
        record = await fake.slash(table.people[0], closed, "kachuful start", {})
        await record.wait_response()
        assert record.response is not None and record.response.ephemeral
        assert "Embed Links" in record.text() and "Attach Files" in record.text()
        assert bot.service.registry.in_channel(closed.id) is None
        assert fake.channel_messages(closed) == []
    assert_answered_fast(fake)


async def test_settings_threads_second_start_rules_and_cancel(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha, bikram = table.people
    table.make_manager(asha)
    async with bot_running(fake, tmp_path / "k.db") as bot:
        refused = await fake.slash(bikram, table.channel, "kachuful settings",
                                   {"thread_mode": True})
        await refused.wait_response()
        assert "Manage Server" in refused.text(), refused.text()
        saved = await fake.slash(asha, table.channel, "kachuful settings",
                                 {"thread_mode": True, "preset": "short", "turn_timeout": 120})
        await saved.wait_response()
        assert "Saved" in saved.text() and "short" in saved.text()

        game_id = await open_table(fake, table, {}, joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None and session.rules.max_hand == 5, "the server's preset"
        assert session.turn_timeout == 120
        await fake.wait_for(lambda: session.thread_id is not None, poll=0.05)
        thread = fake.channel(session.thread_id or 0)
        table_message = await fake.wait_for_message(thread, lambda m: "Deal 1 of" in m.content)
        assert table_message.button("My hand")

        again = await fake.slash(bikram, table.channel, "kachuful start", {})
        await again.wait_response()
        assert "already has a game" in again.text() and again.response is not None
        assert again.response.ephemeral

        rules = await fake.slash(bikram, table.channel, "kachuful rules", {})
        await rules.wait_response()
        assert "short" in rules.text() and "9 deals" in rules.text()

        # A player who is not the host cannot cancel; the host can, after confirming.
        denied = await fake.slash(bikram, table.channel, "kachuful cancel", {})
        await denied.wait_response()
        assert "Only the host" in denied.text()
        ask = await fake.slash(asha, table.channel, "kachuful cancel", {})
        await ask.wait_response()
        prompt = ask.messages[0]
        await (await fake.click(asha, prompt, prompt.button("Cancel the game").custom_id or "")
               ).wait_response()
        await fake.wait_for(lambda: bot.service.registry.get(game_id) is None, poll=0.05)
        stored = await bot.storage.games.load_game(game_id)
        assert stored.status == "cancelled"
    assert_answered_fast(fake)


async def test_stats_leaderboard_pages_and_forget_me(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha"])
    asha = table.people[0]
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=0, computers=2)
        await People(fake, bot, table, game_id, random.Random(4)).play_to_the_end()
        stats = await fake.slash(asha, table.channel, "kachuful stats", {})
        await stats.wait_response()
        fields = {f["name"]: f["value"] for f in stats.messages[0].raw_embeds[0]["fields"]}
        assert fields["Games"] == "1"
        board = await fake.slash(asha, table.channel, "kachuful leaderboard",
                                 {"sort": "points", "period": "7d"})
        await board.wait_response()
        embed = board.messages[0].embeds[0]
        assert "asha" in (embed.description or "")
        assert all("Mira" not in line for line in (embed.description or "").splitlines()), (
            "computer players are not ranked"
        )
        forget = await fake.slash(asha, table.channel, "kachuful forget-me", {})
        await forget.wait_response()
        prompt = forget.messages[0]
        yes = await fake.click(asha, prompt, prompt.button("Delete my stats").custom_id or "")
        await yes.wait_response()
        after = await bot.storage.stats.player_stats(table.guild.id, asha.id)
        assert after.games == 0
    assert_answered_fast(fake)
