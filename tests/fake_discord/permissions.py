"""Discord permission bits and the permission resolution algorithm.

The fake computes permissions itself (instead of trusting the bot) so that a channel where the
bot may not send, attach files or create threads behaves like it does on Discord: the request
fails with 403 / code 50013, and the interaction payloads carry the real ``app_permissions``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass


class Perm(enum.IntFlag):
    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_AUDIT_LOG = 1 << 7
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    SEND_TTS_MESSAGES = 1 << 12
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CHANGE_NICKNAME = 1 << 26
    MANAGE_ROLES = 1 << 28
    MANAGE_WEBHOOKS = 1 << 29
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    MODERATE_MEMBERS = 1 << 40


ALL_PERMISSIONS = (1 << 51) - 1

# What a freshly created @everyone role gets on Discord, minus voice permissions.
DEFAULT_EVERYONE_PERMISSIONS = (
    Perm.CREATE_INSTANT_INVITE
    | Perm.ADD_REACTIONS
    | Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.CHANGE_NICKNAME
    | Perm.USE_APPLICATION_COMMANDS
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.CREATE_PRIVATE_THREADS
    | Perm.SEND_MESSAGES_IN_THREADS
)

# What a card-game bot asks for in its invite link.
DEFAULT_BOT_PERMISSIONS = (
    Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.SEND_MESSAGES_IN_THREADS
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.ADD_REACTIONS
)

# Permissions Discord reports for a bot in a DM channel.
DM_PERMISSIONS = (
    Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.ADD_REACTIONS
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.USE_APPLICATION_COMMANDS
)

# Without SEND_MESSAGES these are implicitly denied in a text channel.
_NEEDS_SEND = Perm.SEND_TTS_MESSAGES | Perm.MENTION_EVERYONE | Perm.EMBED_LINKS | Perm.ATTACH_FILES

ROLE_OVERWRITE = 0
MEMBER_OVERWRITE = 1


@dataclass
class Overwrite:
    """A channel permission overwrite for a role (type 0) or a member (type 1)."""

    target_id: int
    type: int
    allow: int = 0
    deny: int = 0

    def to_payload(self) -> dict[str, object]:
        return {
            "id": str(self.target_id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


def base_permissions(
    *, is_owner: bool, everyone_permissions: int, role_permissions: Iterable[int]
) -> int:
    """Guild-level permissions of a member: @everyone plus every role, ADMINISTRATOR = all."""
    if is_owner:
        return ALL_PERMISSIONS
    perms = everyone_permissions
    for role_perms in role_permissions:
        perms |= role_perms
    if perms & Perm.ADMINISTRATOR:
        return ALL_PERMISSIONS
    return perms


def apply_overwrites(
    base: int,
    *,
    guild_id: int,
    member_id: int,
    member_role_ids: Iterable[int],
    overwrites: Iterable[Overwrite],
    is_thread: bool = False,
) -> int:
    """Channel-level permissions: Discord's documented @everyone → roles → member order."""
    if base & Perm.ADMINISTRATOR:
        return ALL_PERMISSIONS
    by_target = {(ow.type, ow.target_id): ow for ow in overwrites}
    perms = base
    everyone = by_target.get((ROLE_OVERWRITE, guild_id))
    if everyone is not None:
        perms = (perms & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for role_id in member_role_ids:
        role_ow = by_target.get((ROLE_OVERWRITE, role_id))
        if role_ow is not None:
            allow |= role_ow.allow
            deny |= role_ow.deny
    perms = (perms & ~deny) | allow
    member_ow = by_target.get((MEMBER_OVERWRITE, member_id))
    if member_ow is not None:
        perms = (perms & ~member_ow.deny) | member_ow.allow
    if not perms & Perm.VIEW_CHANNEL:
        return 0
    if not is_thread and not perms & Perm.SEND_MESSAGES:
        perms &= ~_NEEDS_SEND
    return perms


def names(perms: int) -> list[str]:
    """Readable names of the known bits set in ``perms`` (for error messages)."""
    return [flag.name or str(flag.value) for flag in Perm if perms & flag]
