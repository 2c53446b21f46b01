"""Player names made safe to draw: whatever a Discord name holds, something readable.

Discord names may hold emoji, joiners, bidi controls, control characters or lone
surrogates. DejaVu Sans has no emoji, and a missing glyph would print as a box, so
characters the font cannot draw are dropped (a name left empty falls back to the
seat's label). Right-to-left scripts the font covers (Hebrew, Arabic) are kept.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Final

from i18n import Words
from i18n.computer_names import shown_name
from render.fonts import has_glyph

MAX_NAME_CHARS: Final = 48
"""Longer names are cut before measuring: nothing wider could fit anyway, and this
bounds the work a hostile 4,000-character name can cause."""

# Control, format (joiners, bidi marks), surrogate, private-use and unassigned code
# points: never drawn.
_DROPPED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


@lru_cache(maxsize=2048)
def clean_name(name: str, fallback: str) -> str:
    """``name`` with undrawable characters removed and spaces tidied; ``fallback``
    when nothing readable is left."""
    if not isinstance(name, str):
        return fallback
    text = unicodedata.normalize("NFC", name[: MAX_NAME_CHARS * 4])
    kept: list[str] = []
    for char in text:
        category = unicodedata.category(char)
        if char.isspace():
            char = " "  # tabs, newlines and exotic spaces alike
        elif category in _DROPPED_CATEGORIES or not has_glyph(char):
            continue
        kept.append(char)
        if len(kept) >= MAX_NAME_CHARS:
            break
    cleaned = " ".join("".join(kept).split())
    if not any(unicodedata.category(char)[0] in "LNS" for char in cleaned):
        return fallback
    return cleaned


def seat_label(seat: int, words: Words) -> str:
    return words.t("Player {number}", number=seat + 1)


def player_names(players: tuple[str, ...] | list[str], words: Words) -> tuple[str, ...]:
    """Every seat's drawable name (a seat's label in ``words`` when nothing is left)."""
    return tuple(clean_name(shown_name(words, name), seat_label(seat, words))
                 for seat, name in enumerate(players))
