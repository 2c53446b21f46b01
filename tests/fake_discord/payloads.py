"""Serialise the fake's records into Discord API v10 JSON objects.

Field sets follow the Discord API reference and what discord.py 2.x reads (several keys that the
docs call optional are required by discord.py's parsers, e.g. a member's ``flags`` or an
attachment's ``proxy_url``).
"""

from __future__ import annotations

from typing import Any

from .models import (
    DM,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
)
from .snowflakes import iso_timestamp

JSON = dict[str, Any]


def user(u: User) -> JSON:
    return {
        "id": str(u.id),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.global_name,
        "avatar": None,
        "bot": u.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
    }


def client_user(u: User) -> JSON:
    return {**user(u), "verified": True, "mfa_enabled": False, "locale": "en-US", "email": None}


def role(r: Role) -> JSON:
    payload: JSON = {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.managed_by_bot is not None,
        "mentionable": False,
        "flags": 0,
    }
    if r.managed_by_bot is not None:
        payload["tags"] = {"bot_id": str(r.managed_by_bot)}
    return payload


def member(m: Member, *, with_user: bool = True, permissions: int | None = None) -> JSON:
    payload: JSON = {
        "roles": [str(role_id) for role_id in m.role_ids],
        "nick": m.nick,
        "avatar": None,
        "banner": None,
        "joined_at": iso_timestamp(m.joined_at),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        payload["user"] = user(m.user)
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def thread_metadata(ch: Channel) -> JSON:
    return {
        "archived": ch.archived,
        "auto_archive_duration": ch.auto_archive_duration,
        "archive_timestamp": iso_timestamp(ch.created_at),
        "locked": ch.locked,
        "invitable": ch.invitable,
        "create_timestamp": iso_timestamp(ch.created_at),
    }


def channel(
    ch: Channel,
    *,
    recipients: list[User] | None = None,
    permissions: int | None = None,
    bot_id: int | None = None,
) -> JSON:
    """A channel object; DM channels need ``recipients``, threads report the bot's membership."""
    payload: JSON = {
        "id": str(ch.id),
        "type": ch.type,
        "last_message_id": str(ch.last_message_id) if ch.last_message_id else None,
        "flags": 0,
    }
    if ch.type == DM:
        payload["recipients"] = [user(u) for u in recipients or []]
    else:
        payload.update(
            {
                "guild_id": str(ch.guild_id),
                "name": ch.name,
                "position": ch.position,
                "permission_overwrites": [ow.to_payload() for ow in ch.overwrites],
                "parent_id": str(ch.parent_id) if ch.parent_id else None,
                "nsfw": False,
                "topic": ch.topic,
                "rate_limit_per_user": 0,
            }
        )
    if ch.is_thread:
        payload.update(
            {
                "owner_id": str(ch.owner_id),
                "message_count": ch.message_count,
                "total_message_sent": ch.message_count,
                "member_count": len(ch.thread_member_ids),
                "thread_metadata": thread_metadata(ch),
            }
        )
        # Threads carry no overwrites: their permissions come from the parent channel.
        payload.pop("permission_overwrites", None)
        if bot_id is not None and bot_id in ch.thread_member_ids:
            payload["member"] = {
                "id": str(ch.id),
                "user_id": str(bot_id),
                "join_timestamp": iso_timestamp(ch.created_at),
                "flags": 0,
            }
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def attachment(a: Attachment) -> JSON:
    payload: JSON = {
        "id": str(a.id),
        "filename": a.filename,
        "size": a.size,
        "url": a.url,
        "proxy_url": a.url,
        "content_type": a.content_type,
    }
    size = a.png_size()
    if size is not None:
        payload["width"], payload["height"] = size
    if a.description is not None:
        payload["description"] = a.description
    return payload


def message(
    m: Message,
    *,
    for_gateway: bool = False,
    author_member: Member | None = None,
    thread: JSON | None = None,
) -> JSON:
    """A message object. The gateway variant adds ``guild_id`` and the author's ``member``."""
    payload: JSON = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "author": user(m.author),
        "content": m.content,
        "timestamp": iso_timestamp(m.created_at),
        "edited_timestamp": iso_timestamp(m.edited_at) if m.edited_at else None,
        "tts": m.tts,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [attachment(a) for a in m.attachments],
        "embeds": m.raw_embeds,
        "reactions": [],
        "pinned": False,
        "type": m.type,
        "flags": m.flags,
        "components": m.raw_components,
    }
    if m.webhook_id is not None:
        payload["webhook_id"] = str(m.webhook_id)
    if m.application_id is not None:
        payload["application_id"] = str(m.application_id)
    if m.interaction_metadata is not None:
        payload["interaction_metadata"] = m.interaction_metadata
    if thread is not None:
        payload["thread"] = thread
    if for_gateway and m.guild_id is not None:
        payload["guild_id"] = str(m.guild_id)
        if author_member is not None:
            payload["member"] = member(author_member, with_user=False)
    return payload


def _guild_fields(g: Guild) -> JSON:
    """The guild fields the gateway's GUILD_CREATE and REST's GET /guilds/{id} share."""
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "premium_tier": 0,
        "preferred_locale": g.preferred_locale,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
    }


def guild_create(
    g: Guild,
    *,
    channels: list[JSON],
    threads: list[JSON],
    members: list[JSON],
) -> JSON:
    """The full GUILD_CREATE object (guild plus channels, threads and the members sent)."""
    return {
        **_guild_fields(g),
        "application_id": None,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "premium_subscription_count": 0,
        "joined_at": iso_timestamp(g.joined_at),
        "large": False,
        "unavailable": False,
        "member_count": len(g.members),
        "voice_states": [],
        "members": members,
        "channels": channels,
        "threads": threads,
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def guild_rest(g: Guild) -> JSON:
    """GET /guilds/{id}: the guild without the gateway-only lists."""
    return {**_guild_fields(g), "approximate_member_count": len(g.members)}


def application(app_id: int, bot: User, owner: User) -> JSON:
    return {
        "id": str(app_id),
        "name": bot.name,
        "icon": None,
        "description": "A fake application served by tests.fake_discord",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "owner": user(owner),
        "team": None,
        "bot": user(bot),
        "rpc_origins": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "tags": [],
        "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
        "integration_types_config": {"0": {}},
        "approximate_guild_count": 0,
    }
