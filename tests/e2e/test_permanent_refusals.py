"""Discord's permanent refusals under a running game end as designed: the game
finishes, or it ends cleanly with the players told — never a stall, never a lost move.

- the bot may no longer post in the channel (403 / 50013): the game goes on in DMs,
  and each player is told so once, in a DM;
- the table message was deleted (404 / 10008): a new one is posted;
- the channel was deleted (404 / 10003): the game is cancelled, counted nowhere, and
  every player is told in a DM (closed DMs: 50007, see test_closed_dms.py).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.app import KachufulBot
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
from tests.fake_discord.permissions import Perm

UNWRITABLE_NOTICE = "can no longer post in the channel"
CANCELLED_NOTICE = "was cancelled: its channel was deleted"
MESSAGES = "/channels/{channel_id}/messages"


def dms_saying(fake: FakeDiscord, user: User, words: str) -> list[Message]:
    return [m for m in fake.dm_messages(user) if words in m.content]


async def human_moves_stored(bot: KachufulBot, game_id: int, names: tuple[str, ...]) -> int:
    stored = await bot.storage.games.load_game(game_id)
    assert stored.status == "finished" and stored.game is not None
    humans = {stored.game.players.index(name) for name in names}
    return sum(1 for action in stored.game.player_actions() if action.seat in humans)


@pytest.mark.parametrize("refusal", ["revoked", "injected"])
async def test_the_channel_refuses_the_bot_and_the_game_finishes_in_dms(
    fake_discord: FakeDiscord, tmp_path: Path, refusal: str
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha, bikram = table.people
    # A 15 s turn timer run at 0.4: 6 s, far longer than a click takes, so only the
    # turn this test leaves alone times out.
    async with bot_running(fake, tmp_path / "k.db", time_scale=0.4) as bot:
        game_id = await open_table(fake, table, {"preset": "short", "turn_timeout": 15},
                                   joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None
        people = People(fake, bot, table, game_id, random.Random(31))
        for _ in range(3):
            assert await people.play_one()

        # Someone's turn: the channel stops taking the bot's posts, and that person lets
        # the timer run out, so the first refused post comes from the timer's step.
        found = await fake.wait_for(people.next_move, timeout=20, poll=0.05)
        assert not isinstance(found, str)
        idle_user, idle_hand = found
        idle_buttons = move_buttons(idle_hand)  # the message is edited in place later
        idle_seat = session.seat_of(idle_user.id)
        assert idle_seat is not None
        if refusal == "revoked":
            fake.revoke_bot_permissions(table.channel, Perm.SEND_MESSAGES)
        else:
            fake.inject("POST", MESSAGES, status=403, code=50013, count=None,
                        channel_id=table.channel.id)
        posted_before = len(fake.channel_messages(table.channel))
        await fake.wait_for(lambda: session.seats[idle_seat].missed_turns == 1, timeout=30,
                            poll=0.05, what="the idle turn to time out")
        people.clicked.update(idle_buttons)

        await people.play_to_the_end(timeout=30)
        assert await human_moves_stored(bot, game_id, ("asha", "bikram")) == people.clicks + 1, (
            "every click, and the one timed-out turn, became a stored move"
        )
        await bot.delivery.drain(10)
        assert len(fake.channel_messages(table.channel)) == posted_before, "nothing got through"
        assert fake.refusals(50013, channel=table.channel), "the channel did refuse the bot"
        for user in (asha, bikram):
            assert len(dms_saying(fake, user, UNWRITABLE_NOTICE)) == 1, (
                f"{user.name} is told once, in a DM, that the game goes on there"
            )
            finals = dms_saying(fake, user, "Fair-deal proof")
            assert len(finals) == 1 and finals[0].png_attachments, (
                f"{user.name} gets the final standings in a DM, since the channel can't"
            )
        reminders = [m for m in fake.dm_messages(idle_user) if "Half your time" in m.content]
        assert reminders, "the timer's reminder went to the idle person's DM"
    assert_answered_fast(fake)


async def test_a_deleted_table_message_is_posted_again(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None and session.game is not None
        game = session.game
        people = People(fake, bot, table, game_id, random.Random(32))
        assert await people.play_one()
        await bot.delivery.drain(10)
        old = fake.message(table_message_id(bot, game_id) or 0)
        deal = game.deal_number
        fake.delete_message(old)

        # The next move of this deal edits the table: Discord answers 10008, and the bot
        # posts the table anew instead.
        def new_table() -> Message | None:
            current = table_message_id(bot, game_id)
            if current is None or current == old.id:
                return None
            message = fake.message(current)
            return message if not message.deleted else None

        assert await people.play_one()
        assert game.deal_number == deal, "still the same deal: no new table is due"
        replacement = await fake.wait_for(new_table, timeout=10, what="a new table message")
        assert replacement.channel_id == table.channel.id
        assert f"Deal {deal} of" in replacement.content
        assert replacement.button("My hand")
        refused = fake.refusals(10008, message=old)
        assert len(refused) == 1, "the deleted message was asked for once, then replaced"

        await people.play_to_the_end(timeout=30)
        stored = await bot.storage.games.load_game(game_id)
        assert stored.status == "finished"
        final = await fake.wait_for_message(table.channel, lambda m: "Fair-deal proof" in m.content,
                                            timeout=30)
        assert final.attachments
    assert_answered_fast(fake)
    fake.assert_healthy(allow=lambda e: e.code == 10008 and e.message_id == old.id)


@pytest.mark.parametrize("how", ["deleted", "refused"])
async def test_a_deleted_channel_cancels_the_game_and_tells_everyone(
    fake_discord: FakeDiscord, tmp_path: Path, how: str
) -> None:
    """``deleted``: a moderator deletes the channel (the bot sees CHANNEL_DELETE);
    ``refused``: the bot learns it only from Discord's 10003 answers."""
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha, bikram = table.people
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=1, computers=1)
        session = bot.service.registry.get(game_id)
        assert session is not None
        people = People(fake, bot, table, game_id, random.Random(33))
        for _ in range(3):
            assert await people.play_one()
        if how == "deleted":
            fake.delete_channel(table.channel)
        else:
            for method, route in (("POST", MESSAGES), ("PATCH", MESSAGES + "/{message_id}")):
                fake.inject(method, route, status=404, code=10003, count=None,
                            channel_id=table.channel.id)
            # The bot learns it from its next post or edit there: the table edit still
            # due for the last move, or else the next move's.
            await people.play_one()

        await fake.wait_for(lambda: bot.service.registry.get(game_id) is None, timeout=10,
                            poll=0.05, what="the game to end")
        await bot.delivery.drain(10)
        stored = await bot.storage.games.load_game(game_id)
        assert stored.status == "cancelled"
        for user in (asha, bikram):
            stats = await bot.storage.stats.player_stats(table.guild.id, user.id)
            assert stats.games == 0, "a cancelled game counts nowhere"
            assert len(dms_saying(fake, user, CANCELLED_NOTICE)) == 1, f"{user.name} is told once"
            live = [(m.id, b.label) for m in fake.dm_messages(user) for b in m.buttons
                    if not b.disabled]
            assert live == [], f"{user.name}'s DM controls are closed"
        refused = fake.refusals(10003, channel=table.channel)
        assert len(refused) <= 1, "the bot stops using the channel at once"
    assert_answered_fast(fake)
