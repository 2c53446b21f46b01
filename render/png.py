"""PNG writing tuned for flat, computer-drawn pictures: indexed colour, rows
unfiltered, zlib's fastest level.

Pictures are mapped onto their look's 256-colour palette (:mod:`render.looks`), so
each pixel is one byte instead of three. Rows are written unfiltered: PNG's row
filters help photographs, but our pictures are large areas of flat colour that zlib
already compresses well (identical rows are found one row back), and Pillow's
writer would try five filters on every row of a truecolour image. Level 1 is
zlib's fastest and, on these pictures, within a few per cent of its smallest.
"""

from __future__ import annotations

import struct
import zlib
from typing import Final

from PIL import Image

_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
_INDEXED: Final = 3
"""PNG colour type: palette indices."""
COMPRESS_LEVEL: Final = 1
PALETTE_ENTRIES: Final = 256
BAND_BYTES: Final = 64 * 1024
"""Pixels are handed to zlib this many bytes at a time (see ``_compress_rows``)."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _compress_rows(image: Image.Image, level: int) -> bytes:
    """Unfiltered rows of a one-byte-per-pixel ``image``, compressed band by band.

    Each PNG row starts with its filter type, 0 here. Pasting the picture one pixel
    to the right of a column of index 0 makes Pillow's ``tobytes`` produce exactly
    those rows, in C, instead of joining a slice per row in Python.

    Taking the pixels a band at a time keeps every buffer small enough for the
    allocator to reuse; a whole-picture buffer per call would come fresh from the
    kernel each time, and zero-filling its pages costs more than one expects.
    """
    width, height = image.size
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(image, (1, 0))
    stride = width + 1
    band = max(1, BAND_BYTES // stride)
    compressor = zlib.compressobj(level)
    parts = []
    for top in range(0, height, band):
        pixels = rows.crop((0, top, stride, min(height, top + band))).tobytes()
        parts.append(compressor.compress(pixels))
    parts.append(compressor.flush())
    return b"".join(parts)


def encode_indexed(image: Image.Image, palette: Image.Image, level: int = COMPRESS_LEVEL) -> bytes:
    """An 8-bit indexed PNG of ``image``: each pixel mapped to the nearest colour of
    ``palette`` (a mode-P image, as :meth:`Image.quantize` takes), without dithering,
    which would speckle flat areas. The same pixels always give the same bytes."""
    if image.mode != "RGB":  # (convert would copy even an RGB image)
        image = image.convert("RGB")
    mapped = image.quantize(palette=palette, dither=Image.Dither.NONE)
    entries = mapped.getpalette() or []
    width, height = mapped.size
    header = struct.pack(">IIBBBBB", width, height, 8, _INDEXED, 0, 0, 0)
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(entries[: 3 * PALETTE_ENTRIES])),
            _chunk(b"IDAT", _compress_rows(mapped, level)),
            _chunk(b"IEND", b""),
        )
    )
