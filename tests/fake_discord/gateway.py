"""The fake Gateway v10: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME, dispatches,
over any number of sessions, sharded as Discord shards them (see :mod:`.sharding`).

Sessions outlive their connection for ``resume_window`` seconds and buffer what they miss (only
their shard's events), so discord.py's RESUME after a dropped connection (or an op 7 RECONNECT
from the driver) replays exactly the missed events, and the session keeps its shard.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads
from .compression import transport_for
from .errors import DriverError
from .gateway_sessions import (
    CLOSE_ALREADY_AUTHENTICATED,
    CLOSE_AUTHENTICATION_FAILED,
    CLOSE_DECODE_ERROR,
    CLOSE_DISALLOWED_INTENTS,
    CLOSE_INVALID_API_VERSION,
    CLOSE_INVALID_INTENTS,
    CLOSE_INVALID_SHARD,
    CLOSE_NOT_AUTHENTICATED,
    CLOSE_UNKNOWN_OPCODE,
    HEARTBEAT,
    HEARTBEAT_ACK,
    HELLO,
    IDENTIFY,
    INVALID_SESSION,
    PRESENCE_UPDATE,
    RECONNECT,
    REQUEST_GUILD_MEMBERS,
    RESUME,
    VOICE_STATE_UPDATE,
    GatewayConnection,
    GatewaySession,
    SessionInfo,
)
from .models import Guild
from .sharding import Shard, parse_identify_shard
from .state import EventData, FakeState, Intent

log = logging.getLogger(__name__)

JSON = dict[str, Any]


class GatewayHub:
    """All gateway sessions of the fake; also the :class:`EventSink` the state emits into."""

    def __init__(
        self,
        state: FakeState,
        *,
        heartbeat_interval_ms: int,
        resume_window: float,
        recommended_shards: int = 1,
        max_concurrency: int = 1,
    ) -> None:
        self.state = state
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.resume_window = resume_window
        # What GET /gateway/bot answers (an AutoShardedClient without shard_count uses it).
        self.recommended_shards = recommended_shards
        self.max_concurrency = max_concurrency
        self.url = ""
        self.sessions: dict[str, GatewaySession] = {}
        self.connections: list[GatewayConnection] = []
        self.identify_count = 0
        self.resume_count = 0
        self.heartbeat_count = 0
        self.close_codes: list[int] = []  # codes the fake closed connections with
        self.presence_updates: list[JSON] = []
        self._on_sessions_changed: list[Callable[[], None]] = []

    # -- EventSink -------------------------------------------------------------------------

    def dispatch(
        self, event: str, data: EventData, *, intent: int | None, guild_id: int | None
    ) -> None:
        """Send an event to every session of its shard (``guild_id`` None: a DM, shard 0),
        connected or resumable (then it is buffered for the RESUME)."""
        for session in self._live_sessions():
            if not session.shard.receives(guild_id):
                continue
            if intent is not None and not session.intents & intent:
                continue
            payload = data(session.intents) if callable(data) else data
            _, text = session.next_frame(event, payload)
            if session.connection is not None:
                session.connection.send(text)

    def dispatch_interaction(self, payload: JSON) -> list[SessionInfo]:
        """Send INTERACTION_CREATE to the connected sessions of its shard; return them.

        Discord neither buffers nor redirects an interaction for a shard that is not connected:
        the user sees "This interaction failed". So an empty list means undelivered; only when
        no session at all is connected is it the test's mistake (DriverError)."""
        connected = [c.session for c in self.connections if c.session is not None]
        if not connected:
            raise DriverError(
                "the bot is not connected to the fake gateway (no identified session)"
            )
        raw_guild_id = payload.get("guild_id")
        guild_id = int(raw_guild_id) if raw_guild_id is not None else None
        delivered: list[SessionInfo] = []
        for session in connected:
            if session.connection is not None and session.shard.receives(guild_id):
                _, text = session.next_frame("INTERACTION_CREATE", payload)
                session.connection.send(text)
                delivered.append(session.info())
        return delivered

    @property
    def connected(self) -> bool:
        return any(c.session is not None for c in self.connections)

    def session_infos(self) -> list[SessionInfo]:
        """Every session still connected or resumable, in IDENTIFY order."""
        return [session.info() for session in self._live_sessions()]

    def gateway_bot(self) -> JSON:
        """The body of GET /gateway/bot."""
        return {
            "url": self.url,
            "shards": self.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": max(0, 1000 - self.identify_count),
                "reset_after": 86_400_000,
                "max_concurrency": self.max_concurrency,
            },
        }

    def _live_sessions(self) -> list[GatewaySession]:
        """Sessions connected or still resumable; forgets those whose resume window ended."""
        now = time.monotonic()
        live: list[GatewaySession] = []
        for session in list(self.sessions.values()):
            if session.connection is None and (
                session.disconnected_at is None
                or now - session.disconnected_at > self.resume_window
            ):
                del self.sessions[session.session_id]
                continue
            live.append(session)
        return live

    def on_sessions_changed(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after a session identifies, resumes or loses its connection."""
        self._on_sessions_changed.append(callback)

    def _sessions_changed(self) -> None:
        for callback in list(self._on_sessions_changed):
            callback()

    # -- driver controls -------------------------------------------------------------------

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT on every live connection; discord.py reconnects and RESUMEs."""
        for connection in list(self.connections):
            connection.send_op(RECONNECT, None)

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every connection abruptly (resumable close code by default)."""
        for connection in list(self.connections):
            self.close_codes.append(code)
            await connection.close(code, "dropped by the test")

    async def drop_shard(self, shard_id: int, code: int = 4000) -> int:
        """Close the connections of every session on ``shard_id`` (any count); return how
        many. The sessions count as disconnected at once (a test's next interaction is
        undelivered), and stay resumable when ``code`` lets the client resume."""
        dropped = [
            c
            for c in self.connections
            if c.session is not None and c.session.shard.shard_id == shard_id
        ]
        for connection in dropped:
            self._forget(connection)
            self.close_codes.append(code)
            await connection.close(code, "dropped by the test")
        return len(dropped)

    async def close_all(self) -> None:
        for connection in list(self.connections):
            await connection.close(1001, "fake Discord shutting down")

    # -- websocket handler -----------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoclose=False, max_msg_size=0)
        await ws.prepare(request)
        try:
            transport = transport_for(request.query.get("compress"))
        except ValueError as exc:
            await ws.close(code=CLOSE_DECODE_ERROR, message=str(exc).encode())
            return ws
        if request.query.get("v", "10") != "10" or request.query.get("encoding", "json") != "json":
            await ws.close(code=CLOSE_INVALID_API_VERSION, message=b"only v=10 encoding=json")
            return ws
        connection = GatewayConnection(ws, transport)
        self.connections.append(connection)
        connection.send_op(HELLO, {"heartbeat_interval": self.heartbeat_interval_ms})
        try:
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    await self._receive(connection, message.data)
                elif message.type == WSMsgType.BINARY:
                    await self._receive(connection, message.data.decode())
                elif message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.ERROR):
                    break
                if ws.closed:
                    break
        finally:
            self._forget(connection)
            if not ws.closed:
                await ws.close()
            # A client that closes with 1000/1001 ends its session (Discord: not resumable).
            session = connection.session
            client_ended_it = not connection.closed_by_server and ws.close_code in (1000, 1001)
            if client_ended_it and session is not None and session.connection is None:
                self.sessions.pop(session.session_id, None)
                self._sessions_changed()
        return ws

    def _forget(self, connection: GatewayConnection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
        connection.queue.put_nowait(None)
        session = connection.session
        if session is not None and session.connection is connection:
            session.connection = None
            session.disconnected_at = time.monotonic()
            self._sessions_changed()

    async def _fail(self, connection: GatewayConnection, code: int, reason: str) -> None:
        log.warning("fake gateway closing connection: %s %s", code, reason)
        self.close_codes.append(code)
        await connection.close(code, reason)

    async def _receive(self, connection: GatewayConnection, text: str) -> None:
        try:
            message = json.loads(text)
            op = message["op"]
        except (ValueError, KeyError, TypeError):
            await self._fail(connection, CLOSE_DECODE_ERROR, "Decode error")
            return
        data = message.get("d")
        if op == HEARTBEAT:
            self.heartbeat_count += 1
            connection.send_op(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            await self._identify(connection, data)
        elif op == RESUME:
            await self._resume(connection, data)
        elif connection.session is None:
            await self._fail(connection, CLOSE_NOT_AUTHENTICATED, "Not authenticated")
        elif op == PRESENCE_UPDATE:
            self.presence_updates.append(data)
        elif op == REQUEST_GUILD_MEMBERS:
            self._send_member_chunk(connection, data)
        elif op == VOICE_STATE_UPDATE:
            pass  # no voice here; accepted and ignored
        else:
            await self._fail(connection, CLOSE_UNKNOWN_OPCODE, f"Unknown opcode {op}")

    async def _identify(self, connection: GatewayConnection, data: Any) -> None:
        if connection.session is not None:
            await self._fail(connection, CLOSE_ALREADY_AUTHENTICATED, "Already authenticated")
            return
        if not isinstance(data, dict) or data.get("token") != self.state.token:
            await self._fail(connection, CLOSE_AUTHENTICATION_FAILED, "Authentication failed")
            return
        intents = data.get("intents")
        if not isinstance(intents, int) or intents < 0:
            await self._fail(connection, CLOSE_INVALID_INTENTS, "Invalid intent(s)")
            return
        if intents & Intent.PRIVILEGED & ~self.state.privileged_intents:
            await self._fail(connection, CLOSE_DISALLOWED_INTENTS, "Disallowed intent(s)")
            return
        shard = parse_identify_shard(data.get("shard"))
        if shard is None:
            await self._fail(connection, CLOSE_INVALID_SHARD, "Invalid shard")
            return
        # A second session on a shard that is already connected is allowed, as on Discord:
        # both get the shard's events (and interactions), neither is closed.
        self.identify_count += 1
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            intents=intents,
            shard=shard,
            sharded="shard" in data and data["shard"] is not None,
        )
        self.sessions[session.session_id] = session
        session.connection = connection
        connection.session = session
        state = self.state
        ready: JSON = {
            "v": 10,
            "user": payloads.client_user(state.bot_user),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self._bot_guilds(shard)],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "application": {"id": str(state.application_id), "flags": 0},
            "private_channels": [],
            "presences": [],
            "relationships": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "_trace": ["fake-discord"],
        }
        if session.sharded:
            ready["shard"] = shard.as_list()
        connection.send(session.next_frame("READY", ready)[1])
        if intents & Intent.GUILDS:
            for guild in self._bot_guilds(shard):
                payload = state.guild_create_payload(guild, intents)
                connection.send(session.next_frame("GUILD_CREATE", payload)[1])
        self._sessions_changed()

    async def _resume(self, connection: GatewayConnection, data: Any) -> None:
        if not isinstance(data, dict) or data.get("token") != self.state.token:
            await self._fail(connection, CLOSE_AUTHENTICATION_FAILED, "Authentication failed")
            return
        session = self.sessions.get(str(data.get("session_id")))
        seq = data.get("seq")
        replay = [] if session is None else [text for s, text in session.buffer if s > (seq or 0)]
        oldest = session.buffer[0][0] if session is not None and session.buffer else None
        resumable = (
            session is not None
            and isinstance(seq, int)
            and seq <= session.seq
            and (oldest is None or oldest <= seq + 1)
        )
        if not resumable or session is None:
            connection.send_op(INVALID_SESSION, False)
            return
        if session.connection is not None and session.connection is not connection:
            self._forget(session.connection)
        self.resume_count += 1
        session.resumes += 1
        session.connection = connection
        session.disconnected_at = None
        connection.session = session
        for text in replay:
            connection.send(text)
        connection.send(session.next_frame("RESUMED", {"_trace": ["fake-discord"]})[1])
        self._sessions_changed()

    def _send_member_chunk(self, connection: GatewayConnection, data: Any) -> None:
        session = connection.session
        if session is None or not isinstance(data, dict):
            return
        guild = self.state.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        user_ids = {int(u) for u in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            m
            for m in guild.members.values()
            if (not user_ids or m.id in user_ids) and m.user.name.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": [payloads.member(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        if user_ids:
            chunk["not_found"] = [str(u) for u in user_ids - {m.id for m in members}]
        connection.send(session.next_frame("GUILD_MEMBERS_CHUNK", chunk)[1])

    def _bot_guilds(self, shard: Shard) -> list[Guild]:
        """The guilds of the bot that a session on ``shard`` announces in READY."""
        bot_id = self.state.bot_user.id
        return [
            g for g in self.state.guilds.values() if bot_id in g.members and shard.receives(g.id)
        ]
