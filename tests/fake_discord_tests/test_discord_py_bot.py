"""An unmodified discord.py client (``tiny_bot.py``) driven end to end through the fake Discord.

The throwaway bot has one command group ``/cards`` whose subcommands exercise every response
path the real bot will use: a message with a button, a select and a PNG file (type 4, multipart),
ephemeral answers from a ``DynamicItem`` button, a deferred update edited through ``@original``,
a "thinking" defer filled by a followup, a modal, DMs (open and closed), channel sends with
files, threads, and permission-dependent behaviour.
"""

from __future__ import annotations

import pytest

from tests.fake_discord import (
    DriverError,
    FakeDiscord,
)
from tests.fake_discord_tests.tiny_bot import PNG, World, deal, world_on


async def test_commands_are_registered_as_the_bot_declared_them(world: World) -> None:
    fake = world.fake
    assert fake.command_writes == [("PUT", None)]
    command = fake.command("cards")
    subcommands = {option["name"]: option for option in command["options"]}
    assert set(subcommands) == {"deal", "dm", "announce", "thread", "ask"}
    deal_options = {o["name"]: o for o in subcommands["deal"]["options"]}
    assert deal_options["count"]["required"] is True
    assert (deal_options["count"]["min_value"], deal_options["count"]["max_value"]) == (1, 13)
    assert command["dm_permission"] is False  # guild_only


async def test_slash_command_answers_with_button_select_and_png(world: World) -> None:
    message = await deal(world, 5, player=world.bikram)
    assert message.content == "dealt 5 to Bik"
    assert set(message.custom_ids) == {"pick", "echo:5", "count:0"}
    assert message.button("Echo 5").custom_id == "echo:5"
    (select,) = message.selects
    assert select.values == ["AS", "KH", "2C"] and select.max_values == 2
    (attachment,) = message.attachments
    assert attachment.filename == "hand.png" and attachment.data == PNG and attachment.is_png()
    assert world.fake.channel_messages(world.table) == [message]
    assert not message.ephemeral


async def test_dynamic_button_answers_ephemerally_to_the_clicker_only(world: World) -> None:
    fake = world.fake
    message = await deal(world, 3)
    record = await fake.click(world.bikram, message, "echo:3")
    response = await record.wait_response()
    assert response.ephemeral
    (reply,) = record.messages
    assert reply.content == "echo 3 in guild" and reply.visible_to == world.bikram.id
    assert fake.ephemeral_messages(world.bikram) == [reply]
    assert fake.ephemeral_messages(world.asha) == []
    assert reply not in fake.channel_messages(world.table)
    assert record.latency is not None and 0 < record.latency < fake.interaction_deadline


async def test_deferred_update_then_edit_original_changes_the_clicked_message(world: World) -> None:
    fake = world.fake
    message = await deal(world, 2)
    record = await fake.click(world.asha, message, "count:0")
    assert (await record.wait_response()).type_name == "DEFERRED_UPDATE_MESSAGE"
    edited = await fake.wait_for(lambda: message if message.content == "count 1" else None)
    assert edited.custom_ids == ["count:1"] and edited.edit_count == 1
    # The stale "count:0" button is gone: a real client can no longer click it.
    with pytest.raises(DriverError, match="no clickable component"):
        await fake.click(world.asha, message, "count:0")
    again = await fake.click(world.asha, message, "count:1")
    await again.wait_response()
    await fake.wait_for(lambda: message.content == "count 2")


async def test_discord_py_drops_dynamic_item_clicks_missing_from_the_message() -> None:
    """A forged (or stale) custom_id that is not on the message as Discord sends it is
    silently dropped by discord.py's DynamicItem dispatch: the user sees "This interaction
    failed". A bot that must answer such clicks needs its own fallback (e.g. on_interaction)."""
    async with FakeDiscord(interaction_deadline=0.5) as fake, world_on(fake) as w:
        message = await deal(w, 2)
        forged = await fake.click(w.asha, message, "count:41", force=True)
        failed = await fake.wait_for(fake.failed_interactions, timeout=5.0, poll=0.05)
        assert forged in failed and forged.response is None
        assert forged.payload["data"]["custom_id"] == "count:41"
        assert "count:41" not in [
            c["custom_id"]
            for row in forged.payload["message"]["components"]
            for c in row["components"]
        ]


async def test_select_updates_the_message_in_place(world: World) -> None:
    fake = world.fake
    message = await deal(world, 4)
    record = await fake.select(world.asha, message, "pick", ["KH", "AS"])
    response = await record.wait_response()
    assert response.type_name == "UPDATE_MESSAGE"
    assert message.content == "picked KH,AS"
    assert message.components == []
    with pytest.raises(DriverError, match="no clickable component"):
        await fake.select(world.asha, message, "pick", ["AS"])


async def test_select_values_are_checked_against_the_options(world: World) -> None:
    message = await deal(world, 4)
    with pytest.raises(DriverError, match="no option"):
        await world.fake.select(world.asha, message, "pick", ["QS"])
    with pytest.raises(DriverError, match=r"takes 1\.\.2 values"):
        await world.fake.select(world.asha, message, "pick", ["AS", "KH", "2C"])


async def test_thread_from_message(world: World) -> None:
    fake = world.fake
    record = await fake.slash(world.asha, world.table, "cards thread")
    await record.wait_response()
    (thread,) = await fake.wait_for(lambda: fake.threads(world.table))
    welcome = await fake.wait_for_message(thread, lambda m: m.content == "welcome to the game")
    (lobby,) = fake.channel_messages(world.table)
    assert thread.id == lobby.id == lobby.thread_id and thread.name == "game 1"
    assert welcome.channel_id == thread.id
    click = await fake.click(world.bikram, welcome, "echo:11")
    await click.wait_response()
    assert click.payload["channel"]["type"] == 11
    assert click.text() == "echo 11 in guild"


async def test_modal_round_trip(world: World) -> None:
    fake = world.fake
    ask = await fake.slash(world.asha, world.table, "cards ask")
    assert (await ask.wait_response()).type_name == "MODAL"
    submit = await fake.submit_modal(world.asha, ask, {"bid": "3"})
    await submit.wait_response()
    assert submit.text() == "bid 3"
    assert submit.ephemeral_messages == submit.messages


async def test_client_checks_match_discord(world: World) -> None:
    fake = world.fake
    with pytest.raises(DriverError, match="option 'count' is required"):
        await fake.slash(world.asha, world.table, "cards deal")
    with pytest.raises(DriverError, match="outside"):
        await fake.slash(world.asha, world.table, "cards deal", {"count": 14})
    with pytest.raises(DriverError, match="no subcommand 'shuffle'"):
        await fake.slash(world.asha, world.table, "cards shuffle")
    dm_channel = fake.state.dm_channel(world.asha)
    with pytest.raises(DriverError, match="not usable in DMs"):
        await fake.slash(world.asha, dm_channel, "cards deal", {"count": 1})
    assert fake.interactions.all == []
