"""The aiohttp app: REST under ``/api/v10``, the gateway websocket, attachment and CDN files.

:class:`FakeServer` owns the listening socket (127.0.0.1, a free port chosen by the OS) and wires
the state, the REST routes and the gateway together. Tests use it through
:class:`~tests.fake_discord.driver.FakeDiscord`.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable

from aiohttp import web

from .commands import CommandRegistry
from .faults import FaultInjector
from .gateway import GatewayHub
from .interactions import InteractionRegistry
from .message_body import ATTACHMENT_SIZE_LIMIT, MAX_ATTACHMENTS
from .responses import json_response
from .rest_channels import ChannelRoutes
from .rest_interactions import InteractionRoutes
from .rest_misc import MiscRoutes
from .routing import API_PREFIX, RestApi, UnknownRoute
from .state import FakeState

HOST = "127.0.0.1"


def _tiny_png(rgb: tuple[int, int, int] = (88, 101, 242)) -> bytes:
    """A valid 1×1 PNG (the default avatar the CDN route serves)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00" + bytes(rgb))
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


class FakeServer:
    def __init__(
        self,
        state: FakeState,
        registry: InteractionRegistry,
        faults: FaultInjector,
        *,
        heartbeat_interval_ms: int,
        resume_window: float,
        interaction_deadline: Callable[[], float],
        interaction_token_lifetime: Callable[[], float],
        recommended_shards: int = 1,
        max_concurrency: int = 1,
    ) -> None:
        self.state = state
        self.registry = registry
        self.faults = faults
        self.rest = RestApi(token=state.token, faults=faults)
        self.gateway = GatewayHub(
            state,
            heartbeat_interval_ms=heartbeat_interval_ms,
            resume_window=resume_window,
            recommended_shards=recommended_shards,
            max_concurrency=max_concurrency,
        )
        state.sink = self.gateway
        self._interaction_deadline = interaction_deadline
        self._token_lifetime = interaction_token_lifetime
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://{HOST}:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(client_max_size=ATTACHMENT_SIZE_LIMIT * (MAX_ATTACHMENTS + 1))
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        app.router.add_get("/cdn/embed/avatars/{index}.png", self._default_avatar)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.rest.handle)
        app.router.add_route("*", "/{tail:.*}", self._outside_api)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, HOST, 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        self.state.base_url = self.base_url
        self.gateway.url = self.gateway_url
        commands = CommandRegistry(self.state)
        MiscRoutes(self.state, commands, self.gateway).register(self.rest)
        ChannelRoutes(self.state).register(self.rest)
        InteractionRoutes(self.state, self.registry, deadline=self._interaction_deadline,
                          token_lifetime=self._token_lifetime).register(
            self.rest
        )

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _attachment(self, request: web.Request) -> web.StreamResponse:
        raw_id = request.match_info["attachment_id"]
        attachment = self.state.attachments.get(int(raw_id)) if raw_id.isdigit() else None
        if attachment is None:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    async def _default_avatar(self, request: web.Request) -> web.StreamResponse:
        return web.Response(body=_tiny_png(), content_type="image/png")

    async def _outside_api(self, request: web.Request) -> web.StreamResponse:
        preview = (await request.text())[:200] if request.can_read_body else ""
        self.rest.unknown_routes.append(UnknownRoute(request.method, request.path, preview))
        return json_response(
            {"message": f"404: Not Found (fake Discord has no {request.path})", "code": 0},
            status=404,
        )
