"""Every word the bot, its pictures and the terminal game show, in every language.

Code writes English (the gettext message id) and asks a :class:`Words` of the
reader's language for it: ``words.t("Deal {number}", number=3)``, or for a count
``words.n("{count} card", "{count} cards", count)``. Module-level tables of phrases
mark theirs with :func:`N_` so that extraction finds them. Placeholders are always
named (``{name}``), never positional, so translators may reorder them.

This package imports nothing from ``bot``, ``render`` or ``cli``: all three use it.
"""

from i18n.catalogues import N_, Words, pN_, words_for
from i18n.languages import DEFAULT_LANGUAGE, LANGUAGES, Language, from_locale, is_language
from i18n.suits import suit_name

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "Language",
    "Words",
    "from_locale",
    "is_language",
    "pN_",
    "suit_name",
    "words_for",
]
