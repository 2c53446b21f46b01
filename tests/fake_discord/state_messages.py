"""Messages in the fake's state: sending (with Discord's checks), editing, deleting, files.

Mixed into :class:`~tests.fake_discord.state.FakeState` (kept apart so each module stays small);
the attributes and methods it uses from the state are declared below for the type checker.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from .errors import ApiError, ErrorCode, not_found, refusal
from .message_body import (
    MessageBody,
    UploadedFile,
    apply_message_body,
    guess_content_type,
    validate_message_body,
)
from .models import FLAG_LOADING, MESSAGE_DEFAULT, Attachment, Channel, Guild, Message, User
from .permissions import Perm
from .snowflakes import SnowflakeGenerator
from .state_events import EventSink, Intent

JSON = dict[str, Any]
# Bytes of a file kept when file bytes are not kept: the PNG signature and IHDR (size).
KEPT_PREFIX = 64


class MessageOperations:
    ids: SnowflakeGenerator
    sink: EventSink
    bot_user: User
    application_id: int
    base_url: str
    keep_file_bytes: bool
    users: dict[int, User]
    guilds: dict[int, Guild]
    channels: dict[int, Channel]
    messages: dict[int, Message]
    attachments: dict[int, Attachment]

    if TYPE_CHECKING:

        def changed(self, *keys: int) -> None: ...
        def message_keys(self, ch: Channel) -> tuple[int, ...]: ...
        def channel_of(self, msg: Message) -> Channel: ...
        def permissions_in(self, user_id: int, ch: Channel) -> int: ...
        def require_bot(self, ch: Channel, needed: int) -> None: ...
        def message_payload(self, msg: Message, *, for_gateway: bool = False) -> JSON: ...

    # -- messages --------------------------------------------------------------------------

    def make_attachment(self, upload: UploadedFile, channel_id: int) -> Attachment:
        attachment_id = self.ids.next()
        content_type = upload.content_type
        if content_type in ("", "application/octet-stream"):
            content_type = guess_content_type(upload.filename)
        attachment = Attachment(
            id=attachment_id,
            filename=upload.filename,
            content_type=content_type,
            data=upload.data if self.keep_file_bytes else upload.data[:KEPT_PREFIX],
            url=f"{self.base_url}/attachments/{channel_id}/{attachment_id}/{upload.filename}",
            size=len(upload.data),
        )
        self.attachments[attachment_id] = attachment
        return attachment

    def check_can_send(self, ch: Channel, body: MessageBody) -> None:
        """What Discord checks before a bot (not an interaction webhook) posts in ``ch``."""
        if ch.is_dm:
            recipient = self.users[ch.recipient_id] if ch.recipient_id is not None else None
            if recipient is None or recipient.dms_closed or not self.shares_guild(recipient):
                raise refusal(ErrorCode.CANNOT_SEND_TO_USER)
            return
        if ch.is_thread and (ch.archived or ch.locked):
            raise ApiError(400, 50083, "Thread is archived")
        needed = int(Perm.SEND_MESSAGES_IN_THREADS if ch.is_thread else Perm.SEND_MESSAGES)
        if body.files:
            needed |= Perm.ATTACH_FILES
        self.require_bot(ch, needed)

    def without_unembeddable(self, ch: Channel, body: MessageBody) -> MessageBody:
        """The body Discord keeps from a bot message: without EMBED_LINKS in ``ch`` its embeds
        are dropped silently (a message left empty then fails with 50006)."""
        if ch.is_dm or "embeds" not in body.fields:
            return body
        if self.permissions_in(self.bot_user.id, ch) & Perm.EMBED_LINKS:
            return body
        return MessageBody(fields={**body.fields, "embeds": []}, files=body.files)

    def shares_guild(self, user: User) -> bool:
        return any(
            user.id in g.members and self.bot_user.id in g.members for g in self.guilds.values()
        )

    def post_message(
        self,
        ch: Channel,
        body: MessageBody,
        *,
        author: User | None = None,
        extra_flags: int = 0,
        visible_to: int | None = None,
        webhook_id: int | None = None,
        interaction_metadata: JSON | None = None,
        message_type: int = MESSAGE_DEFAULT,
    ) -> Message:
        """Create a message (already permission-checked by the caller) and announce it."""
        if ch.id not in self.channels:
            raise not_found(ErrorCode.UNKNOWN_CHANNEL, "Channel")
        validate_message_body(body, creating=not extra_flags & FLAG_LOADING)
        msg = Message(
            id=self.ids.next(),
            channel_id=ch.id,
            guild_id=ch.guild_id,
            author=author or self.bot_user,
            visible_to=visible_to,
            webhook_id=webhook_id,
            application_id=self.application_id if webhook_id is not None else None,
            interaction_metadata=interaction_metadata,
            type=message_type,
        )
        apply_message_body(
            msg,
            body,
            creating=True,
            extra_flags=extra_flags,
            make_attachment=lambda upload: self.make_attachment(upload, ch.id),
        )
        self.messages[msg.id] = msg
        if not msg.ephemeral:
            ch.message_ids.append(msg.id)
            ch.message_count += 1
            self.sink.dispatch(
                "MESSAGE_CREATE",
                self.message_payload(msg, for_gateway=True),
                intent=Intent.DIRECT_MESSAGES if ch.is_dm else Intent.GUILD_MESSAGES,
                guild_id=ch.guild_id,
            )
        self.changed(*self.message_keys(ch))
        return msg

    def edit_message(self, msg: Message, body: MessageBody) -> Message:
        ch = self.channel_of(msg)
        validate_message_body(body, creating=False, existing_flags=msg.flags)
        before = (msg.content, msg.raw_embeds, msg.raw_components, msg.attachments, msg.flags)
        apply_message_body(
            msg,
            body,
            creating=False,
            make_attachment=lambda upload: self.make_attachment(upload, ch.id),
        )
        if not (msg.content or msg.raw_embeds or msg.attachments or msg.raw_components):
            # Refused edits leave the message as it was.
            msg.content, msg.raw_embeds, msg.raw_components, msg.attachments, msg.flags = before
            raise ApiError(400, ErrorCode.EMPTY_MESSAGE, "Cannot send an empty message")
        msg.flags &= ~FLAG_LOADING
        msg.edited_at = dt.datetime.now(tz=dt.UTC)
        msg.edit_count += 1
        if not msg.ephemeral:
            self.sink.dispatch(
                "MESSAGE_UPDATE",
                self.message_payload(msg, for_gateway=True),
                intent=Intent.DIRECT_MESSAGES if ch.is_dm else Intent.GUILD_MESSAGES,
                guild_id=ch.guild_id,
            )
        self.changed(*self.message_keys(ch))
        return msg

    def delete_message(self, msg: Message) -> None:
        ch = self.channel_of(msg)
        msg.deleted = True
        if msg.id in ch.message_ids:
            ch.message_ids.remove(msg.id)
        if not msg.ephemeral:
            data: JSON = {"id": str(msg.id), "channel_id": str(ch.id)}
            if ch.guild_id is not None:
                data["guild_id"] = str(ch.guild_id)
            self.sink.dispatch(
                "MESSAGE_DELETE",
                data,
                intent=Intent.DIRECT_MESSAGES if ch.is_dm else Intent.GUILD_MESSAGES,
                guild_id=ch.guild_id,
            )
        self.changed(*self.message_keys(ch))

    def channel_history(self, ch: Channel) -> list[Message]:
        return [self.messages[m] for m in ch.message_ids]
