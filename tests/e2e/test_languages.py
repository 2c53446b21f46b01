"""Languages end to end: each person's DMs in their language, the channel in the
server's, slash commands localised at sync, and a server language changed mid-game."""

from __future__ import annotations

import random
import re
from pathlib import Path

from i18n import words_for
from tests.e2e.harness import (
    People,
    Table,
    assert_answered_fast,
    bot_running,
    open_table,
    table_message_id,
)
from tests.fake_discord.driver import FakeDiscord
from tests.fake_discord.models import Message

DEVANAGARI = re.compile(r"[\u0900-\u097f]")


def _text(message: Message) -> str:
    """Everything a person reads in a message: content, embeds and button labels."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{field.name} {field.value}" for field in embed.fields]
    parts += [button.label or "" for button in message.buttons]
    return "\n".join(parts)


async def test_each_person_reads_dms_in_their_language_and_the_channel_in_the_servers(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"], locales={"bikram": "hi"})
    asha, bikram = table.people
    async with bot_running(fake, tmp_path / "k.db"):
        await open_table(fake, table, {"preset": "short"}, joiners=1, computers=1)
        # Each gets the hand of the first deal by DM.
        asha_hand = await fake.wait_for_message(asha, lambda m: bool(m.attachments))
        bikram_hand = await fake.wait_for_message(bikram, lambda m: bool(m.attachments))
        # Bikram's Discord app is in Hindi: his DMs are in Hindi; Asha's are in English.
        hindi_deal = words_for("hi").t("Deal {number}", number=1)
        assert hindi_deal in _text(bikram_hand), _text(bikram_hand)
        assert not DEVANAGARI.search(_text(asha_hand)), _text(asha_hand)
        assert "deal 1 of" in _text(asha_hand), _text(asha_hand)
        # The channel follows the server (English), whoever is in it.
        table_message = await fake.wait_for_message(
            table.channel, lambda m: "Deal 1 of" in m.content)
        assert not DEVANAGARI.search(_text(table_message)), _text(table_message)
    assert_answered_fast(fake)


async def test_the_command_sync_carries_the_hindi_names_and_descriptions(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    Table(fake, ["asha"])
    hindi = words_for("hi")
    async with bot_running(fake, tmp_path / "k.db"):
        kachuful = next(c for c in fake.global_commands() if c["name"] == "kachuful")
        assert (kachuful["description_localizations"] or {}).get("hi"), kachuful
        start = next(o for o in kachuful["options"] if o["name"] == "start")
        assert start["name_localizations"]["hi"] == hindi.p("slash command", "start")
        assert DEVANAGARI.search(start["description_localizations"]["hi"])
        settings = next(o for o in kachuful["options"] if o["name"] == "settings")
        language = next(o for o in settings["options"] if o["name"] == "language")
        assert language["name_localizations"]["hi"] == hindi.p("slash command", "language")
        # Discord has no Nepali or Gujarati locale: nothing is sent for them.
        assert set(start["name_localizations"]) <= {"hi", "en-US"}


async def test_changing_the_server_language_mid_game_changes_the_next_table_message(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha", "bikram"])
    asha = table.people[0]
    table.make_manager(asha)
    async with bot_running(fake, tmp_path / "k.db") as bot:
        game_id = await open_table(fake, table, {"preset": "short"}, joiners=1, computers=1)
        await fake.wait_for_message(table.channel, lambda m: "Deal 1 of" in m.content)
        saved = await fake.slash(asha, table.channel, "kachuful settings", {"language": "hi"})
        await saved.wait_response()
        people = People(fake, bot, table, game_id, random.Random(3))
        assert await people.play_one()
        hindi_deal = words_for("hi").t("**Deal {number} of {count}** · {cards} · trump {trump}",
                                       number=1, count=9, cards="", trump="").split("·")[0]

        def hindi_table() -> str | None:
            current = table_message_id(bot, game_id)
            text = _text(fake.message(current)) if current is not None else ""
            return text if hindi_deal.strip() in text else None

        await fake.wait_for(hindi_table, timeout=10, what="the table in Hindi", poll=0.05)
    assert_answered_fast(fake)


async def test_a_server_whose_preferred_locale_is_hindi_sees_its_lobby_in_hindi(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    table = Table(fake, ["asha"], guild_locale="hi")
    hindi = words_for("hi")
    async with bot_running(fake, tmp_path / "k.db"):
        record = await fake.slash(table.people[0], table.channel, "kachuful start", {})
        await record.wait_response()
        join = hindi.t("Join")
        lobby = await fake.wait_for_message(
            table.channel, lambda m: any(b.label == join for b in m.buttons))
        assert DEVANAGARI.search(_text(lobby)), _text(lobby)
        assert not any(b.label == "Join" for b in lobby.buttons)
