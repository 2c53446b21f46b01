"""Short ephemeral answers, whether or not the interaction was acknowledged yet."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.utils import MISSING

log = logging.getLogger(__name__)


def interaction_data(interaction: discord.Interaction) -> dict[str, Any]:
    """The raw interaction data as a plain mapping (custom id, selected values…)."""
    data: Any = interaction.data or {}
    return dict(data)


async def reply(
    interaction: discord.Interaction,
    text: str,
    *,
    file: discord.File = MISSING,
    view: discord.ui.View = MISSING,
) -> None:
    """Answer only the person who clicked or typed."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, file=file, view=view)
        else:
            await interaction.response.send_message(text, ephemeral=True, file=file, view=view)
    except discord.HTTPException as exc:
        log.info("could not reply to an interaction: %s", exc)
