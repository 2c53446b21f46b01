"""The lobby as an embed."""

from __future__ import annotations

from typing import Final

import discord

from bot.adapter import texts
from bot.core.effects import LobbySnapshot

LOBBY_COLOUR: Final = discord.Colour.from_rgb(88, 101, 242)


def lobby_embed(lobby: LobbySnapshot) -> discord.Embed:
    embed = discord.Embed(
        title="Kachuful — a new table",
        description=texts.lobby_description(lobby),
        colour=LOBBY_COLOUR,
    )
    if lobby.state == "started":
        embed.set_author(name="Started")
    embed.set_footer(text=f"Game {lobby.game_id}")
    return embed
