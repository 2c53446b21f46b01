"""Who is asking, from the interaction's member and its permissions."""

from __future__ import annotations

import discord

from bot.core.actors import Actor


def is_manager(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)


def actor_of(interaction: discord.Interaction) -> Actor:
    """The person asking, as the core decides permissions from: Discord tells whether
    they manage the server; the core decides what that allows."""
    return Actor(interaction.user.id, is_manager(interaction), interaction.user.display_name)
