"""The lobby as an embed."""

from __future__ import annotations

from typing import Final

import discord

from bot.adapter.words import texts
from bot.adapter.words.game_words import is_callbreak
from bot.core.effects import LobbySnapshot
from i18n import Words

LOBBY_COLOUR: Final = discord.Colour.from_rgb(88, 101, 242)


def lobby_embed(words: Words, lobby: LobbySnapshot) -> discord.Embed:
    embed = discord.Embed(
        title=(words.t("Call Break — a new table") if is_callbreak(lobby.rules)
               else words.t("Kachuful — a new table")),
        description=texts.lobby_description(words, lobby),
        colour=LOBBY_COLOUR,
    )
    if lobby.state == "started":
        embed.set_author(name=words.t("Started"))
    embed.set_footer(text=words.t("Game {number}", number=lobby.game_id))
    return embed
