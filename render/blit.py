"""The three pasting operations every picture is made of, at the lowest cost.

A picture is a few hundred pastes of cached pieces. ``Image.paste`` re-checks its
arguments, converts colours and loads both images on every call, which costs more
than the pixel work for the small pieces we paste (text, marks, corners). These
helpers call Pillow's core paste directly; they rely on what the callers guarantee:
the canvas is a fresh RGB image, pieces are already loaded, boxes are exact.
"""

from __future__ import annotations

from PIL import Image

from render.palette import RGB

Box = tuple[int, int, int, int]
"""left, top, right, bottom (right and bottom exclusive)."""


def fill(canvas: Image.Image, box: Box, colour: RGB) -> None:
    """Paint ``box`` (left, top, right, bottom; right/bottom exclusive) in ``colour``."""
    canvas.im.paste(colour, box)


def fill_through(canvas: Image.Image, x: int, y: int, colour: RGB, mask: Image.Image) -> None:
    """Paint ``colour`` through a coverage ``mask`` (mode L) placed at (x, y)."""
    canvas.im.paste(colour, (x, y, x + mask.width, y + mask.height), mask.im)


def overlay(canvas: Image.Image, piece: Image.Image, x: int, y: int) -> None:
    """Blend an RGBA ``piece`` over the canvas at (x, y), by its own alpha."""
    canvas.im.paste(piece.im, (x, y, x + piece.width, y + piece.height), piece.im)
