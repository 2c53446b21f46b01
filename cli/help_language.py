"""The language ``--help`` speaks: the one ``--language`` asks for on the same line.

argparse prints help the moment it reads ``--help``, before later options are parsed,
so :func:`cli.main.main` looks for ``--language`` first and the commands that speak
the players' languages word their help with it.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence

from i18n import DEFAULT_LANGUAGE, LANGUAGES, Language, Words, words_for

ENGLISH_HELP: Language = DEFAULT_LANGUAGE
_chosen: list[Language] = [DEFAULT_LANGUAGE]


def requested_language(argv: Sequence[str]) -> Language:
    """The value of ``--language xx`` or ``--language=xx`` in ``argv`` (the last one),
    if it is a language we have; English otherwise."""
    found = DEFAULT_LANGUAGE
    for index, arg in enumerate(argv):
        value = None
        if arg == "--language" and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith("--language="):
            value = arg.partition("=")[2]
        if value in LANGUAGES:
            found = value
    return found


def choose(language: Language) -> None:
    _chosen[0] = language if language in LANGUAGES else DEFAULT_LANGUAGE


def help_words() -> Words:
    return words_for(_chosen[0])


def translated_formatter(words: Words) -> type[argparse.HelpFormatter]:
    """A help formatter whose "usage:" is in ``words``' language."""
    prefix = words.t("usage: ")

    class TranslatedHelp(argparse.HelpFormatter):
        def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[argparse._MutuallyExclusiveGroup],
                      prefix: str | None = prefix) -> None:
            super().add_usage(usage, actions, groups, prefix)

    return TranslatedHelp


def translated_help(parser: argparse.ArgumentParser, words: Words) -> None:
    """Headings and ``-h``'s own line in ``words``' language (the parser is made with
    ``add_help=False`` and :func:`translated_formatter`)."""
    parser._optionals.title = words.t("options")
    parser._positionals.title = words.t("positional arguments")
    parser.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                        help=words.t("show this help message and exit"))
