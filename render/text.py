"""Text as cached stamps: each (text, size, weight) is rasterised once, then pasted.

Pasting a cached mask in a colour costs a few microseconds; laying text out with
FreeType costs tens. Pictures repeat the same short strings (numbers, names,
labels) endlessly, so every picture only pastes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

from PIL import Image, ImageDraw

from render.blit import fill_through
from render.fonts import Script, font, script_of, uses_freetype
from render.palette import RGB

ELLIPSIS: Final = "…"

HAlign = Literal["l", "m", "r"]
VAlign = Literal["t", "m", "s"]
"""``t``: y is the top of capital letters; ``m``: their middle; ``s``: the baseline."""


@dataclass(frozen=True, slots=True)
class Stamp:
    mask: Image.Image
    """Coverage of the text (mode ``L``), tightly cropped."""
    left: int
    """From the pen position to the mask's left edge."""
    top: int
    """From the baseline to the mask's top edge (negative: above the baseline)."""
    advance: int
    """How far the pen moves: the width used for alignment."""


def script_runs(text: str) -> list[tuple[str, Script]]:
    """``text`` cut where its script changes, each piece with the script of its font.
    Each run is shaped whole, so conjuncts and vowel signs stay within one font."""
    runs: list[tuple[str, Script]] = []
    for char in text:
        script = script_of(char)
        if runs and (script is None or script == runs[-1][1]):
            runs[-1] = (runs[-1][0] + char, runs[-1][1])
        else:
            runs.append((char, script or "latin"))
    return runs


@lru_cache(maxsize=8192)
@uses_freetype
def stamp(text: str, size: int, bold: bool = False) -> Stamp:
    pieces = []
    pen = 0.0
    for run, script in script_runs(text):
        face = font(size, bold, script)
        pieces.append((run, face, pen, face.getbbox(run, anchor="ls")))
        pen += face.getlength(run)
    x0 = min(int(pen_x + box[0]) for _, _, pen_x, box in pieces)
    y0 = min(int(box[1]) for *_, box in pieces)
    x1 = max(int(pen_x + box[2]) for _, _, pen_x, box in pieces)
    y1 = max(int(box[3]) for *_, box in pieces)
    width, height = max(1, x1 - x0), max(1, y1 - y0)
    mask = Image.new("L", (width, height))
    draw = ImageDraw.Draw(mask)
    for run, face, pen_x, _ in pieces:
        draw.text((pen_x - x0, -y0), run, fill=255, font=face, anchor="ls")
    return Stamp(mask, x0, y0, round(pen))


def _length(text: str, size: int, bold: bool) -> float:
    return sum(font(size, bold, script).getlength(run) for run, script in script_runs(text))


@lru_cache(maxsize=128)
@uses_freetype
def cap_height(size: int, bold: bool = False) -> int:
    """Height of a capital letter above the baseline, for centring text on a line."""
    return -int(font(size, bold).getbbox("H", anchor="ls")[1])


@lru_cache(maxsize=128)
@uses_freetype
def digit_height(size: int, bold: bool = False) -> int:
    """Height of the digits above the baseline: how big a number looks."""
    return -int(font(size, bold).getbbox("0123456789", anchor="ls")[1])


def text_width(text: str, size: int, bold: bool = False) -> int:
    return stamp(text, size, bold).advance


def draw_text(
    canvas: Image.Image,
    x: float,
    y: float,
    text: str,
    size: int,
    colour: RGB,
    *,
    bold: bool = False,
    align: HAlign = "l",
    valign: VAlign = "m",
) -> int:
    """Paste ``text`` with its anchor at (x, y); returns the text's advance width."""
    if not text:
        return 0
    piece = stamp(text, size, bold)
    if align == "m":
        x -= piece.advance / 2
    elif align == "r":
        x -= piece.advance
    if valign == "m":
        y += cap_height(size, bold) / 2
    elif valign == "t":
        y += cap_height(size, bold)
    left, top = round(x) + piece.left, round(y) + piece.top
    fill_through(canvas, left, top, colour, piece.mask)
    return piece.advance


@lru_cache(maxsize=4096)
@uses_freetype
def fit_text(text: str, size: int, bold: bool, max_width: int) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``max_width`` wide."""
    if _length(text, size, bold) <= max_width:
        return text
    # The longest prefix that fits with the ellipsis; binary search, since width
    # grows with length.
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if _length(text[:middle].rstrip() + ELLIPSIS, size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS if low else ELLIPSIS


def signed(number: int) -> str:
    """An integer with a true minus sign (−5), which reads better than a hyphen."""
    return f"−{-number}" if number < 0 else str(number)


def signed_points(number: int, tenths: bool) -> str:
    """A score with a true minus sign; in tenths (Call Break), with one decimal: 4.2, −3.0."""
    if not tenths:
        return signed(number)
    whole, tenth = divmod(abs(number), 10)
    return f"{'−' if number < 0 else ''}{whole}.{tenth}"


def made_call(bid: int | None, tricks: int, at_least: bool) -> bool:
    """Kachuful's bid is made exactly; Call Break's call with at least its tricks."""
    return bid is not None and (tricks >= bid if at_least else tricks == bid)
