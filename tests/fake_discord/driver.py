"""The test-facing API of the fake Discord.

    fake = FakeDiscord()
    await fake.start()
    guild = fake.create_guild("Card Club")
    table = fake.create_channel(guild, "cards")
    asha = fake.create_user("asha"); fake.add_member(guild, asha)
    with point_discord_py_at(fake):            # tests.fake_discord.discordpy
        async with running(bot, fake):         # bot.start(fake.token) in a task
            record = await fake.slash(asha, table, "kachuful start", {"players": 4})
            await record.wait_response()
            lobby = await fake.wait_for_message(table, lambda m: bool(m.buttons))
            await fake.click(asha, lobby, lobby.button("Join").custom_id or "")
    fake.assert_healthy()
    await fake.stop()

Everything here runs on the test's event loop; there are no sleeps: every ``wait_*`` helper
re-checks its condition after each change of the fake's state.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, Self, TypeVar

from .driver_gateway import GatewayControls
from .driver_interactions import InteractionControls
from .driver_world import WorldControls
from .errors import DriverError, WaitTimeout
from .faults import ANY, FaultInjector, FaultRule, fault_text
from .health import HealthChecks
from .interaction_payloads import InteractionBuilder
from .interactions import (
    InteractionRegistry,
)
from .models import Channel, Guild, Message, User
from .openapi_check import load_openapi_bodies
from .rate_limits import MESSAGES, RateLimiter, RateLimits, RequestCounters
from .routing import RequestRecord
from .server import FakeServer
from .state import FakeState

T = TypeVar("T")

DEFAULT_TOKEN = "fake-bot-token.not-a-real-secret"


class FakeDiscord(WorldControls, InteractionControls, GatewayControls, HealthChecks):
    """A fake Discord (REST v10 + Gateway v10) on 127.0.0.1, and the controls a test needs
    (building and changing the world: :class:`~tests.fake_discord.driver_world.WorldControls`;
    users' interactions: :class:`~tests.fake_discord.driver_interactions.InteractionControls`;
    sessions and shards: :class:`~tests.fake_discord.driver_gateway.GatewayControls`;
    records and problems: :class:`~tests.fake_discord.health.HealthChecks`)."""

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        bot_name: str = "Kachuful",
        privileged_intents: int = 0,
        interaction_deadline: float = 3.0,
        interaction_token_lifetime: float = 15 * 60.0,
        heartbeat_interval_ms: int = 41_250,
        resume_window: float = 60.0,
        message_rate_limit: tuple[int, float] | None = None,
        rate_limits: RateLimits | None = None,
        openapi_check: bool = True,
        record_requests: bool = True,
        keep_file_bytes: bool = True,
        shards: int = 1,
        max_concurrency: int = 1,
    ) -> None:
        self.state = FakeState(
            token=token, bot_name=bot_name, privileged_intents=privileged_intents
        )
        self.interactions = InteractionRegistry()
        self.faults = FaultInjector()
        self.interaction_deadline = interaction_deadline
        self.interaction_token_lifetime = interaction_token_lifetime
        """Seconds an interaction token works (tests shorten Discord's 15 minutes)."""
        self._server = FakeServer(
            self.state,
            self.interactions,
            self.faults,
            heartbeat_interval_ms=heartbeat_interval_ms,
            resume_window=resume_window,
            interaction_deadline=lambda: self.interaction_deadline,
            interaction_token_lifetime=lambda: self.interaction_token_lifetime,
            recommended_shards=shards,
            max_concurrency=max_concurrency,
        )
        self._server.rest.record_requests = record_requests
        # Load benchmarks can drop file bytes (PNG headers are kept) so the fake's memory
        # does not swamp the bot's in the process measurements.
        self.state.keep_file_bytes = keep_file_bytes
        if rate_limits is None and message_rate_limit is not None:
            rate_limits = RateLimits(
                global_per_second=None,
                channel_routes={f"POST {MESSAGES}": message_rate_limit},
                webhook_token=None,
                invalid_requests=None,
            )
        if rate_limits is not None:
            self._server.rest.limiter = RateLimiter(rate_limits)
        if openapi_check:
            # Fails here, loudly, when Discord's spec is missing (see openapi_check).
            self._server.rest.openapi = load_openapi_bodies()
        self._server.gateway.on_sessions_changed(self.state.changed)
        self._builder = InteractionBuilder(self.state)
        self._started = False

    # -- lifecycle -------------------------------------------------------------------------

    async def start(self) -> Self:
        await self._server.start()
        self._started = True
        return self

    async def stop(self) -> None:
        if self._started:
            await self._server.stop()
            self._started = False

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    # -- addresses and identity ------------------------------------------------------------

    @property
    def token(self) -> str:
        return self.state.token

    @property
    def port(self) -> int:
        return self._server.port

    @property
    def base_url(self) -> str:
        return self._server.base_url

    @property
    def api_base(self) -> str:
        """The value for ``discord.http.Route.BASE``."""
        return self._server.base_url + "/api/v10"

    @property
    def gateway_url(self) -> str:
        """The value for ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (as a yarl.URL)."""
        return self._server.gateway_url

    @property
    def cdn_base(self) -> str:
        """The value for ``discord.asset.Asset.BASE`` (default avatars are served here)."""
        return self._server.base_url + "/cdn"

    @property
    def application_id(self) -> int:
        return self.state.application_id

    # -- reading what the bot did ----------------------------------------------------------

    def channel_messages(self, channel: Channel) -> list[Message]:
        """Non-ephemeral, non-deleted messages of a channel or thread, oldest first."""
        return self.state.channel_history(channel)

    def dm_channel(self, user: User) -> Channel | None:
        channel_id = self.state.dm_channel_of_user.get(user.id)
        return self.state.channels[channel_id] if channel_id is not None else None

    def dm_messages(self, user: User) -> list[Message]:
        """Messages in the bot's DM with ``user``, oldest first ([] if no DM was opened)."""
        channel = self.dm_channel(user)
        return self.state.channel_history(channel) if channel is not None else []

    def ephemeral_messages(self, user: User) -> list[Message]:
        """Every ephemeral message only ``user`` could see, oldest first."""
        return [
            m for m in self.state.messages.values() if m.visible_to == user.id and not m.deleted
        ]

    def message(self, message_id: int) -> Message:
        msg = self.state.messages.get(message_id)
        if msg is None:
            raise DriverError(f"no message {message_id}")
        return msg

    def threads(self, channel: Channel) -> list[Channel]:
        return [
            c for c in self.state.channels.values() if c.is_thread and c.parent_id == channel.id
        ]

    def channel(self, channel_id: int) -> Channel:
        return self.state.get_channel(channel_id)

    def global_commands(self) -> list[dict[str, Any]]:
        return list(self.state.global_commands)

    def guild_commands(self, guild: Guild) -> list[dict[str, Any]]:
        return list(self.state.guild_commands.get(guild.id, []))

    def command(self, name: str, guild: Guild | None = None) -> dict[str, Any]:
        """The registered command ``name`` (guild commands first when ``guild`` is given)."""
        pool = (self.guild_commands(guild) if guild else []) + self.global_commands()
        for command in pool:
            if command["name"] == name:
                return command
        raise DriverError(
            f"command {name!r} is not registered; registered: {[c['name'] for c in pool]}"
        )

    @property
    def command_writes(self) -> list[tuple[str, int | None]]:
        """Every command registration call: (HTTP method, guild id or None for global)."""
        return list(self.state.command_writes)

    @property
    def requests(self) -> list[RequestRecord]:
        return self._server.rest.requests

    @property
    def request_total(self) -> int:
        """How many REST requests the fake has served (counted even when not recorded)."""
        return self._server.rest.request_total

    @property
    def counters(self) -> RequestCounters:
        """Requests per class (``bot_token`` / ``interaction``) and route, 429s per scope,
        invalid requests and bans — counted whether or not limits are enforced."""
        return self._server.rest.counters

    def request_count(self, method: str, route: str) -> int:
        return sum(1 for r in self.requests if r.method == method and r.route == route)

    def routes(self) -> list[str]:
        """Every implemented route as ``"METHOD /template"`` (what :meth:`inject` accepts)."""
        return self._server.rest.route_keys()

    # -- waiting ---------------------------------------------------------------------------

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,
        *,
        what: str = "condition",
        poll: float | None = None,
        keys: Sequence[int] | None = None,
    ) -> T:
        """Wait until ``predicate()`` returns something truthy; return it.

        The predicate is re-evaluated after every change of the fake (a message sent, edited,
        an interaction answered, a gateway session identified...). Only a condition that
        depends on time passing (e.g. :meth:`failed_interactions`) needs ``poll`` seconds.
        ``keys`` (channel, user or interaction ids) restricts re-evaluation to changes that
        concern them — what keeps many concurrent waiters cheap in a load test."""
        changed = asyncio.Event()
        self.state.subscribe(changed.set, keys)
        deadline = time.monotonic() + timeout
        try:
            while True:
                changed.clear()
                value = predicate()
                if value:
                    return value
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise WaitTimeout(
                        f"timed out after {timeout}s waiting for {what}\n{self.report()}"
                    )
                try:
                    await asyncio.wait_for(changed.wait(), min(remaining, poll or remaining))
                except TimeoutError:
                    continue
        finally:
            self.state.unsubscribe(changed.set, keys)

    async def wait_for_message(
        self,
        where: Channel | User,
        predicate: Callable[[Message], object] = lambda m: True,
        timeout: float = 5.0,
        *,
        after: Message | None = None,
    ) -> Message:
        """The newest message in a channel (or in the bot's DM with a user) matching
        ``predicate``; with ``after``, only messages newer than that one count."""

        def find() -> Message | None:
            messages = (
                self.dm_messages(where) if isinstance(where, User) else self.channel_messages(where)
            )
            for msg in reversed(messages):
                if after is not None and msg.id <= after.id:
                    break
                if predicate(msg):
                    return msg
            return None

        label = f"DM of {where.name}" if isinstance(where, User) else f"#{where.name}"
        return await self.wait_for(
            find, timeout, what=f"a matching message in {label}", keys=[where.id]
        )

    # -- faults ----------------------------------------------------------------------------------

    def inject(
        self,
        method: str,
        route: str,
        *,
        status: int,
        code: int | None = None,
        message: str | None = None,
        count: int | None = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
        **params: int | str,
    ) -> FaultRule:
        """Fail the next ``count`` matching requests (all of them until :meth:`clear_faults`
        with ``count=None``) with ``status``: 429, 5xx, or a refusal with Discord's error
        ``code`` and text (403 / 50013 Missing Permissions, 404 / 10008 Unknown Message, ...).

        ``route`` is a template from :meth:`routes` (e.g. ``"/channels/{channel_id}/messages"``)
        or ``"*"``; ``params`` narrow it (``channel_id=table.id``). A 429 carries
        ``retry_after`` seconds, ``global`` and the ``X-RateLimit-*`` headers."""
        text = fault_text(status, code, message)
        known_templates = {key.split(" ", 1)[1] for key in self.routes()}
        if route != ANY and route not in known_templates:
            raise DriverError(f"unknown route template {route!r}; see FakeDiscord.routes()")
        rule = FaultRule(
            method=method.upper(),
            route=route,
            status=status,
            count=count,
            retry_after=retry_after,
            is_global=is_global,
            params={k: str(v) for k, v in params.items()},
            code=code,
            message=text,
        )
        return self.faults.add(rule)

    def clear_faults(self) -> None:
        self.faults.clear()

    # -- health ----------------------------------------------------------------------------

    def report(self) -> str:
        """A short summary for failure messages."""
        lines = [
            f"gateway: {self.gateway_stats}",
            f"interactions: {len(self.interactions.all)} "
            f"(unanswered: {sum(1 for r in self.interactions.all if r.response is None)})",
            f"requests: {self.counters.by_class}, 429s: {dict(self.counters.rate_limited)}",
        ]
        lines.extend(
            f"recent request: {r.method} {r.path} -> {r.status}" for r in self.requests[-5:]
        )
        lines.extend(f"problem: {p}" for p in self.problems()[:10])
        return "\n".join(lines)
