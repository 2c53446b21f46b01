"""Computer players' names with their level in the reader's words.

A computer seat is stored as ``"Mira (easy bot)"`` (:func:`ai.names.computer_name`):
the game, its record and its ratings keep that one English form. Where a name is
shown, the bracket is re-worded in the reader's language (``Mira (कंप्यूटर, आसान)``);
a person's name, even one that happens to end in brackets, is left as it is unless
it is exactly that form. A person who asked to be forgotten is stored as ``—`` (by
earlier versions as ``Forgotten player``) and shown as "Forgotten player" in the
reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from i18n.catalogues import N_, Words

COMPUTER_NAMES: Final[dict[str, str]] = {
    "easy": N_("{name} (easy bot)"),
    "medium": N_("{name} (medium bot)"),
    "hard": N_("{name} (hard bot)"),
    "reference": N_("{name} (reference bot)"),
}
LEVEL_WORDS: Final[dict[str, str]] = {
    # A level on its own, inside a sentence ("computer players at easy level").
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "reference": N_("reference"),
}
FORGOTTEN_FORMS: Final = frozenset({"—", "Forgotten player"})
"""How a forgotten person is stored (``bot.storage.stats.FORGOTTEN_NAME``; the second
by versions before it)."""
FORGOTTEN: Final = N_("Forgotten player")
_STORED: Final = re.compile(r"^(?P<name>.+) \((?P<level>easy|medium|hard|reference) bot\)$")


def shown_name(words: Words, name: str) -> str:
    """``name`` as the reader reads it: a computer's level in their language."""
    if name in FORGOTTEN_FORMS:
        return words.t(FORGOTTEN)
    found = _STORED.match(name) if isinstance(name, str) else None
    if found is None:
        return name
    return words.t(COMPUTER_NAMES[found["level"]], name=found["name"])


def shown_names(words: Words, names: Iterable[str]) -> list[str]:
    return [shown_name(words, name) for name in names]


def level_word(words: Words, level: str) -> str:
    """``easy``, ``आसान``…; an unknown level as it is."""
    return words.t(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level
