"""Languages in storage: a server's choice in its settings, a person's in their own row."""

from __future__ import annotations

import pytest

from bot.storage import GuildSettings, InvalidValue, Storage


async def test_a_servers_language_is_kept_with_its_settings(storage: Storage) -> None:
    await storage.settings.save_guild_settings(GuildSettings(500, language="hi"))
    assert (await storage.settings.guild_settings(500)) == GuildSettings(500, language="hi")
    await storage.settings.save_guild_settings(GuildSettings(500, language=None))
    found = await storage.settings.guild_settings(500)
    assert found is not None and found.language is None


def test_a_language_without_a_catalogue_is_refused() -> None:
    with pytest.raises(InvalidValue, match="no language"):
        GuildSettings(500, language="xx")


async def test_a_persons_language_is_saved_changed_and_forgotten(storage: Storage) -> None:
    assert await storage.settings.player_language(7) is None
    await storage.settings.save_player_language(7, "gu")
    await storage.settings.save_player_language(8, "hi")
    await storage.settings.save_player_language(7, "ne")
    languages = storage.settings
    assert (await languages.player_language(7), await languages.player_language(8)) == ("ne", "hi")
    await storage.settings.save_player_language(7, None)
    assert await storage.settings.player_language(7) is None
    with pytest.raises(InvalidValue):
        await storage.settings.save_player_language(7, "xx")


async def test_forget_me_forgets_the_language_too(storage: Storage) -> None:
    await storage.settings.save_player_language(9, "hi")
    await storage.stats.forget_user(9)
    assert await storage.settings.player_language(9) is None
