"""Loading the ``.po`` catalogues and looking words up in them.

The ``.po`` files are the only source: each is compiled in memory the first time
its language is asked for (Babel reads it, writes the binary ``.mo`` form, and the
standard library's gettext reads that), so no generated file is kept in the
repository or can drift from its source.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import logging
import threading
from functools import lru_cache
from importlib import resources
from typing import Any, Final

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from i18n.languages import DEFAULT_LANGUAGE, LANGUAGES, Language

log = logging.getLogger(__name__)

DOMAIN: Final = "kachuful"

_reported: set[tuple[Language, str]] = set()
_reported_lock = threading.Lock()


def N_(message: str) -> str:
    """Mark a phrase kept in a table for extraction; it is translated where shown."""
    return message


def pN_(context: str, message: str) -> str:
    """Like :func:`N_`, for a phrase whose meaning needs a context (a command's name)."""
    return message


def catalogue_path(language: Language) -> resources.abc.Traversable:
    return resources.files(__package__).joinpath(
        "locales", language, "LC_MESSAGES", f"{DOMAIN}.po")


@lru_cache(maxsize=len(LANGUAGES))
def read_catalogue(language: Language) -> Catalog:
    """The language's catalogue as Babel reads it (used by the checks, too)."""
    with catalogue_path(language).open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


def _translated_ids(catalog: Catalog) -> frozenset[str]:
    ids: set[str] = set()
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if all(strings):
            msgid = str(message.id[0] if isinstance(message.id, tuple) else message.id)
            ids.add(f"{message.context}\x04{msgid}" if message.context else msgid)
    return frozenset(ids)


class Words:
    """One language's words. Missing entries fall back to English, logged once each."""

    def __init__(self, language: Language) -> None:
        self.language = language
        catalog = read_catalogue(language)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        compiled.seek(0)
        self._translations = gettext.GNUTranslations(compiled)
        self._known = _translated_ids(catalog)

    def t(self, message: str, **params: Any) -> str:
        """``message`` (English, with ``{named}`` placeholders) in this language."""
        if message in self._known:
            text = self._translations.gettext(message)
        else:
            self._missing(message)
            text = message
        return _fill(text, params)

    def n(self, singular: str, plural: str, count: int, **params: Any) -> str:
        """The form for ``count`` by the catalogue's plural rule; ``{count}`` is filled."""
        if singular in self._known:
            text = self._translations.ngettext(singular, plural, count)
        else:
            self._missing(singular)
            text = singular if count == 1 else plural
        return _fill(text, {"count": count, **params})

    def p(self, context: str, message: str) -> str:
        """``message`` in ``context`` (gettext's msgctxt): short words that could be
        translated differently elsewhere, such as a slash command's name."""
        if f"{context}\x04{message}" in self._known:
            return self._translations.pgettext(context, message)
        self._missing(f"{message} ({context})")
        return message

    def has(self, message: str, context: str | None = None) -> bool:
        """Whether this catalogue translates ``message`` (no English fallback)."""
        return (f"{context}\x04{message}" if context else message) in self._known

    def _missing(self, message: str) -> None:
        key = (self.language, message)
        with _reported_lock:
            if key in _reported:
                return
            _reported.add(key)
        log.warning("no %s translation for %r: shown in English", self.language, message)


def _fill(text: str, params: dict[str, Any]) -> str:
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        # A broken translation must not break a game: the checks catch it in tests.
        log.error("bad placeholders in %r", text)
        return text


@lru_cache(maxsize=1)
def catalogues_digest() -> str:
    """A fingerprint of every catalogue: it changes when any translation does."""
    digest = hashlib.sha256()
    for language in sorted(LANGUAGES):
        digest.update(catalogue_path(language).read_bytes())
    return digest.hexdigest()


@lru_cache(maxsize=len(LANGUAGES))
def words_for(language: Language | None) -> Words:
    """The words of ``language``; English for ``None`` or a language we don't have."""
    return Words(language if language in LANGUAGES else DEFAULT_LANGUAGE)

