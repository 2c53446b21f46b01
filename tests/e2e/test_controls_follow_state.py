"""Every message's controls and words follow the game's state the moment it changes:
a cancelled game, a player who left and a finished game leave no live controls
behind, a started lobby stops inviting people, and thread mode brings the players
into the game's thread."""

from __future__ import annotations

import random
from pathlib import Path

from bot.adapter.words.custom_ids import SeatButton
from tests.e2e.harness import (
    People,
    Table,
    assert_answered_fast,
    bot_running,
    move_buttons,
    open_table,
    table_message_id,
)
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Message, User

REVIEWS = ("review", "reviewall")
"""A finished deal's review stays on offer: it changes nothing in the game."""


def live_buttons(fake: FakeDiscord, user: User, game_id: int) -> list[str]:
    """Every enabled control of this game on any DM the person was sent, but the
    offers of a finished deal's review."""
    return [
        f"{b.label} ({b.custom_id})"
        for m in fake.dm_messages(user) for b in m.buttons
        if not b.disabled and (b.custom_id or "").split(":")[2:3] == [str(game_id)]
        and (b.custom_id or "").split(":")[1] not in REVIEWS
    ]


async def test_a_cancelled_game_leaves_no_live_controls(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha, bikram = table.people
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=1, computers=1)
        people = People(fake, bot, table, game_id, random.Random(41))
        for _ in range(2):
            assert await people.play_one()
        await fake.wait_for(people.next_move, timeout=20, poll=0.05, what="someone's turn")
        table_id = table_message_id(bot, game_id)
        assert table_id is not None and fake.message(table_id).button("My hand")

        ask = await fake.slash(asha, table.channel, "kachuful cancel", {})
        await ask.wait_response()
        prompt = ask.messages[0]
        await (await fake.click(asha, prompt, prompt.button("Cancel the game").custom_id or "")
               ).wait_response()
        await fake.wait_for(lambda: bot.service.registry.get(game_id) is None, poll=0.05)
        await bot.delivery.drain(10)

        assert (await bot.storage.games.load_game(game_id)).status == "cancelled"
        assert fake.message(table_id).buttons == [], "the table's My hand is gone"
        assert "My hand" not in str(fake.message(table_id).raw_components)
        for user in (asha, bikram):
            assert live_buttons(fake, user, game_id) == [], f"{user.name}'s DMs are closed"
            closed = [m for m in fake.dm_messages(user) if "was cancelled" in m.content]
            assert closed, f"{user.name}'s hand message says the game was cancelled"
    assert_answered_fast(fake)


async def test_after_leave_game_nothing_of_the_leaver_stays_live(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    bikram = table.people[1]
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None and session.game is not None
        game = session.game
        people = People(fake, bot, table, game_id, random.Random(42))
        while True:  # asha moves until it is bikram's turn
            found = await fake.wait_for(people.next_move, timeout=20, poll=0.05)
            assert not isinstance(found, str)
            user, hand = found
            if user is bikram:
                break
            assert await people.play_one()
        assert move_buttons(hand)

        quit_button = hand.button("Leave game")
        ask = await fake.click(bikram, hand, quit_button.custom_id or "")
        await ask.wait_until(lambda r: r.messages)
        confirm: Message = ask.messages[0]
        confirm_id = confirm.button("Leave the game").custom_id or ""
        await (await fake.click(bikram, confirm, confirm_id)).wait_until(
            lambda r: "You've left the game" in r.text())
        await fake.wait_for(lambda: session.seat_of(bikram.id) is None, poll=0.05)
        await bot.delivery.drain(10)

        assert live_buttons(fake, bikram, game_id) == [], "the leaver's DMs have no live controls"
        assert fake.message(confirm.id).buttons == [], "the confirm button is gone"
        left_notes = [m for m in fake.channel_messages(table.channel)
                      if "left the game" in m.content]
        assert len(left_notes) == 1
        log = game.log

        # The old confirm button, pressed again (a stale client still shows it).
        stale = await fake.click(bikram, confirm, confirm_id, force=True)
        text = await stale.wait_until(lambda r: r.text())
        assert "not playing" in text, text
        assert all(m.ephemeral for m in stale.messages)
        await bot.delivery.drain(10)
        assert game.log == log, "nothing changed"
        assert len([m for m in fake.channel_messages(table.channel)
                    if "left the game" in m.content]) == 1, "no second 'left' note"
        stored = await bot.storage.games.load_game(game_id)
        assert sum(1 for seat in stored.seats if seat.left_game) == 1

        # The game goes on without him.
        await people.play_to_the_end(timeout=30)
        assert (await bot.storage.games.load_game(game_id)).status == "finished"
    assert_answered_fast(fake)


async def test_im_back_after_the_game_is_over_is_refused(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Nobody moves: both people time out three times, the computer plays for them and
    the game finishes by itself. Their "I'm back" offers are then out of date."""
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha, bikram = table.people
    async with bot_running(fake, tmp_path / "k.db", time_scale=0.02) as bot:
        game_id = await open_table(fake, table, {"preset": "short", "turn_timeout": 15},
                                   joiners=1, computers=1)
        await fake.wait_for(lambda: bot.service.registry.get(game_id) is None, timeout=60,
                            poll=0.05, what="the game to play itself to the end")
        await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                    timeout=30)
        await bot.delivery.drain(10)
        for user in (asha, bikram):
            assert live_buttons(fake, user, game_id) == [], (
                f"{user.name}'s DMs keep no live controls of a finished game"
            )
        seats = (await bot.storage.games.load_game(game_id)).seats
        asha_seat = next(seat.seat for seat in seats if seat.user_id == asha.id)
        # The offer was closed when the game ended; an old client may still show its button.
        offer = next(m for m in fake.dm_messages(asha) if m.content.endswith("the game is over."))
        back_id = SeatButton("back", game_id, asha_seat).encode()
        before = len(fake.channel_messages(table.channel))

        record = await fake.click(asha, offer, back_id, force=True)
        text = await record.wait_until(lambda r: r.text())
        assert "Welcome back" not in text
        assert "no longer running" in text, text
        await bot.delivery.drain(10)
        assert not any(m.content.endswith("is back.") for m in fake.channel_messages(table.channel))
        assert len(fake.channel_messages(table.channel)) == before, "nothing posted"
    assert_answered_fast(fake)


async def test_a_started_lobby_stops_inviting_and_thread_mode_adds_the_players(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram", "chandra"])
    asha, bikram, chandra = table.people
    table.make_manager(asha)
    async with bot_running(fake, tmp_path / "k.db") as bot:
        saved = await fake.slash(asha, table.channel, "kachuful settings", {"thread_mode": True})
        await saved.wait_response()
        assert "Saved" in saved.text()
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None
        lobby = next(m for m in fake.channel_messages(table.channel)
                     if m.embeds and m.embeds[0].footer == f"Game {game_id}")
        await bot.delivery.drain(10)
        lobby = fake.message(lobby.id)
        assert lobby.buttons == [] and lobby.selects == []
        assert "Join" not in lobby.text(), lobby.text()
        assert "started" in lobby.text()

        await fake.wait_for(lambda: session.thread_id is not None, poll=0.05)
        thread = fake.channel(session.thread_id or 0)
        await fake.wait_for(lambda: {asha.id, bikram.id} <= thread.thread_member_ids,
                            poll=0.05, what="the players added to the thread")
        assert chandra.id not in thread.thread_member_ids, "only the players are added"
    assert_answered_fast(fake)
