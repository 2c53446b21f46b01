"""What the state emits: gateway intents, event payloads and the sink that dispatches them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

JSON = dict[str, Any]


class Intent:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15
    PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


# A payload, or a function of the receiving session's intents that builds it.
EventData = JSON | Callable[[int], JSON]


class EventSink(Protocol):
    def dispatch(
        self, event: str, data: EventData, *, intent: int | None, guild_id: int | None
    ) -> None:
        """Send ``event`` to the sessions that get it: those asking for ``intent`` (None: every
        session) on the shard of ``guild_id`` (None: a DM event, shard 0)."""


class NoSink:
    """Where events go before a gateway is attached (nowhere)."""

    def dispatch(
        self, event: str, data: EventData, *, intent: int | None, guild_id: int | None
    ) -> None:
        return None
