"""The driver's health report: what a real deployment of the bot would get wrong.

Refusals (403 / 404) need judgement. Discord refuses a well-formed request when the world
changed under the bot: a moderator deleted the channel or the message, took a permission away,
a user closed their DMs. The bot cannot always know before trying (the gateway event may still
be on its way), so such refusals are expected and recorded, not reported. Two patterns are the
bot's own mistakes and are reported:

- asking again about a channel or message Discord already answered 10003 Unknown Channel /
  10008 Unknown Message for (deleted things never come back: every retry is wasted), and
- naming a channel or message that never existed where it asked (a wrong id, an ephemeral
  message through a channel route, a message of another channel).

A test says which other refusals it expects with ``allow=`` (``lambda e: e.code == 50013``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from .errors import ErrorCode
from .interactions import InteractionRecord, InteractionRegistry
from .models import Channel, Message
from .routing import ApiErrorRecord, InternalError, UnknownRoute
from .server import FakeServer
from .state import FakeState

Allow = Callable[[ApiErrorRecord], bool]

# Statuses that mean "the bot sent something Discord would refuse" (not a permission question).
_BAD_REQUEST_STATUSES = frozenset({400, 401, 405, 413})
# Refused interaction callbacks are reported once, with their interaction.
_REPORTED_AS_CALLBACKS = frozenset({ErrorCode.INTERACTION_ALREADY_ACKNOWLEDGED})
_GONE_WHAT = {ErrorCode.UNKNOWN_CHANNEL: "channel", ErrorCode.UNKNOWN_MESSAGE: "message"}


def _allow_nothing(error: ApiErrorRecord) -> bool:
    return False


def _gone_key(error: ApiErrorRecord) -> tuple[int, int] | None:
    """(code, id of the thing that is gone) for 10003 / 10008 refusals that name it."""
    if error.code == ErrorCode.UNKNOWN_CHANNEL and error.channel_id is not None:
        return error.code, error.channel_id
    if error.code == ErrorCode.UNKNOWN_MESSAGE and error.message_id is not None:
        return error.code, error.message_id
    return None


def _was_deleted(state: FakeState, error: ApiErrorRecord) -> bool:
    if error.code == ErrorCode.UNKNOWN_CHANNEL:
        return error.channel_id in state.deleted_channels
    message = state.messages.get(error.message_id or 0)
    return message is not None and message.deleted


def refusal_mistakes(
    refusals: Iterable[ApiErrorRecord], state: FakeState, allow: Allow = _allow_nothing
) -> list[str]:
    """The refusals that show a bot mistake (see the module docstring), one line each."""
    found: list[str] = []
    first: dict[tuple[int, int], ApiErrorRecord] = {}
    again: dict[tuple[int, int], list[ApiErrorRecord]] = {}
    for error in refusals:
        key = _gone_key(error)
        if key is None or allow(error):
            continue
        if key in first:
            again.setdefault(key, []).append(error)
            continue
        first[key] = error
        if not error.injected and not _was_deleted(state, error):
            found.append(
                f"refused request {error.method} {error.path}: {error.status} {error.message} "
                f"(code {error.code}): no such {_GONE_WHAT[error.code]} there (never existed, "
                "ephemeral, or of another channel)"
            )
    for key, repeats in again.items():
        code, thing_id = key
        shown = ", ".join(f"{e.method} {e.path}" for e in repeats[:3])
        found.append(
            f"the bot kept using {_GONE_WHAT[code]} {thing_id} after Discord answered "
            f"{first[key].status} / {code} {first[key].message}: {len(repeats)} more refused "
            f"request(s) ({shown}{', ...' if len(repeats) > 3 else ''})"
        )
    return found


class HealthChecks:
    """Mixed into :class:`~tests.fake_discord.driver.FakeDiscord`: records and problems."""

    state: FakeState
    interactions: InteractionRegistry
    interaction_deadline: float
    _server: FakeServer

    @property
    def unknown_routes(self) -> list[UnknownRoute]:
        return list(self._server.rest.unknown_routes)

    @property
    def api_errors(self) -> list[ApiErrorRecord]:
        """Every error the fake answered (other than injected faults), in order."""
        return list(self._server.rest.api_errors)

    @property
    def internal_errors(self) -> list[InternalError]:
        return list(self._server.rest.internal_errors)

    def refusals(
        self,
        code: int | None = None,
        *,
        channel: Channel | None = None,
        message: Message | None = None,
    ) -> list[ApiErrorRecord]:
        """Every request answered 403 / 404 (injected ones too, with ``injected=True``), oldest
        first; narrowed to one Discord ``code``, and to requests whose path names ``channel``
        or ``message`` (interaction webhook paths name neither)."""
        return [
            e
            for e in self._server.rest.refusals
            if (code is None or e.code == code)
            and (channel is None or e.channel_id == channel.id)
            and (message is None or e.message_id == message.id)
        ]

    def latencies(self) -> list[float]:
        """Acknowledgement latency (dispatch → first accepted callback) of every answered one."""
        return [r.latency for r in self.interactions.all if r.latency is not None]

    def failed_interactions(self) -> list[InteractionRecord]:
        """Interactions a Discord user would see as "This interaction failed": not
        acknowledged within the deadline (undelivered ones included, once it passed)."""
        now = time.monotonic()
        return [
            r
            for r in self.interactions.all
            if r.response is None and now - r.dispatched_at > self.interaction_deadline
        ]

    def problems(self, *, allow: Allow = _allow_nothing) -> list[str]:
        """What would make a real deployment misbehave: unknown routes, requests Discord
        would reject as malformed, refusals that show a bot mistake (see this module),
        interactions not acknowledged in time or acknowledged twice, gateway connections the
        fake had to close, and bugs of the fake itself. ``allow`` excuses API errors and
        refusals the test expects."""
        found: list[str] = []
        found.extend(
            f"unknown route {u.method} {u.path} body={u.body_preview!r}"
            for u in self.unknown_routes
        )
        found.extend(
            f"fake Discord internal error on {e.method} {e.path}:\n{e.traceback}"
            for e in self.internal_errors
        )
        found.extend(
            f"rejected request {e.method} {e.path}: {e.status} {e.message} (code {e.code})"
            for e in self.api_errors
            if e.status in _BAD_REQUEST_STATUSES
            and e.code not in _REPORTED_AS_CALLBACKS
            and not allow(e)
        )
        found.extend(refusal_mistakes(self._server.rest.refusals, self.state, allow))
        found.extend(
            f"interaction undelivered (no connected gateway session of its shard): {r!r}"
            for r in self.interactions.all
            if not r.delivered
        )
        found.extend(
            f"interaction failed (not acknowledged within {self.interaction_deadline}s): {r!r}"
            for r in self.failed_interactions()
            if r.delivered
        )
        for record in self.interactions.all:
            # One interaction delivered to several sessions (a shard run twice): every
            # session but the first to answer is told "already acknowledged" — that is
            # Discord's doing, not the bot's mistake.
            twice = len(record.delivered_to) > 1
            found.extend(
                f"refused callback {status} ({reason}) for {record!r}"
                for status, reason in record.refused_callbacks
                if not (twice and reason == "already acknowledged")
            )
        counters = self._server.rest.counters
        if counters.bans:
            found.append(
                f"the bot was banned from the API {counters.bans} time(s): too many invalid "
                f"requests (401/403/429: {counters.invalid_requests})"
            )
        found.extend(
            f"fake gateway closed a connection with {code}"
            for code in self._server.gateway.close_codes
            if code >= 4001
        )
        return found

    def assert_healthy(self, *, allow: Allow = _allow_nothing) -> None:
        problems = self.problems(allow=allow)
        if problems:
            raise AssertionError("fake Discord saw problems:\n- " + "\n- ".join(problems))
