"""A DM click written as JSON by shard 0's process and rebuilt by the game's owner
(``click_payload``): what the click path reads survives, and the rebuilt click counts
as acknowledged, so the owner answers with follow-ups and edits, never a second ack."""

from __future__ import annotations

import json
from typing import Any

import discord

from bot.adapter.inbound.click_payload import ROUTED, interaction_from, payload_of

BOT_ID = 900_000_000_000_000_001
DM_CHANNEL = 700_000_000_000_000_003


def person(user_id: int, name: str) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "discriminator": "0",
            "global_name": name.title(), "avatar": None}


def dm_click(custom_id: str, flags: int = 0) -> dict[str, Any]:
    """An INTERACTION_CREATE of a button in the bot's DM, as Discord sends it."""
    return {
        "id": "800000000000000004", "application_id": str(BOT_ID), "type": 3,
        "token": "a-click-token", "version": 1, "locale": "hi",
        "attachment_size_limit": 10_485_760, "entitlements": [],
        "channel_id": str(DM_CHANNEL),
        "channel": {"id": str(DM_CHANNEL), "type": 1},
        "user": person(600_000_000_000_000_005, "asha"),
        "data": {"custom_id": custom_id, "component_type": 2},
        "message": {
            "id": "500000000000000006", "channel_id": str(DM_CHANNEL), "type": 0,
            "flags": flags, "content": "Your hand", "author": person(BOT_ID, "kachuful"),
            "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
            "pinned": False, "mention_everyone": False, "tts": False,
            "timestamp": "2026-12-06T00:00:00+00:00", "edited_timestamp": None,
            "components": [],
        },
    }


def received(client: discord.Client, payload: dict[str, Any]) -> discord.Interaction:
    """As discord.py's gateway handler makes it."""
    return discord.Interaction(data=payload, state=client._connection)  # type: ignore[arg-type]


def test_a_routed_click_is_the_same_click_already_acknowledged() -> None:
    client = discord.Client(intents=discord.Intents.default())
    original = received(client, dm_click("m:12:0:3:b2"))
    stored = payload_of(original)
    json.loads(stored)  # plain JSON, for a TEXT column
    rebuilt = interaction_from(client, stored)
    assert (rebuilt.id, rebuilt.token, rebuilt.application_id, rebuilt.type) == (
        original.id, original.token, original.application_id, original.type)
    assert rebuilt.data == original.data and rebuilt.guild_id is None
    assert rebuilt.user.id == original.user.id and rebuilt.user.name == "asha"
    assert rebuilt.locale is discord.Locale.hindi
    assert rebuilt.channel_id == DM_CHANNEL
    assert rebuilt.message is not None and original.message is not None
    assert rebuilt.message.id == original.message.id
    assert not rebuilt.message.flags.ephemeral
    assert rebuilt.response.is_done() and not original.response.is_done()
    assert rebuilt.response.type is discord.InteractionResponseType.deferred_message_update
    assert rebuilt.extras[ROUTED] and ROUTED not in original.extras


def test_an_ephemeral_hand_stays_ephemeral() -> None:
    client = discord.Client(intents=discord.Intents.default())
    original = received(client, dm_click("m:12:0:3:b2", flags=64))
    rebuilt = interaction_from(client, payload_of(original))
    assert rebuilt.message is not None and rebuilt.message.flags.ephemeral
