"""A minimal hand-written gateway and REST client, to test the fake's wire format directly."""

from __future__ import annotations

import json
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp

from tests.fake_discord import FakeDiscord

SYNC_FLUSH_SUFFIX = b"\x00\x00\xff\xff"
GUILDS_AND_MESSAGES = (1 << 0) | (1 << 9) | (1 << 12)


class RawGateway:
    """Speaks the gateway protocol by hand (zlib-stream, JSON), recording every frame."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self._inflate = zlib.decompressobj()
        self.frames: list[bytes] = []
        self.seq: int | None = None

    async def receive(self) -> dict[str, Any]:
        message = await self.ws.receive(timeout=5)
        if message.type == aiohttp.WSMsgType.BINARY:
            self.frames.append(message.data)
            text = self._inflate.decompress(message.data).decode()
        elif message.type == aiohttp.WSMsgType.TEXT:
            text = message.data
        else:
            raise ConnectionError(f"gateway closed: {message.type} {message.data} {message.extra}")
        payload: dict[str, Any] = json.loads(text)
        if payload.get("s") is not None:
            self.seq = payload["s"]
        return payload

    async def receive_event(self, name: str) -> dict[str, Any]:
        """The next dispatch named ``name`` (other frames are skipped)."""
        while True:
            payload = await self.receive()
            if payload["op"] == 0 and payload["t"] == name:
                data: dict[str, Any] = payload["d"]
                return data

    async def send(self, op: int, data: Any) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": data}))

    async def identify(self, token: str, intents: int = GUILDS_AND_MESSAGES) -> dict[str, Any]:
        await self.send(2, {"token": token, "intents": intents, "properties": {}})
        return await self.receive_event("READY")


@asynccontextmanager
async def raw_gateway(
    fake: FakeDiscord, session: aiohttp.ClientSession, *, compress: str = "zlib-stream"
) -> AsyncIterator[RawGateway]:
    query = "?v=10&encoding=json" + (f"&compress={compress}" if compress else "")
    async with session.ws_connect(fake.gateway_url + query) as ws:
        yield RawGateway(ws)


class RawRest:
    """REST calls with the bot token, returning (status, JSON body, headers)."""

    def __init__(self, fake: FakeDiscord, session: aiohttp.ClientSession) -> None:
        self.fake = fake
        self.session = session

    async def call(
        self,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        data: Any = None,
        auth: bool = True,
    ) -> tuple[int, Any, Any]:
        headers = {"Authorization": f"Bot {self.fake.token}"} if auth else {}
        async with self.session.request(
            method, self.fake.api_base + path, json=json_body, data=data, headers=headers
        ) as response:
            body = await response.read()
            parsed = json.loads(body) if body else None
            return response.status, parsed, response.headers
