"""The languages there are catalogues for, and how Discord's locales map onto them."""

from __future__ import annotations

from typing import Final

Language = str
"""A catalogue's code: ``en``, ``hi``, ``ne``, ``gu``."""

DEFAULT_LANGUAGE: Final[Language] = "en"

LANGUAGES: Final[dict[Language, str]] = {
    "en": "English",
    "hi": "हिन्दी",
    "ne": "नेपाली",
    "gu": "ગુજરાતી",
}
"""Each language by its own name, as a person looking for theirs reads it."""

DISCORD_LOCALES: Final[dict[Language, str]] = {"en": "en-US", "hi": "hi"}
"""Discord locales our catalogues translate slash commands into. Discord has no
Nepali or Gujarati locale, so those clients see the commands' English names."""


def is_language(code: str) -> bool:
    return code in LANGUAGES


def from_locale(locale: str | None) -> Language | None:
    """Our language for a Discord or POSIX locale (``hi``, ``en-GB``, ``gu_IN``), if any."""
    if not locale:
        return None
    base = locale.replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None
