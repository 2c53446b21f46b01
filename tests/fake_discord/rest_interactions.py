"""REST routes: interaction callbacks and the interaction's followup webhook.

Discord's rules that matter to a bot are enforced: one callback per interaction, within the
deadline (3 s) or it is "Unknown interaction"; DEFERRED_UPDATE / UPDATE_MESSAGE only for
component and modal interactions; ``@original`` means the response message for types 4/5 and the
component's message for 6/7; the first followup after a "thinking" defer fills the loading
message; ephemeral messages are visible only to the interaction's user and never reach the
channel.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from aiohttp import web

from .errors import ApiError, ErrorCode, invalid_form, not_found
from .interactions import (
    APPLICATION_COMMAND,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    Callback,
    InteractionRecord,
    InteractionRegistry,
)
from .message_body import MessageBody, validate_components
from .models import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    MESSAGE_CHAT_INPUT_COMMAND,
    MESSAGE_DEFAULT,
    Message,
)
from .payloads import user as user_payload
from .responses import json_response, no_content
from .routing import RequestContext, RestApi
from .state import FakeState

TOKEN_LIFETIME = 15 * 60.0
"""How long an interaction's token edits, follows up and deletes (Discord: 15 minutes)."""


class InteractionRoutes:
    def __init__(
        self,
        state: FakeState,
        registry: InteractionRegistry,
        *,
        deadline: Callable[[], float],
        token_lifetime: Callable[[], float] = lambda: TOKEN_LIFETIME,
    ) -> None:
        self.state = state
        self.registry = registry
        self.deadline = deadline
        self.token_lifetime = token_lifetime

    def register(self, api: RestApi) -> None:
        add = api.add
        add(
            "POST",
            "/interactions/{interaction_id}/{interaction_token}/callback",
            self.callback,
            auth=False,
        )
        webhook = "/webhooks/{application_id}/{interaction_token}"
        add("POST", webhook, self.followup, auth=False)
        add("GET", webhook + "/messages/{message_id}", self.get_webhook_message, auth=False)
        add("PATCH", webhook + "/messages/{message_id}", self.edit_webhook_message, auth=False)
        add("DELETE", webhook + "/messages/{message_id}", self.delete_webhook_message, auth=False)

    # -- callback --------------------------------------------------------------------------

    async def callback(self, ctx: RequestContext) -> web.StreamResponse:
        now = time.monotonic()
        record = self.registry.by_id.get(ctx.id("interaction_id"))
        if record is None or record.token != ctx.params["interaction_token"]:
            raise ApiError(404, ErrorCode.UNKNOWN_INTERACTION, "Unknown interaction")
        if record.response is not None:
            record.refused_callbacks.append((400, "already acknowledged"))
            self.state.changed(record.id)
            raise ApiError(
                400,
                ErrorCode.INTERACTION_ALREADY_ACKNOWLEDGED,
                "Interaction has already been acknowledged.",
            )
        if now - record.dispatched_at > self.deadline():
            record.refused_callbacks.append((404, f"too late: {now - record.dispatched_at:.3f}s"))
            self.state.changed(record.id)
            raise ApiError(404, ErrorCode.UNKNOWN_INTERACTION, "Unknown interaction")
        response_type = ctx.body.get("type")
        raw_data = ctx.body.get("data") or {}
        if not isinstance(response_type, int) or not isinstance(raw_data, dict):
            raise invalid_form("type", "This field is required")
        body = MessageBody(fields=raw_data, files=ctx.body.files)
        message = self._apply(record, response_type, body)
        record.record_response(Callback(response_type, raw_data, now))
        self.state.changed(record.id)
        if not ctx.query_flag("with_response"):
            return no_content()
        resource: dict[str, object] = {"type": response_type}
        if message is not None:
            resource["message"] = self.state.message_payload(message)
        interaction: dict[str, object] = {
            "id": str(record.id),
            "type": record.type,
            "response_message_loading": response_type == DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(message is not None and message.ephemeral),
        }
        if message is not None and response_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            interaction["response_message_id"] = str(message.id)
        return json_response({"interaction": interaction, "resource": resource})

    def _apply(
        self, record: InteractionRecord, response_type: int, body: MessageBody
    ) -> Message | None:
        is_component_like = record.type in (MESSAGE_COMPONENT, MODAL_SUBMIT)
        if response_type == CHANNEL_MESSAGE:
            msg = self._respond_with_message(record, body, loading=False)
            record.original_message_id = msg.id
            return msg
        if response_type == DEFERRED_CHANNEL_MESSAGE:
            msg = self._respond_with_message(record, body, loading=True)
            record.original_message_id = msg.id
            record.thinking_pending = True
            return msg
        if response_type in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            source = record.source_message
            if not is_component_like or source is None:
                raise ApiError(
                    400, 40043, "Interaction response type not valid for this interaction"
                )
            if source.deleted:
                raise ApiError(404, ErrorCode.UNKNOWN_MESSAGE, "Unknown Message")
            record.original_message_id = source.id
            if response_type == UPDATE_MESSAGE:
                self.state.edit_message(source, body)
            return source if response_type == UPDATE_MESSAGE else None
        if response_type == MODAL:
            if record.type == MODAL_SUBMIT:
                raise ApiError(400, 40043, "A modal cannot answer a modal submit")
            self._validate_modal(body)
            record.modal = dict(body.fields)
            return None
        raise invalid_form("type", f"Response type {response_type} is not valid here")

    def _respond_with_message(
        self, record: InteractionRecord, body: MessageBody, *, loading: bool
    ) -> Message:
        ephemeral = bool(int(body.get("flags", 0) or 0) & FLAG_EPHEMERAL)
        extra = (FLAG_EPHEMERAL if ephemeral else 0) | (FLAG_LOADING if loading else 0)
        message_type = (
            MESSAGE_CHAT_INPUT_COMMAND if record.type == APPLICATION_COMMAND else MESSAGE_DEFAULT
        )
        return self.state.post_message(
            record.channel,
            MessageBody() if loading else body,
            extra_flags=extra,
            visible_to=record.user.id if ephemeral else None,
            webhook_id=self.state.application_id,
            interaction_metadata=self._metadata(record),
            message_type=message_type,
        )

    def _metadata(self, record: InteractionRecord) -> dict[str, object]:
        owners = {"0": str(record.channel.guild_id) if record.channel.guild_id else "0"}
        metadata: dict[str, object] = {
            "id": str(record.id),
            "type": record.type,
            "user": user_payload(record.user),
            "authorizing_integration_owners": owners,
        }
        if record.source_message is not None:
            metadata["interacted_message_id"] = str(record.source_message.id)
        if record.type == APPLICATION_COMMAND:
            metadata["name"] = record.name
        return metadata

    @staticmethod
    def _validate_modal(body: MessageBody) -> None:
        custom_id = body.get("custom_id")
        title = body.get("title")
        if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
            raise invalid_form("data.custom_id", "Must be between 1 and 100 in length.")
        if not isinstance(title, str) or not 1 <= len(title) <= 45:
            raise invalid_form("data.title", "Must be between 1 and 45 in length.")
        components = body.get("components")
        if not isinstance(components, list) or not 1 <= len(components) <= 5:
            raise invalid_form("data.components", "Must be between 1 and 5 in length.")
        validate_components(components, v2=False, modal=True)

    # -- followup webhook ------------------------------------------------------------------

    def _record(self, ctx: RequestContext) -> InteractionRecord:
        record = self.registry.by_token.get(ctx.params["interaction_token"])
        if record is None or ctx.params["application_id"] != str(self.state.application_id):
            raise ApiError(404, ErrorCode.UNKNOWN_WEBHOOK, "Unknown Webhook")
        if record.response is None:
            # The token's webhook exists only once the interaction was acknowledged.
            raise ApiError(404, ErrorCode.UNKNOWN_WEBHOOK, "Unknown Webhook")
        if time.monotonic() - record.dispatched_at > self.token_lifetime():
            # An interaction token is valid for 15 minutes; after that Discord answers
            # 401 "Invalid Webhook Token".
            raise ApiError(401, ErrorCode.INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        return record

    def _webhook_message(self, record: InteractionRecord, raw_id: str) -> Message:
        if raw_id == "@original":
            message_id = record.original_message_id
        else:
            message_id = int(raw_id)
            if message_id != record.original_message_id and message_id not in record.followup_ids:
                message_id = None
        msg = self.state.messages.get(message_id) if message_id is not None else None
        if msg is None or msg.deleted:
            raise not_found(ErrorCode.UNKNOWN_MESSAGE, "Message")
        return msg

    async def followup(self, ctx: RequestContext) -> web.StreamResponse:
        record = self._record(ctx)
        body = ctx.body
        original = record.original
        if record.thinking_pending and original is not None and not original.deleted:
            # The first followup after a "thinking" defer replaces the loading message and
            # keeps the defer's visibility.
            record.thinking_pending = False
            self.state.edit_message(original, body)
            msg = original
        else:
            ephemeral = bool(int(body.get("flags", 0) or 0) & FLAG_EPHEMERAL)
            msg = self.state.post_message(
                record.channel,
                body,
                extra_flags=FLAG_EPHEMERAL if ephemeral else 0,
                visible_to=record.user.id if ephemeral else None,
                webhook_id=self.state.application_id,
                interaction_metadata=self._metadata(record),
            )
            record.followup_ids.append(msg.id)
            self.state.changed(record.id)
        if not ctx.query_flag("wait"):
            return no_content()
        return json_response(self.state.message_payload(msg))

    async def get_webhook_message(self, ctx: RequestContext) -> web.StreamResponse:
        record = self._record(ctx)
        return json_response(
            self.state.message_payload(self._webhook_message(record, ctx.params["message_id"]))
        )

    async def edit_webhook_message(self, ctx: RequestContext) -> web.StreamResponse:
        record = self._record(ctx)
        msg = self._webhook_message(record, ctx.params["message_id"])
        self.state.edit_message(msg, ctx.body)
        if msg.id == record.original_message_id:
            record.thinking_pending = False
        return json_response(self.state.message_payload(msg))

    async def delete_webhook_message(self, ctx: RequestContext) -> web.StreamResponse:
        record = self._record(ctx)
        self.state.delete_message(self._webhook_message(record, ctx.params["message_id"]))
        return no_content()
