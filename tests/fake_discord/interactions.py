"""Interactions: what the driver dispatches and what the bot answered.

An :class:`InteractionRecord` is created when the driver dispatches INTERACTION_CREATE and
collects everything the bot does with the interaction's token: the first callback (with its
latency), later callbacks (refused), the original response message, followups and ephemeral
messages.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import WaitTimeout
from .models import Channel, Message, User

if TYPE_CHECKING:
    from .gateway_sessions import SessionInfo
    from .state import FakeState

JSON = dict[str, Any]
T = TypeVar("T")

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
MODAL_SUBMIT = 5

# Interaction callback (response) types.
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

RESPONSE_TYPE_NAMES = {
    CHANNEL_MESSAGE: "CHANNEL_MESSAGE_WITH_SOURCE",
    DEFERRED_CHANNEL_MESSAGE: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    DEFERRED_UPDATE_MESSAGE: "DEFERRED_UPDATE_MESSAGE",
    UPDATE_MESSAGE: "UPDATE_MESSAGE",
    AUTOCOMPLETE_RESULT: "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT",
    MODAL: "MODAL",
}

# Interaction context types.
CONTEXT_GUILD = 0
CONTEXT_BOT_DM = 1


@dataclass(frozen=True)
class Callback:
    """One POST to the interaction's callback endpoint that the fake accepted."""

    type: int
    data: JSON
    at: float  # time.monotonic()

    @property
    def type_name(self) -> str:
        return RESPONSE_TYPE_NAMES.get(self.type, str(self.type))

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.data.get("flags", 0) or 0) & 64)


class InteractionRecord:
    """An interaction the driver dispatched, and everything the bot did with it."""

    def __init__(
        self,
        *,
        state: FakeState,
        interaction_id: int,
        interaction_type: int,
        kind: str,
        user: User,
        channel: Channel,
        source_message: Message | None,
        name: str,
    ) -> None:
        self._state = state
        self.id = interaction_id
        self.token = "fake-interaction-" + secrets.token_urlsafe(24)
        self.type = interaction_type
        self.kind = kind  # "slash", "button", "select" or "modal"
        self.name = name  # command path or custom_id
        self.user = user
        self.channel = channel
        self.source_message = source_message
        self.payload: JSON = {}
        self.dispatched_at = 0.0
        # The gateway sessions INTERACTION_CREATE went to: those of the guild's shard (shard 0
        # for a DM). Empty: that shard was not connected, the bot never saw it.
        self.delivered_to: list[SessionInfo] = []
        self.response: Callback | None = None
        self.latency: float | None = None
        self.refused_callbacks: list[tuple[int, str]] = []  # (status, reason) of rejected callbacks
        self.original_message_id: int | None = None
        self.followup_ids: list[int] = []
        self.modal: JSON | None = None
        self.thinking_pending = False  # deferred with type 5: the first followup fills it
        self._responded = asyncio.Event()

    # -- recording (server side) -----------------------------------------------------------

    def record_response(self, callback: Callback) -> None:
        self.response = callback
        self.latency = callback.at - self.dispatched_at
        self._responded.set()

    @property
    def acknowledged(self) -> bool:
        return self.response is not None

    @property
    def delivered(self) -> bool:
        """Whether a connected session of the right shard got it (see ``delivered_to``)."""
        return bool(self.delivered_to)

    # -- reading (test side) ---------------------------------------------------------------

    async def wait_response(self, timeout: float = 5.0) -> Callback:
        """The bot's first (accepted) callback; raises :class:`WaitTimeout` if none comes."""
        try:
            await asyncio.wait_for(self._responded.wait(), timeout)
        except TimeoutError:
            raise WaitTimeout(
                f"no response to {self.kind} {self.name!r} (interaction {self.id}) within "
                f"{timeout}s; refused callbacks: {self.refused_callbacks}"
            ) from None
        assert self.response is not None
        return self.response

    async def wait_until(
        self, predicate: Callable[[InteractionRecord], T], timeout: float = 5.0
    ) -> T:
        """Wait until ``predicate(self)`` is truthy (re-checked after every change of the fake)."""
        state = self._state
        deadline = time.monotonic() + timeout
        changed = asyncio.Event()
        # Everything that changes a record's messages notifies its id or its channel.
        keys = (self.id, *state.message_keys(self.channel))
        state.subscribe(changed.set, keys)
        try:
            while True:
                value = predicate(self)
                if value:
                    return value
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise WaitTimeout(
                        f"interaction {self.kind} {self.name!r}: condition not met within "
                        f"{timeout}s; response={self.response}, messages={self.messages}"
                    )
                changed.clear()
                try:
                    await asyncio.wait_for(changed.wait(), remaining)
                except TimeoutError:
                    continue
        finally:
            state.unsubscribe(changed.set, keys)

    @property
    def original(self) -> Message | None:
        """The response message (type 4/5) or, after 6/7, the message the component is on."""
        if self.original_message_id is None:
            return None
        return self._state.messages.get(self.original_message_id)

    @property
    def followups(self) -> list[Message]:
        return [self._state.messages[i] for i in self.followup_ids]

    @property
    def messages(self) -> list[Message]:
        """Messages this interaction created: the original response (if it created one) and
        the followups, deleted ones included."""
        created: list[Message] = []
        response_type = self.response.type if self.response else None
        if (
            response_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE)
            and self.original is not None
        ):
            created.append(self.original)
        created.extend(self.followups)
        return created

    @property
    def ephemeral_messages(self) -> list[Message]:
        return [m for m in self.messages if m.ephemeral]

    def text(self) -> str:
        """Text of every message this interaction created (for "the bot said X" checks)."""
        return "\n".join(m.text() for m in self.messages)

    def __repr__(self) -> str:
        response = self.response.type_name if self.response else None
        undelivered = "" if self.delivered else " UNDELIVERED"
        return (
            f"<InteractionRecord {self.kind} {self.name!r} id={self.id} user={self.user.name} "
            f"response={response} latency={self.latency}{undelivered}>"
        )


class InteractionRegistry:
    """Interactions by id and by token (followup webhooks are addressed by token)."""

    def __init__(self) -> None:
        self.all: list[InteractionRecord] = []
        self.by_id: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}

    def add(self, record: InteractionRecord) -> None:
        self.all.append(record)
        self.by_id[record.id] = record
        self.by_token[record.token] = record
