"""Short ephemeral answers, whether or not the interaction was acknowledged yet."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord
from discord.utils import MISSING

from bot.adapter.outbound.calls import best_effort

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
    answer: Awaitable[object]
    if interaction.response.is_done():
        answer = interaction.followup.send(text, ephemeral=True, file=file, view=view)
    else:
        answer = interaction.response.send_message(text, ephemeral=True, file=file, view=view)
    await best_effort("could not reply to an interaction", answer)
