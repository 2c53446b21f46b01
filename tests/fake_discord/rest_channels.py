"""REST routes: channels, messages (JSON or multipart), history, threads, typing, reactions."""

from __future__ import annotations

from aiohttp import web

from . import threads
from .errors import ApiError, ErrorCode, invalid_form, refusal
from .models import PRIVATE_THREAD, PUBLIC_THREAD, Channel, Message
from .permissions import Perm
from .responses import json_response, no_content
from .routing import RequestContext, RestApi
from .state import FakeState

HISTORY_MAX = 100


class ChannelRoutes:
    def __init__(self, state: FakeState) -> None:
        self.state = state

    def register(self, api: RestApi) -> None:
        add = api.add
        add("GET", "/channels/{channel_id}", self.get_channel)
        add("PATCH", "/channels/{channel_id}", self.edit_channel)
        add("GET", "/channels/{channel_id}/messages", self.history)
        add("POST", "/channels/{channel_id}/messages", self.create_message)
        add("POST", "/channels/{channel_id}/messages/bulk-delete", self.bulk_delete)
        add("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        add("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        add("POST", "/channels/{channel_id}/typing", self.typing)
        add("POST", "/channels/{channel_id}/threads", self.create_thread)
        add(
            "POST",
            "/channels/{channel_id}/messages/{message_id}/threads",
            self.create_thread_from_message,
        )
        add("PUT", "/channels/{channel_id}/thread-members/@me", self.join_thread)
        add("DELETE", "/channels/{channel_id}/thread-members/@me", self.leave_thread)
        add("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member)
        add("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.remove_thread_member)
        reaction = "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
        add("PUT", reaction, self.react)
        add("DELETE", reaction, self.unreact)

    def _channel(self, ctx: RequestContext) -> Channel:
        return self.state.visible_channel(ctx.id("channel_id"))

    def _message(self, ctx: RequestContext) -> tuple[Channel, Message]:
        ch = self._channel(ctx)
        return ch, self.state.get_message(ch, ctx.id("message_id"))

    # -- channels --------------------------------------------------------------------------

    async def get_channel(self, ctx: RequestContext) -> web.StreamResponse:
        ch = self._channel(ctx)
        payload = self.state.channel_payload(ch)
        if ch.is_thread:
            payload["guild_id"] = str(ch.guild_id)
        return json_response(payload)

    async def edit_channel(self, ctx: RequestContext) -> web.StreamResponse:
        ch = self._channel(ctx)
        if ch.is_dm:
            raise ApiError(400, 50024, "Cannot execute action on a DM channel")
        if ch.is_thread:
            if ch.owner_id != self.state.bot_user.id:
                self.state.require_bot(ch, int(Perm.MANAGE_THREADS))
            threads.update_thread(self.state, ch, ctx.body.fields)
        else:
            self.state.require_bot(ch, int(Perm.MANAGE_CHANNELS))
            if "name" in ctx.body.fields:
                ch.name = str(ctx.body.fields["name"])
            if "topic" in ctx.body.fields:
                ch.topic = ctx.body.fields["topic"]
            self.state.changed()
        return json_response(self.state.channel_payload(ch))

    async def typing(self, ctx: RequestContext) -> web.StreamResponse:
        self._channel(ctx)
        return no_content()

    # -- messages --------------------------------------------------------------------------

    async def history(self, ctx: RequestContext) -> web.StreamResponse:
        ch = self._channel(ctx)
        if (
            not ch.is_dm
            and not self.state.permissions_in(self.state.bot_user.id, ch)
            & Perm.READ_MESSAGE_HISTORY
        ):
            return json_response([])
        limit = int(ctx.query.get("limit", "50") or 50)
        if not 1 <= limit <= HISTORY_MAX:
            raise invalid_form("limit", f"Must be between 1 and {HISTORY_MAX}.")
        messages = self.state.channel_history(ch)  # oldest first
        if "before" in ctx.query:
            before = int(ctx.query["before"])
            picked = [m for m in messages if m.id < before][-limit:]
        elif "after" in ctx.query:
            after = int(ctx.query["after"])
            picked = [m for m in messages if m.id > after][:limit]
        elif "around" in ctx.query:
            around = int(ctx.query["around"])
            older = [m for m in messages if m.id <= around][-((limit + 1) // 2) :]
            newer = [m for m in messages if m.id > around][: limit // 2]
            picked = older + newer
        else:
            picked = messages[-limit:]
        # Discord returns newest first.
        return json_response([self.state.message_payload(m) for m in reversed(picked)])

    async def create_message(self, ctx: RequestContext) -> web.StreamResponse:
        ch = self._channel(ctx)
        self.state.check_can_send(ch, ctx.body)
        msg = self.state.post_message(ch, self.state.without_unembeddable(ch, ctx.body))
        return json_response(self.state.message_payload(msg))

    async def get_message(self, ctx: RequestContext) -> web.StreamResponse:
        ch, msg = self._message(ctx)
        if not ch.is_dm:
            self.state.require_bot(ch, int(Perm.READ_MESSAGE_HISTORY))
        return json_response(self.state.message_payload(msg))

    async def edit_message(self, ctx: RequestContext) -> web.StreamResponse:
        ch, msg = self._message(ctx)
        if msg.author.id != self.state.bot_user.id:
            raise refusal(ErrorCode.CANNOT_EDIT_OTHERS_MESSAGE)
        self.state.edit_message(msg, self.state.without_unembeddable(ch, ctx.body))
        return json_response(self.state.message_payload(msg))

    async def delete_message(self, ctx: RequestContext) -> web.StreamResponse:
        ch, msg = self._message(ctx)
        if msg.author.id != self.state.bot_user.id and not ch.is_dm:
            self.state.require_bot(ch, int(Perm.MANAGE_MESSAGES))
        self.state.delete_message(msg)
        return no_content()

    async def bulk_delete(self, ctx: RequestContext) -> web.StreamResponse:
        ch = self._channel(ctx)
        if ch.is_dm:
            raise ApiError(400, 50024, "Cannot execute action on a DM channel")
        self.state.require_bot(ch, int(Perm.MANAGE_MESSAGES))
        ids = ctx.body.get("messages") or []
        if not 2 <= len(ids) <= 100:
            raise invalid_form("messages", "Must be between 2 and 100 in length.")
        for raw in ids:
            self.state.delete_message(self.state.get_message(ch, int(raw)))
        return no_content()

    async def react(self, ctx: RequestContext) -> web.StreamResponse:
        ch, _ = self._message(ctx)
        if not ch.is_dm:
            self.state.require_bot(ch, int(Perm.ADD_REACTIONS | Perm.READ_MESSAGE_HISTORY))
        return no_content()

    async def unreact(self, ctx: RequestContext) -> web.StreamResponse:
        self._message(ctx)
        return no_content()

    # -- threads ---------------------------------------------------------------------------

    async def create_thread(self, ctx: RequestContext) -> web.StreamResponse:
        parent = self._channel(ctx)
        fields = ctx.body.fields
        thread = threads.create_thread(
            self.state,
            parent,
            name=str(fields.get("name", "")),
            thread_type=int(fields.get("type", PRIVATE_THREAD)),
            auto_archive_duration=int(fields.get("auto_archive_duration", 1440)),
            invitable=bool(fields.get("invitable", True)),
            from_message=None,
        )
        return json_response(self.state.channel_payload(thread), status=201)

    async def create_thread_from_message(self, ctx: RequestContext) -> web.StreamResponse:
        parent, msg = self._message(ctx)
        fields = ctx.body.fields
        thread = threads.create_thread(
            self.state,
            parent,
            name=str(fields.get("name", "")),
            thread_type=PUBLIC_THREAD,
            auto_archive_duration=int(fields.get("auto_archive_duration", 1440)),
            invitable=True,
            from_message=msg,
        )
        return json_response(self.state.channel_payload(thread), status=201)

    def _thread(self, ctx: RequestContext) -> Channel:
        ch = self._channel(ctx)
        if not ch.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return ch

    async def join_thread(self, ctx: RequestContext) -> web.StreamResponse:
        thread = self._thread(ctx)
        thread.thread_member_ids.add(self.state.bot_user.id)
        self.state.changed()
        return no_content()

    async def leave_thread(self, ctx: RequestContext) -> web.StreamResponse:
        thread = self._thread(ctx)
        thread.thread_member_ids.discard(self.state.bot_user.id)
        self.state.changed()
        return no_content()

    async def add_thread_member(self, ctx: RequestContext) -> web.StreamResponse:
        thread = self._thread(ctx)
        user = self.state.get_user(ctx.id("user_id"))
        guild = self.state.guilds[thread.guild_id] if thread.guild_id is not None else None
        if guild is None or user.id not in guild.members:
            raise ApiError(404, ErrorCode.UNKNOWN_MEMBER, "Unknown Member")
        if thread.type == PRIVATE_THREAD and self.state.bot_user.id not in thread.thread_member_ids:
            self.state.require_bot(thread, int(Perm.MANAGE_THREADS))
        self.state.require_bot(thread, int(Perm.SEND_MESSAGES_IN_THREADS))
        thread.thread_member_ids.add(user.id)
        self.state.changed()
        return no_content()

    async def remove_thread_member(self, ctx: RequestContext) -> web.StreamResponse:
        thread = self._thread(ctx)
        user_id = ctx.id("user_id")
        if thread.owner_id != self.state.bot_user.id:
            self.state.require_bot(thread, int(Perm.MANAGE_THREADS))
        thread.thread_member_ids.discard(user_id)
        self.state.changed()
        return no_content()
