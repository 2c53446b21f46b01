"""The adapter keeps which message shows each score pad (the core keeps no message id):
saved as it is posted, read back after a restart, read again after another process
posted one."""

from __future__ import annotations

from pathlib import Path

from bot.adapter.outbound.message_book import MessageBook
from bot.storage import Storage
from engine import Rules


async def pad_in(storage: Storage) -> int:
    return await storage.pads.create_pad(
        guild_id=1, channel_id=2, keeper_user_id=3, rules=Rules(),
        first_entry={"do": "join", "by": 3, "name": "Asha", "at": 0})


async def test_a_pads_message_survives_a_restart_and_another_process(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "k.db")
    try:
        pad_id = await pad_in(storage)
        book = MessageBook(storage)
        assert await book.pad_message(pad_id) is None
        await book.remember_pad_message(pad_id, 777)
        assert await MessageBook(storage).pad_message(pad_id) == 777, "after a restart"
        await storage.pads.set_pad_message(pad_id, 888)  # another process posted anew
        assert await book.pad_message(pad_id) == 777, "cached until told"
        book.forget_pad(pad_id)
        assert await book.pad_message(pad_id) == 888
        assert await book.pad_message(pad_id + 1000) is None, "an unknown pad"
    finally:
        await storage.close()


def test_a_lost_pad_channel_is_remembered_until_a_pad_opens_there_again() -> None:
    book = MessageBook(Storage.__new__(Storage))
    book.lose_pad_channel(5)
    assert book.pad_channel_lost(5) and not book.pad_channel_lost(6)
    book.pad_channel_back(5)
    assert not book.pad_channel_lost(5)
