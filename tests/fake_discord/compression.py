"""Gateway transport compression, as negotiated by the ``compress`` query parameter.

discord.py 2.7 asks for ``zlib-stream`` (or ``zstd-stream`` when a zstd module is importable):
one compression context per connection, every payload flushed so it ends a frame —
``Z_SYNC_FLUSH`` for zlib, whose output ends in ``00 00 ff ff``, which is how the client knows a
message is complete.
"""

from __future__ import annotations

import importlib
import zlib
from collections.abc import Callable
from typing import Any, Protocol


class Transport(Protocol):
    def frame(self, text: str) -> str | bytes: ...


class PlainText:
    """No transport compression: JSON text frames."""

    def frame(self, text: str) -> str | bytes:
        return text


class ZlibStream:
    def __init__(self) -> None:
        self._compressor = zlib.compressobj()

    def frame(self, text: str) -> str | bytes:
        data = text.encode()
        return self._compressor.compress(data) + self._compressor.flush(zlib.Z_SYNC_FLUSH)


class ZstdStream:
    """zstd streaming, with whichever zstd module discord.py itself would have found."""

    def __init__(self) -> None:
        self._compress: Callable[[bytes], bytes]
        try:
            zstandard: Any = importlib.import_module("zstandard")
        except ImportError:
            zstd: Any = importlib.import_module("compression.zstd")
            compressor = zstd.ZstdCompressor()
            self._compress = lambda data: compressor.compress(
                data, mode=zstd.ZstdCompressor.FLUSH_BLOCK
            )
        else:
            stream = zstandard.ZstdCompressor().compressobj()
            flush_block = zstandard.COMPRESSOBJ_FLUSH_BLOCK
            self._compress = lambda data: stream.compress(data) + stream.flush(flush_block)

    def frame(self, text: str) -> str | bytes:
        result: bytes = self._compress(text.encode())
        return result


def transport_for(compress: str | None) -> Transport:
    """The transport for a ``compress`` query value; ValueError if it is not supported."""
    if compress in (None, ""):
        return PlainText()
    if compress == "zlib-stream":
        return ZlibStream()
    if compress == "zstd-stream":
        try:
            return ZstdStream()
        except ImportError as exc:
            raise ValueError("zstd-stream requested but no zstd module is importable") from exc
    raise ValueError(f"unsupported gateway compression {compress!r}")
