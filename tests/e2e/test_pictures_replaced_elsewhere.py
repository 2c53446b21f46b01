"""A hand whose picture another process replaced (it made a move of the game, or
showed what a dead process owed) is still shown: this process kept the old picture's
attachment id, Discord refuses it, and the picture is drawn and sent again."""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from pathlib import Path

import pytest

from bot.core.tables import TableRef
from tests.e2e.harness import People, Table, bot_running, hand_message, open_table
from tests.fake_discord.errors import ErrorCode
from tests.fake_discord.fixtures import healthy_fake_discord
from tests.fake_discord.health import ApiErrorRecord


def unknown_attachment(error: ApiErrorRecord) -> bool:
    return error.code == ErrorCode.INVALID_FORM_BODY


async def test_a_hand_picture_replaced_elsewhere_is_sent_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with healthy_fake_discord(allow=unknown_attachment) as fake:
        table = Table(fake, ["asha", "bikram", "chandra", "deepa"])
        async with bot_running(fake, tmp_path / "k.db") as bot:
            game_id = await open_table(fake, table, {"preset": "short", "max_hand": 3},
                                       joiners=3)
            people = People(fake, bot, table, game_id, random.Random(5))
            await people.play_one()  # a bid: the hands show their pictures
            hands = [hand for user in table.people
                     if (hand := hand_message(fake, user)) is not None and hand.png_attachments()]
            assert hands
            replaced: dict[int, tuple[set[int], int]] = {}
            for hand in hands:
                # As another process's edit leaves it: the same cards, a new upload.
                hand.attachments = [replace(a, id=fake.state.ids.next())
                                    for a in hand.attachments]
                replaced[hand.id] = ({a.id for a in hand.attachments}, hand.edit_count)
            for _ in range(3):  # the rest of the bidding: the same cards, new words
                await people.play_one()
            await bot.delivery.settled(TableRef.game(game_id))
    refusals = [e for e in fake.api_errors if unknown_attachment(e)]
    assert refusals, "the bot did edit with the picture it had kept"
    assert [r.message for r in caplog.records if "not shown" in r.getMessage()] == []
    edited = [fake.message(hand_id) for hand_id, (_, edits) in replaced.items()
              if fake.message(hand_id).edit_count > edits]
    assert edited
    for shown in edited:
        assert shown.png_attachments()
        assert not replaced[shown.id][0] & {a.id for a in shown.attachments}
