"""The fonts shipped inside this package (DejaVu Sans; licence in ``fonts/LICENSE``).

Fonts are read from the package's own files, never from system paths, so a picture
looks the same on every machine that runs the bot. Each (size, weight) is opened once.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from functools import lru_cache, wraps
from importlib import resources
from typing import Final, Literal, ParamSpec, TypeVar

from PIL import Image, ImageDraw, ImageFont, features

Script = Literal["latin", "devanagari", "gujarati"]
_FILES: Final[dict[tuple[Script, bool], str]] = {
    ("latin", False): "DejaVuSans.ttf", ("latin", True): "DejaVuSans-Bold.ttf",
    ("devanagari", False): "NotoSansDevanagari-Regular.ttf",
    ("devanagari", True): "NotoSansDevanagari-Bold.ttf",
    ("gujarati", False): "NotoSansGujarati-Regular.ttf",
    ("gujarati", True): "NotoSansGujarati-Bold.ttf",
}

HAS_RAQM: Final = features.check("raqm")
# Raqm (with FriBiDi and HarfBuzz) shapes Devanagari and Gujarati (conjuncts, vowel
# signs placed before their consonant), orders right-to-left names and joins Arabic
# letters. The bot refuses to start without it (see :func:`require_shaping`); the
# basic layout is only a fallback for tools that draw Latin text.
LAYOUT: Final = ImageFont.Layout.RAQM if HAS_RAQM else ImageFont.Layout.BASIC


class ShapingUnavailable(RuntimeError):
    """Pillow was built without libraqm: Indic text would be drawn as broken letters."""


def require_shaping() -> None:
    """Fail at start-up, clearly, when pictures could not shape Indic text."""
    if not HAS_RAQM:
        raise ShapingUnavailable(
            "Pillow has no raqm text layout (PIL.features.check('raqm') is False), so "
            "Hindi, Nepali and Gujarati would be drawn unshaped. Install libraqm (Debian: "
            "apt-get install libraqm0) and reinstall Pillow."
        )


def script_of(char: str) -> Script | None:
    """The script a character needs its own font for; ``None``: whichever font the
    text around it uses (spaces and joiners)."""
    code = ord(char)
    if 0x0900 <= code <= 0x097F or 0xA8E0 <= code <= 0xA8FF:
        return "devanagari"
    if 0x0A80 <= code <= 0x0AFF:
        return "gujarati"
    if char in "\u200c\u200d" or char.isspace():
        return None
    return "latin"


_P = ParamSpec("_P")
_R = TypeVar("_R")

_FREETYPE: Final = threading.RLock()
"""FreeType faces must not be used by two threads at once, and the bot draws in
worker threads. Everything that lays out text is a cached builder, so only cache
misses take this lock (see :func:`uses_freetype`); cache hits never wait."""


def uses_freetype(builder: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run ``builder`` holding the FreeType lock. Put it under ``lru_cache``."""

    @wraps(builder)
    def locked(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with _FREETYPE:
            return builder(*args, **kwargs)

    return locked


@lru_cache(maxsize=len(_FILES))
def _font_bytes(bold: bool, script: Script = "latin") -> bytes:
    return resources.files(__package__).joinpath("fonts", _FILES[script, bold]).read_bytes()


@lru_cache(maxsize=384)
@uses_freetype
def font(size: int, bold: bool = False, script: Script = "latin") -> ImageFont.FreeTypeFont:
    """The ``script``'s font (or its bold) at ``size`` pixels."""
    return ImageFont.truetype(io.BytesIO(_font_bytes(bold, script)), size,
                              layout_engine=LAYOUT)


@lru_cache(maxsize=len(_FILES))
def _basic_font(bold: bool, script: Script) -> ImageFont.FreeTypeFont:
    # Coverage is checked one character at a time with the basic layout, which maps a
    # character straight to its glyph: a missing one becomes glyph 0, ".notdef". (Raqm
    # could substitute a dotted circle or reorder, which would hide a missing glyph.)
    return ImageFont.truetype(
        io.BytesIO(_font_bytes(bold, script)), 24, layout_engine=ImageFont.Layout.BASIC
    )


def _glyph_picture(face: ImageFont.FreeTypeFont, char: str) -> bytes:
    canvas = Image.new("L", (48, 40))
    ImageDraw.Draw(canvas).text((8, 4), char, fill=255, font=face)
    return canvas.tobytes()


@lru_cache(maxsize=len(_FILES))
@uses_freetype
def _missing_glyph_picture(bold: bool, script: Script) -> bytes:
    # U+10FFFF is a permanent noncharacter: no font maps it, so this is ".notdef".
    return _glyph_picture(_basic_font(bold, script), "\U0010ffff")


@lru_cache(maxsize=8192)
@uses_freetype
def has_glyph(char: str) -> bool:
    """Whether both shipped weights of the font for ``char``'s script (see
    :func:`script_of`) can draw it (one code point): a Hindi or Gujarati name is
    drawn, not dropped.

    Pillow exposes no character map, so this draws the character and compares it
    with the font's ".notdef" box; a real glyph never matches it exactly.
    """
    script = script_of(char) or "latin"
    return all(
        _glyph_picture(_basic_font(bold, script), char) != _missing_glyph_picture(bold, script)
        for bold in (False, True)
    )
