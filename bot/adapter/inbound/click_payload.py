"""A DM click as JSON, and the click again from that JSON in another process.

Shard 0's process acknowledges a DM move click and hands it to the process that runs
the game's server (``click_routing``); that process rebuilds the interaction and runs
the usual click path, answering through the click's token, which any process may use.

What is stored is what the click path reads: the ids, the token, the custom id, the
person, their client's language and the clicked message's id and flags. discord.py
keeps no raw payload, so it is written from the interaction's public attributes.

discord.py has no public way to make an :class:`discord.Interaction` from a payload
outside its gateway handler, nor to say that it was answered already: the two private
uses below are kept to this module (checked against discord.py 2.7).
"""

from __future__ import annotations

import json
from typing import Any

import discord

ROUTED: str = "kachuful_routed"
"""The key in ``interaction.extras`` of a click rebuilt from a routed payload."""


def _user(user: discord.abc.User) -> dict[str, Any]:
    return {"id": str(user.id), "username": user.name, "discriminator": user.discriminator,
            "global_name": user.global_name,
            "avatar": None if user.avatar is None else user.avatar.key}


def payload_of(interaction: discord.Interaction) -> str:
    """The DM component click as JSON (the shape of Discord's INTERACTION_CREATE)."""
    channel_id = interaction.channel_id
    payload: dict[str, Any] = {
        "id": str(interaction.id),
        "application_id": str(interaction.application_id),
        "type": interaction.type.value,
        "token": interaction.token,
        "version": interaction.version,
        "data": dict(interaction.data or {}),
        "locale": interaction.locale.value,
        "attachment_size_limit": interaction.filesize_limit,
        "user": _user(interaction.user),
        "channel": {"id": str(channel_id), "type": discord.ChannelType.private.value},
    }
    message = interaction.message
    if message is not None:
        payload["message"] = {
            "id": str(message.id), "channel_id": str(channel_id), "type": 0,
            "flags": message.flags.value, "content": "", "author": _user(message.author),
            "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
            "pinned": False, "mention_everyone": False, "tts": False,
            "timestamp": message.created_at.isoformat(), "edited_timestamp": None,
            "components": [],
        }
    return json.dumps(payload, separators=(",", ":"))


def interaction_from(client: discord.Client, payload: str) -> discord.Interaction:
    """The click again, already acknowledged (a deferred update, as its first process
    answered it), marked as routed in ``extras``."""
    data: Any = json.loads(payload)
    # Private: an Interaction is made from the client's connection state, as the
    # gateway handler makes it (discord.py offers no public constructor for this).
    interaction: discord.Interaction = discord.Interaction(
        data=data, state=client._connection)
    # Private: the acknowledgement went from the process that received the click;
    # marking it keeps this one from answering it again (Discord would refuse).
    interaction.response._response_type = (
        discord.InteractionResponseType.deferred_message_update)
    interaction.extras[ROUTED] = True
    return interaction
