"""The fake Discord's state: the world, its rules (permissions, DMs) and the events it emits.

Everything that changes goes through :class:`FakeState`, which enforces what Discord enforces
(a bot may only send where its permissions allow, a DM to a user with closed DMs fails with
50007, only the author edits a message), tells the gateway what to dispatch, and notifies the
driver's waiters after each change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import payloads
from .errors import ErrorCode, missing_permissions, not_found, refusal
from .models import (
    DM,
    GUILD_TEXT,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
)
from .permissions import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    DM_PERMISSIONS,
    Overwrite,
    Perm,
    apply_overwrites,
    base_permissions,
    names,
)
from .snowflakes import SnowflakeGenerator
from .state_events import EventData, EventSink, Intent, NoSink
from .state_messages import MessageOperations

JSON = dict[str, Any]

__all__ = ["JSON", "EventData", "EventSink", "FakeState", "Intent"]


class FakeState(MessageOperations):
    """All guilds, users, channels, messages and commands of one fake Discord."""

    def __init__(self, *, token: str, bot_name: str, privileged_intents: int) -> None:
        self.ids = SnowflakeGenerator()
        self.token = token
        self.privileged_intents = privileged_intents
        self.application_id = self.ids.next()
        self.bot_user = User(id=self.ids.next(), name=bot_name, bot=True)
        self.app_owner = User(id=self.ids.next(), name="app-owner")
        self.users: dict[int, User] = {u.id: u for u in (self.bot_user, self.app_owner)}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self.dm_channel_of_user: dict[int, int] = {}
        # Deleted channels and threads: gone from ``channels`` (every request on them answers
        # 10003), kept here so the health report can tell "deleted" from "never existed".
        self.deleted_channels: dict[int, Channel] = {}
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}
        self.command_writes: list[tuple[str, int | None]] = []  # (method, guild id or None)
        self.sink: EventSink = NoSink()
        self.base_url = ""
        self.keep_file_bytes = True
        self._listeners: list[Callable[[], None]] = []
        self._keyed_listeners: dict[int, list[Callable[[], None]]] = {}

    # -- change notification -------------------------------------------------------------

    def subscribe(self, listener: Callable[[], None], keys: Iterable[int] | None = None) -> None:
        """Call ``listener`` after every change (``keys=None``) or only after changes that
        concern one of ``keys`` (a channel id, a user id for their DM, an interaction id).
        Scoped listeners keep hundreds of concurrent waiters cheap under load."""
        if keys is None:
            self._listeners.append(listener)
            return
        for key in keys:
            self._keyed_listeners.setdefault(key, []).append(listener)

    def unsubscribe(self, listener: Callable[[], None], keys: Iterable[int] | None = None) -> None:
        if keys is None:
            if listener in self._listeners:
                self._listeners.remove(listener)
            return
        for key in keys:
            listeners = self._keyed_listeners.get(key, [])
            if listener in listeners:
                listeners.remove(listener)
            if not listeners:
                self._keyed_listeners.pop(key, None)

    def changed(self, *keys: int) -> None:
        for listener in list(self._listeners):
            listener()
        for key in keys:
            for listener in list(self._keyed_listeners.get(key, ())):
                listener()

    def message_keys(self, ch: Channel) -> tuple[int, ...]:
        """Change keys of a message in ``ch``: the channel, and for a DM its recipient."""
        return (ch.id, ch.recipient_id) if ch.recipient_id is not None else (ch.id,)

    # -- world building (driver) ---------------------------------------------------------

    def add_user(
        self, name: str, *, global_name: str | None = None, bot: bool = False,
        locale: str = "en-US",
    ) -> User:
        user = User(id=self.ids.next(), name=name, global_name=global_name, bot=bot,
                    locale=locale)
        self.users[user.id] = user
        self.changed()
        return user

    def add_guild(
        self,
        name: str,
        *,
        owner: User | None,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS,
        guild_id: int | None = None,
        preferred_locale: str = "en-US",
    ) -> Guild:
        guild_id = guild_id if guild_id is not None else self.ids.next()
        owner = owner or self.add_user(f"{name}-owner")
        guild = Guild(id=guild_id, name=name, owner_id=owner.id,
                      preferred_locale=preferred_locale)
        guild.roles[guild_id] = Role(guild_id, guild_id, "@everyone", int(everyone_permissions))
        bot_role = Role(
            self.ids.next(),
            guild_id,
            self.bot_user.name,
            int(bot_permissions),
            position=1,
            managed_by_bot=self.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = Member(self.bot_user, guild_id, [bot_role.id])
        guild.members[owner.id] = Member(owner, guild_id, [])
        self.guilds[guild_id] = guild
        self.sink.dispatch(
            "GUILD_CREATE",
            lambda intents: self.guild_create_payload(guild, intents),
            intent=Intent.GUILDS,
            guild_id=guild_id,
        )
        self.changed()
        return guild

    def bot_role(self, guild: Guild) -> Role:
        return next(r for r in guild.roles.values() if r.managed_by_bot == self.bot_user.id)

    def add_role(self, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(self.ids.next(), guild.id, name, int(permissions), position=len(guild.roles))
        guild.roles[role.id] = role
        self.sink.dispatch(
            "GUILD_ROLE_CREATE",
            {"guild_id": str(guild.id), "role": payloads.role(role)},
            intent=Intent.GUILDS,
            guild_id=guild.id,
        )
        self.changed()
        return role

    def set_role_permissions(self, role: Role, permissions: int) -> None:
        role.permissions = int(permissions)
        self.sink.dispatch(
            "GUILD_ROLE_UPDATE",
            {"guild_id": str(role.guild_id), "role": payloads.role(role)},
            intent=Intent.GUILDS,
            guild_id=role.guild_id,
        )
        self.changed()

    def add_member(
        self, guild: Guild, user: User, *, roles: Iterable[Role] = (), nick: str | None = None
    ) -> Member:
        member = Member(user, guild.id, [r.id for r in roles], nick)
        guild.members[user.id] = member
        self.sink.dispatch(
            "GUILD_MEMBER_ADD",
            {**payloads.member(member), "guild_id": str(guild.id)},
            intent=Intent.GUILD_MEMBERS,
            guild_id=guild.id,
        )
        self.changed()
        return member

    def remove_member(self, guild: Guild, user: User) -> None:
        if guild.members.pop(user.id, None) is not None:
            self.sink.dispatch(
                "GUILD_MEMBER_REMOVE",
                {"guild_id": str(guild.id), "user": payloads.user(user)},
                intent=Intent.GUILD_MEMBERS,
                guild_id=guild.id,
            )
            self.changed()

    def add_channel(
        self,
        guild: Guild,
        name: str,
        *,
        overwrites: Iterable[Overwrite] = (),
        topic: str | None = None,
    ) -> Channel:
        ch = Channel(
            id=self.ids.next(),
            type=GUILD_TEXT,
            name=name,
            guild_id=guild.id,
            position=len(guild.channel_ids),
            overwrites=list(overwrites),
            topic=topic,
        )
        self.channels[ch.id] = ch
        guild.channel_ids.append(ch.id)
        self.sink.dispatch(
            "CHANNEL_CREATE", payloads.channel(ch), intent=Intent.GUILDS, guild_id=guild.id
        )
        self.changed()
        return ch

    def set_overwrite(
        self, ch: Channel, target_id: int, target_type: int, allow: int, deny: int
    ) -> None:
        ch.overwrites = [
            ow for ow in ch.overwrites if not (ow.type == target_type and ow.target_id == target_id)
        ]
        if allow or deny:
            ch.overwrites.append(Overwrite(target_id, target_type, int(allow), int(deny)))
        self.sink.dispatch(
            "CHANNEL_UPDATE", payloads.channel(ch), intent=Intent.GUILDS, guild_id=ch.guild_id
        )
        self.changed()

    def delete_channel(self, ch: Channel) -> None:
        """Delete a guild channel (its threads go with it) or a thread, as a moderator would:
        CHANNEL_DELETE / THREAD_DELETE is dispatched and the ids answer 10003 from now on."""
        guild = self.guilds[ch.guild_id] if ch.guild_id is not None else None
        if guild is None or ch.id not in self.channels:
            raise ValueError(f"channel {ch.id} is not a live guild channel")
        children = [
            self.channels[t] for t in guild.thread_ids if self.channels[t].parent_id == ch.id
        ]
        for gone in [ch, *children]:
            del self.channels[gone.id]
            self.deleted_channels[gone.id] = gone
            for ids in (guild.channel_ids, guild.thread_ids):
                if gone.id in ids:
                    ids.remove(gone.id)
        if ch.is_thread:
            data: JSON = {
                "id": str(ch.id),
                "guild_id": str(guild.id),
                "parent_id": str(ch.parent_id),
                "type": ch.type,
            }
            self.sink.dispatch("THREAD_DELETE", data, intent=Intent.GUILDS, guild_id=guild.id)
        else:
            self.sink.dispatch(
                "CHANNEL_DELETE", payloads.channel(ch), intent=Intent.GUILDS, guild_id=guild.id
            )
        self.changed(ch.id, *(c.id for c in children))

    def dm_channel(self, user: User) -> Channel:
        """The bot's DM channel with ``user`` (created on first use, like Discord does)."""
        channel_id = self.dm_channel_of_user.get(user.id)
        if channel_id is not None:
            return self.channels[channel_id]
        ch = Channel(id=self.ids.next(), type=DM, name=None, recipient_id=user.id)
        self.channels[ch.id] = ch
        self.dm_channel_of_user[user.id] = ch.id
        return ch

    # -- lookups ---------------------------------------------------------------------------

    def guild_of(self, ch: Channel) -> Guild | None:
        return self.guilds.get(ch.guild_id) if ch.guild_id is not None else None

    def get_channel(self, channel_id: int) -> Channel:
        ch = self.channels.get(channel_id)
        if ch is None:
            raise not_found(ErrorCode.UNKNOWN_CHANNEL, "Channel")
        return ch

    def get_guild(self, guild_id: int) -> Guild:
        guild = self.guilds.get(guild_id)
        if guild is None or self.bot_user.id not in guild.members:
            raise not_found(ErrorCode.UNKNOWN_GUILD, "Guild")
        return guild

    def get_user(self, user_id: int) -> User:
        user = self.users.get(user_id)
        if user is None:
            raise not_found(ErrorCode.UNKNOWN_USER, "User")
        return user

    def channel_of(self, msg: Message) -> Channel:
        """The channel a message lives in; 404 / 10003 once that channel was deleted."""
        ch = self.channels.get(msg.channel_id)
        if ch is None:
            raise not_found(ErrorCode.UNKNOWN_CHANNEL, "Channel")
        return ch

    def get_message(self, ch: Channel, message_id: int) -> Message:
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or msg.channel_id != ch.id or msg.ephemeral:
            raise not_found(ErrorCode.UNKNOWN_MESSAGE, "Message")
        return msg

    def recipients(self, ch: Channel) -> list[User]:
        if ch.recipient_id is None:
            return []
        return [self.users[ch.recipient_id]]

    # -- permissions -----------------------------------------------------------------------

    def permissions_in(self, user_id: int, ch: Channel) -> int:
        """``user_id``'s permissions in ``ch`` (threads use their parent's overwrites)."""
        if ch.is_dm:
            return int(DM_PERMISSIONS)
        guild = self.guilds[ch.guild_id] if ch.guild_id is not None else None
        if guild is None or user_id not in guild.members:
            return 0
        member = guild.members[user_id]
        base = base_permissions(
            is_owner=guild.owner_id == user_id,
            everyone_permissions=guild.everyone.permissions,
            role_permissions=(
                guild.roles[r].permissions for r in member.role_ids if r in guild.roles
            ),
        )
        overwrite_source = self.channels[ch.parent_id] if ch.is_thread and ch.parent_id else ch
        return apply_overwrites(
            base,
            guild_id=guild.id,
            member_id=user_id,
            member_role_ids=member.role_ids,
            overwrites=overwrite_source.overwrites,
            is_thread=ch.is_thread,
        )

    def guild_permissions(self, guild: Guild, user_id: int) -> int:
        member = guild.members.get(user_id)
        if member is None:
            return 0
        return base_permissions(
            is_owner=guild.owner_id == user_id,
            everyone_permissions=guild.everyone.permissions,
            role_permissions=(
                guild.roles[r].permissions for r in member.role_ids if r in guild.roles
            ),
        )

    def require_bot(self, ch: Channel, needed: int) -> None:
        have = self.permissions_in(self.bot_user.id, ch)
        if not have & Perm.VIEW_CHANNEL:
            raise refusal(ErrorCode.MISSING_ACCESS)
        missing = needed & ~have
        if missing:
            raise missing_permissions(names(missing))

    def visible_channel(self, channel_id: int) -> Channel:
        """A channel the bot can see (404 unknown, 403 Missing Access otherwise)."""
        ch = self.get_channel(channel_id)
        if ch.is_dm:
            return ch
        guild = self.guilds.get(ch.guild_id) if ch.guild_id is not None else None
        if guild is None or self.bot_user.id not in guild.members:
            raise not_found(ErrorCode.UNKNOWN_CHANNEL, "Channel")
        self.require_bot(ch, Perm.VIEW_CHANNEL)
        return ch

    # -- payload builders ------------------------------------------------------------------

    def channel_payload(self, ch: Channel, *, for_user: int | None = None) -> JSON:
        perms = self.permissions_in(for_user, ch) if for_user is not None else None
        return payloads.channel(
            ch, recipients=self.recipients(ch), permissions=perms, bot_id=self.bot_user.id
        )

    def message_payload(self, msg: Message, *, for_gateway: bool = False) -> JSON:
        guild = self.guilds.get(msg.guild_id) if msg.guild_id is not None else None
        author_member = guild.members.get(msg.author.id) if guild is not None else None
        thread = None
        if msg.thread_id is not None and msg.thread_id in self.channels:
            thread = self.channel_payload(self.channels[msg.thread_id])
            if for_gateway:
                thread["guild_id"] = str(msg.guild_id)
        return payloads.message(
            msg, for_gateway=for_gateway, author_member=author_member, thread=thread
        )

    def guild_create_payload(self, guild: Guild, intents: int) -> JSON:
        # Without the GUILD_MEMBERS intent Discord sends only the bot's own member.
        if intents & Intent.GUILD_MEMBERS:
            members = list(guild.members.values())
        else:
            members = [guild.members[self.bot_user.id]]
        return payloads.guild_create(
            guild,
            channels=[self.channel_payload(self.channels[c]) for c in guild.channel_ids],
            threads=[
                {**self.channel_payload(self.channels[t]), "guild_id": str(guild.id)}
                for t in guild.thread_ids
                if not self.channels[t].archived
            ],
            members=[payloads.member(m) for m in members],
        )
