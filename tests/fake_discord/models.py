"""The fake's world: users, guilds, roles, members, channels, messages and attachments.

These are plain mutable records owned by :class:`~tests.fake_discord.state.FakeState`. Tests get
them back from the driver and read them (``message.content``, ``message.buttons``...); only the
fake changes them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from .components import Button, Component, Embed, Select, interactive, text_displays
from .errors import DriverError
from .permissions import Overwrite
from .snowflakes import snowflake_time

# Channel types (Discord API).
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = frozenset({PUBLIC_THREAD, PRIVATE_THREAD})

# Message flags.
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Message types.
MESSAGE_DEFAULT = 0
MESSAGE_CHAT_INPUT_COMMAND = 20

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(eq=False)
class User:
    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    dms_closed: bool = False
    locale: str = "en-US"
    """The Discord client's language: sent as ``locale`` in this user's interactions."""

    @property
    def display_name(self) -> str:
        return self.global_name or self.name

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed_by_bot: int | None = None  # the bot's user id for the bot's own managed role

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"


@dataclass(eq=False)
class Member:
    user: User
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(tz=dt.UTC))

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def display_name(self) -> str:
        return self.nick or self.user.display_name


@dataclass(eq=False)
class Channel:
    """A guild text channel, a thread or a DM channel."""

    id: int
    type: int
    name: str | None
    guild_id: int | None = None
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)
    parent_id: int | None = None
    topic: str | None = None
    recipient_id: int | None = None  # DM channels
    owner_id: int | None = None  # threads
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True
    thread_member_ids: set[int] = field(default_factory=set)
    created_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(tz=dt.UTC))
    message_ids: list[int] = field(default_factory=list)
    message_count: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def last_message_id(self) -> int | None:
        return self.message_ids[-1] if self.message_ids else None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    thread_ids: list[int] = field(default_factory=list)
    joined_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(tz=dt.UTC))
    preferred_locale: str = "en-US"
    """The server's language in its settings: ``preferred_locale`` in GUILD_CREATE and
    ``guild_locale`` in interactions from it."""

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]


@dataclass(eq=False)
class Attachment:
    """An uploaded file. ``data`` is complete unless the fake was told not to keep file bytes
    (load benchmarks), then it holds only the first bytes (enough for the PNG header)."""

    id: int
    filename: str
    content_type: str
    data: bytes
    url: str
    size: int
    description: str | None = None

    @property
    def complete(self) -> bool:
        return len(self.data) == self.size

    def is_png(self) -> bool:
        return self.data.startswith(PNG_SIGNATURE)

    def png_size(self) -> tuple[int, int] | None:
        """Width and height from the PNG header, without decoding the picture."""
        if not self.is_png() or len(self.data) < 24:
            return None
        return int.from_bytes(self.data[16:20], "big"), int.from_bytes(self.data[20:24], "big")


@dataclass(eq=False)
class Message:
    """A message as Discord currently shows it (edits replace content in place)."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    raw_embeds: list[dict[str, Any]] = field(default_factory=list)
    raw_components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = MESSAGE_DEFAULT
    tts: bool = False
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    visible_to: int | None = None  # ephemeral: the only user who sees it
    edited_at: dt.datetime | None = None
    edit_count: int = 0
    deleted: bool = False
    thread_id: int | None = None  # a thread started from this message

    @property
    def created_at(self) -> dt.datetime:
        return snowflake_time(self.id)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still showing "Bot is thinking…"."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def embeds(self) -> list[Embed]:
        return [Embed.parse(raw) for raw in self.raw_embeds]

    @property
    def components(self) -> list[Component]:
        """Buttons, selects and text inputs in display order, at any nesting depth."""
        return interactive(self.raw_components)

    @property
    def buttons(self) -> list[Button]:
        return [c for c in self.components if isinstance(c, Button)]

    @property
    def selects(self) -> list[Select]:
        return [c for c in self.components if isinstance(c, Select)]

    @property
    def custom_ids(self) -> list[str]:
        return [c.custom_id for c in self.components if c.custom_id]

    def component(self, custom_id: str) -> Component:
        for comp in self.components:
            if comp.custom_id == custom_id:
                return comp
        raise DriverError(
            f"message {self.id} has no component with custom_id {custom_id!r}; "
            f"it has {self.custom_ids}"
        )

    def button(self, label: str) -> Button:
        """The button whose label is exactly ``label``."""
        for button in self.buttons:
            if button.label == label:
                return button
        labels = [b.label for b in self.buttons]
        raise DriverError(f"message {self.id} has no button labelled {label!r}; it has {labels}")

    def text(self) -> str:
        """Everything a reader sees as text: content, embeds and text displays."""
        parts = [self.content]
        parts.extend(embed.text() for embed in self.embeds)
        parts.extend(text_displays(self.raw_components))
        return "\n".join(part for part in parts if part)

    def png_attachments(self) -> list[Attachment]:
        return [a for a in self.attachments if a.is_png()]

    def __repr__(self) -> str:
        preview = self.text().replace("\n", " ")[:60]
        return (
            f"<Message id={self.id} channel={self.channel_id} ephemeral={self.ephemeral} "
            f"edits={self.edit_count} text={preview!r} components={self.custom_ids} "
            f"files={[a.filename for a in self.attachments]}>"
        )
