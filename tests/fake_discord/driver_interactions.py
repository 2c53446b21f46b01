"""The driver's interactions: what users do to the bot (slash commands, clicks, selects, modal
submits), built like Discord builds them and dispatched on the gateway to the right shard.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import DriverError
from .interaction_payloads import InteractionBuilder
from .interactions import (
    APPLICATION_COMMAND,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
    InteractionRegistry,
)
from .models import Channel, Message, User
from .server import FakeServer
from .state import FakeState


class InteractionControls:
    """Mixed into :class:`~tests.fake_discord.driver.FakeDiscord`."""

    state: FakeState
    interactions: InteractionRegistry
    _builder: InteractionBuilder
    _server: FakeServer

    def _new_record(
        self,
        *,
        interaction_type: int,
        kind: str,
        user: User,
        channel: Channel,
        source: Message | None,
        name: str,
    ) -> InteractionRecord:
        return InteractionRecord(
            state=self.state,
            interaction_id=self.state.ids.next(),
            interaction_type=interaction_type,
            kind=kind,
            user=user,
            channel=channel,
            source_message=source,
            name=name,
        )

    def _dispatch(self, record: InteractionRecord, data: dict[str, Any]) -> InteractionRecord:
        payload = self._builder.base(record)
        payload["data"] = data
        if record.source_message is not None:
            payload["message"] = self.state.message_payload(record.source_message)
        record.payload = payload
        record.dispatched_at = time.monotonic()
        # Raises if no session at all is connected (then nothing is recorded); a connected bot
        # whose shard for this guild (or shard 0 for a DM) is down never sees it: recorded as
        # undelivered, as the user would see "This interaction failed".
        record.delivered_to = self._server.gateway.dispatch_interaction(payload)
        self.interactions.add(record)
        self.state.changed()
        return record

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: Mapping[str, Any] | None = None,
    ) -> InteractionRecord:
        """Run ``/command [subcommand...]`` with ``options`` (values: str, int, float, bool,
        User/Member, Role, Channel), typed and checked against the bot's registration."""
        path = command.strip().lstrip("/").split()
        if not path:
            raise DriverError("empty command")
        self._builder.check_user_in_channel(user, channel)
        record = self._new_record(
            interaction_type=APPLICATION_COMMAND,
            kind="slash",
            user=user,
            channel=channel,
            source=None,
            name=" ".join(path),
        )
        data = self._builder.slash_data(record, path, options or {})
        return self._dispatch(record, data)

    async def click(
        self, user: User, message: Message, custom_id: str, *, force: bool = False
    ) -> InteractionRecord:
        """Press a button of ``message`` (in a channel, a DM or an ephemeral message).
        ``force=True`` sends it even if the button is missing or disabled (a forged click)."""
        channel = self._builder.check_message_visible(user, message)
        data = self._builder.component_data(message, custom_id, values=None, force=force)
        record = self._new_record(
            interaction_type=MESSAGE_COMPONENT,
            kind="button",
            user=user,
            channel=channel,
            source=message,
            name=custom_id,
        )
        return self._dispatch(record, data)

    async def select(
        self,
        user: User,
        message: Message,
        custom_id: str,
        values: Sequence[str],
        *,
        force: bool = False,
    ) -> InteractionRecord:
        """Choose ``values`` in a string select of ``message`` (checked against its options)."""
        channel = self._builder.check_message_visible(user, message)
        data = self._builder.component_data(message, custom_id, values=list(values), force=force)
        record = self._new_record(
            interaction_type=MESSAGE_COMPONENT,
            kind="select",
            user=user,
            channel=channel,
            source=message,
            name=custom_id,
        )
        return self._dispatch(record, data)

    async def submit_modal(
        self, user: User, shown_by: InteractionRecord, values: Mapping[str, str]
    ) -> InteractionRecord:
        """Submit the modal the bot answered ``shown_by`` with (text inputs by custom_id)."""
        if shown_by.modal is None:
            raise DriverError(f"{shown_by!r} was not answered with a modal")
        if user is not shown_by.user:
            raise DriverError(f"the modal was shown to {shown_by.user.name}, not {user.name}")
        data = self._builder.modal_submit_data(shown_by.modal, values)
        record = self._new_record(
            interaction_type=MODAL_SUBMIT,
            kind="modal",
            user=user,
            channel=shown_by.channel,
            source=shown_by.source_message,
            name=str(shown_by.modal.get("custom_id")),
        )
        return self._dispatch(record, data)
