"""Gateway sessions and the websocket connections that carry them.

A session (from IDENTIFY until it is invalidated or its resume window ends) owns the sequence
numbers and the replay buffer, and its shard: RESUME moves the session, shard included, to a new
connection. A connection owns the transport (its own zlib/zstd context) and a writer task fed by
a queue, so frames leave in order even when REST handlers and the driver emit events at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .compression import Transport
from .sharding import Shard

JSON = dict[str, Any]

DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
VOICE_STATE_UPDATE = 4
RESUME = 6
RECONNECT = 7
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

CLOSE_UNKNOWN_OPCODE = 4001
CLOSE_DECODE_ERROR = 4002
CLOSE_NOT_AUTHENTICATED = 4003
CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_ALREADY_AUTHENTICATED = 4005
CLOSE_INVALID_SHARD = 4010
CLOSE_INVALID_API_VERSION = 4012
CLOSE_INVALID_INTENTS = 4013
CLOSE_DISALLOWED_INTENTS = 4014

REPLAY_BUFFER = 2000


@dataclass(frozen=True)
class SessionInfo:
    """What :meth:`FakeDiscord.sessions` reports about one gateway session."""

    session_id: str
    shard_id: int
    shard_count: int
    connected: bool  # False: dropped, still resumable within the resume window
    sharded: bool  # False: IDENTIFY had no ``shard`` (the session counts as [0, 1])
    resumes: int  # how many times it was RESUMEd


@dataclass
class GatewaySession:
    session_id: str
    intents: int
    shard: Shard
    sharded: bool
    seq: int = 0
    buffer: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=REPLAY_BUFFER))
    connection: GatewayConnection | None = None
    disconnected_at: float | None = None
    resumes: int = 0

    def next_frame(self, event: str, data: JSON) -> tuple[int, str]:
        self.seq += 1
        text = json.dumps(
            {"op": DISPATCH, "t": event, "s": self.seq, "d": data}, separators=(",", ":")
        )
        self.buffer.append((self.seq, text))
        return self.seq, text

    def info(self) -> SessionInfo:
        return SessionInfo(
            session_id=self.session_id,
            shard_id=self.shard.shard_id,
            shard_count=self.shard.shard_count,
            connected=self.connection is not None,
            sharded=self.sharded,
            resumes=self.resumes,
        )


class GatewayConnection:
    """One websocket: a writer task sends queued frames in order through the transport."""

    def __init__(self, ws: web.WebSocketResponse, transport: Transport) -> None:
        self.ws = ws
        self.transport = transport
        self.session: GatewaySession | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write_loop())
        self.closed_by_server = False

    def send(self, text: str) -> None:
        self.queue.put_nowait(text)

    def send_op(self, op: int, data: Any) -> None:
        self.send(json.dumps({"op": op, "d": data, "s": None, "t": None}, separators=(",", ":")))

    async def _write_loop(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            frame = self.transport.frame(text)
            try:
                if isinstance(frame, bytes):
                    await self.ws.send_bytes(frame)
                else:
                    await self.ws.send_str(frame)
            except (ConnectionResetError, RuntimeError):
                return

    async def close(self, code: int, message: str = "") -> None:
        self.closed_by_server = True
        # Let queued frames go out first, so a close follows what was already sent.
        self.queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(asyncio.shield(self.writer), 1.0)
        await self.ws.close(code=code, message=message.encode())
