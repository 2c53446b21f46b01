"""A TCP proxy in front of the PostgreSQL server that can stop forwarding (a half-open
link: both ends' sockets stay open, nothing gets through), for the shard claims' tests."""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit, urlunsplit


class PausingProxy:
    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self._target = (parts.hostname or "127.0.0.1", parts.port or 5432)
        self._url = parts
        self._flowing = asyncio.Event()
        self._flowing.set()
        self._server: asyncio.Server | None = None
        self._pumps: set[asyncio.Task[None]] = set()
        self._upstream: list[asyncio.StreamWriter] = []

    async def start(self) -> str:
        """Listen; the URL that goes through the proxy."""
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        netloc = f"{self._url.username}@127.0.0.1:{port}" if self._url.username \
            else f"127.0.0.1:{port}"
        return urlunsplit(self._url._replace(netloc=netloc))

    def stop_forwarding(self, server_notices_after: float | None = None) -> None:
        """Stop forwarding; with ``server_notices_after``, the server's side of every
        link is closed that much later, as the server does when its keepalive probes
        go unanswered (a proxy's own socket would answer them)."""
        self._flowing.clear()
        if server_notices_after is not None:
            asyncio.get_running_loop().call_later(server_notices_after, self._cut_upstream)

    def _cut_upstream(self) -> None:
        for writer in self._upstream:
            writer.transport.abort()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for pump in list(self._pumps):
            pump.cancel()
        for pump in list(self._pumps):
            with contextlib.suppress(asyncio.CancelledError, OSError):
                await pump

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self._target)
        self._upstream.append(up_writer)
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            pump = asyncio.create_task(self._pump(source, sink))
            self._pumps.add(pump)
            pump.add_done_callback(self._pumps.discard)

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                await self._flowing.wait()
                sink.write(data)
                await sink.drain()
        finally:
            sink.close()
