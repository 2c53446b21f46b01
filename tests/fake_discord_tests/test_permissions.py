"""Discord's permission resolution as the fake computes it."""

from __future__ import annotations

from tests.fake_discord.permissions import (
    ALL_PERMISSIONS,
    MEMBER_OVERWRITE,
    ROLE_OVERWRITE,
    Overwrite,
    Perm,
    apply_overwrites,
    base_permissions,
)

GUILD = 100
MEMBER = 7
ROLE_A, ROLE_B = 201, 202
BASE = int(Perm.VIEW_CHANNEL | Perm.SEND_MESSAGES | Perm.ATTACH_FILES | Perm.EMBED_LINKS)


def channel_perms(*overwrites: Overwrite, base: int = BASE, thread: bool = False) -> int:
    return apply_overwrites(
        base,
        guild_id=GUILD,
        member_id=MEMBER,
        member_role_ids=[ROLE_A, ROLE_B],
        overwrites=overwrites,
        is_thread=thread,
    )


def test_base_permissions_owner_admin_and_roles() -> None:
    assert (
        base_permissions(is_owner=True, everyone_permissions=0, role_permissions=[])
        == ALL_PERMISSIONS
    )
    admin = base_permissions(
        is_owner=False, everyone_permissions=0, role_permissions=[Perm.ADMINISTRATOR]
    )
    assert admin == ALL_PERMISSIONS
    combined = base_permissions(
        is_owner=False,
        everyone_permissions=Perm.VIEW_CHANNEL,
        role_permissions=[Perm.SEND_MESSAGES],
    )
    assert combined == Perm.VIEW_CHANNEL | Perm.SEND_MESSAGES


def test_overwrite_order_everyone_then_roles_then_member() -> None:
    everyone_deny = Overwrite(GUILD, ROLE_OVERWRITE, deny=Perm.ATTACH_FILES)
    role_allow = Overwrite(ROLE_A, ROLE_OVERWRITE, allow=Perm.ATTACH_FILES)
    member_deny = Overwrite(MEMBER, MEMBER_OVERWRITE, deny=Perm.ATTACH_FILES)
    assert not channel_perms(everyone_deny) & Perm.ATTACH_FILES
    assert channel_perms(everyone_deny, role_allow) & Perm.ATTACH_FILES
    assert not channel_perms(everyone_deny, role_allow, member_deny) & Perm.ATTACH_FILES


def test_role_allow_beats_role_deny() -> None:
    deny_b = Overwrite(ROLE_B, ROLE_OVERWRITE, deny=Perm.EMBED_LINKS)
    allow_a = Overwrite(ROLE_A, ROLE_OVERWRITE, allow=Perm.EMBED_LINKS)
    assert channel_perms(deny_b, allow_a) & Perm.EMBED_LINKS
    assert not channel_perms(deny_b) & Perm.EMBED_LINKS


def test_implicit_denials() -> None:
    no_view = Overwrite(MEMBER, MEMBER_OVERWRITE, deny=Perm.VIEW_CHANNEL)
    assert channel_perms(no_view) == 0
    no_send = Overwrite(MEMBER, MEMBER_OVERWRITE, deny=Perm.SEND_MESSAGES)
    assert channel_perms(no_send) == Perm.VIEW_CHANNEL  # attach and embed go with send
    assert channel_perms(no_send, thread=True) & Perm.ATTACH_FILES  # threads use their own send bit
    assert channel_perms(no_view, base=BASE | Perm.ADMINISTRATOR) == ALL_PERMISSIONS
