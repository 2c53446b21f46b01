"""Who may do what, from the interaction's member permissions."""

from __future__ import annotations

import discord


def is_manager(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)


def is_host_or_manager(interaction: discord.Interaction, host_id: int) -> bool:
    return interaction.user.id == host_id or is_manager(interaction)
