"""Keeping the catalogues in step with the code: ``python -m i18n.maintain``.

``update`` extracts every marked phrase from the code (Babel), adds new ones to each
catalogue (English gets its own text; the others an empty entry to translate, which
shows in English until translated), and drops phrases the code no longer uses.
``check`` reports what a catalogue lacks or breaks: missing or untranslated entries,
placeholders that differ from the English, wrong plural forms (Babel's checkers too).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from i18n.catalogues import DOMAIN
from i18n.languages import DEFAULT_LANGUAGE, LANGUAGES

ROOT: Final = Path(__file__).resolve().parent.parent
LOCALES: Final = Path(__file__).resolve().parent / "locales"
SOURCES: Final = ("bot/adapter", "render", "cli", "i18n")
"""Where player-facing words live; the core and the engine speak in keys and numbers."""
KEYWORDS: Final = {"t": None, "n": (1, 2), "p": ((1, "c"), 2), "N_": None,
                   "pN_": ((1, "c"), 2)}
"""``words.t(msgid)``, ``words.n(singular, plural, count)``, ``words.p(context, msgid)``
and the markers ``N_(msgid)`` and ``pN_(context, msgid)``."""
PLACEHOLDER: Final = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_]*)(?:[:!][^}]*)?\}")


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(root: Path = ROOT) -> Catalog:
    """Every phrase the code marks, as a template catalogue."""
    template = Catalog(domain=DOMAIN, project="kachuful-bot")
    for source in SOURCES:
        found = extract_from_dir(
            root / source, [("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",)
        )
        for filename, lineno, message, comments, context in found:
            location = (f"{source}/{filename}", lineno)
            template.add(message, locations=[location], auto_comments=comments,
                         context=context, flags=("python-brace-format",))
    return template


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


def write(language: str, catalog: Catalog) -> None:
    path = po_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as target:
        write_po(target, catalog, width=100, omit_header=False, sort_output=False,
                 include_previous=False, no_location=True)


def update(template: Catalog) -> None:
    # English last: it writes its strings into the template's messages, which Babel
    # shares with the catalogues it updates.
    for language in sorted(LANGUAGES, key=lambda code: code == DEFAULT_LANGUAGE):
        path = po_path(language)
        catalog = read(language) if path.exists() else Catalog(locale=language, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        if language == DEFAULT_LANGUAGE:
            for message in catalog:
                if message.id:
                    message.string = message.id
        write(language, catalog)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _forms(message: Message) -> tuple[str, ...]:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return tuple(str(text or "") for text in strings)


def problems(language: str, template: Catalog) -> Iterable[str]:
    """Everything wrong with one catalogue, as sentences a translator can act on."""
    catalog = read(language)
    expected_forms, _ = get_plural(language)
    if catalog.num_plurals != expected_forms:
        yield f"{language}: {catalog.num_plurals} plural forms, CLDR says {expected_forms}"
    for wanted in template:
        if not wanted.id:
            continue
        found = catalog.get(wanted.id, context=wanted.context)
        if found is None:
            yield f"{language}: missing {wanted.id!r}"
            continue
        if found.fuzzy:
            yield f"{language}: fuzzy {wanted.id!r}"
        forms = _forms(found)
        if wanted.pluralizable and len(forms) != catalog.num_plurals:
            yield f"{language}: {wanted.id!r} has {len(forms)} forms, not {catalog.num_plurals}"
        english = [str(text) for text in
                   (wanted.id if isinstance(wanted.id, tuple) else (wanted.id,))]
        names = set().union(*(placeholders(text) for text in english))
        for form in forms:
            if not form:
                yield f"{language}: untranslated {wanted.id!r}"
            elif wanted.pluralizable and placeholders(form) - names:
                yield f"{language}: {form!r} has unknown placeholders"
            elif not wanted.pluralizable and placeholders(form) != names:
                yield f"{language}: {form!r} has placeholders {sorted(placeholders(form))}, " \
                      f"the English {sorted(names)}"
        for error in found.check(catalog):
            yield f"{language}: {wanted.id!r}: {error}"
    for extra in catalog:
        if extra.id and template.get(extra.id, context=extra.context) is None:
            yield f"{language}: {extra.id!r} is no longer used"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m i18n.maintain", description=__doc__)
    parser.add_argument("action", choices=("update", "check"))
    args = parser.parse_args(argv)
    template = extract()
    if args.action == "update":
        update(template)
        return 0
    found = [problem for language in LANGUAGES for problem in problems(language, template)]
    for problem in found:
        print(problem)
    print(f"{len(template) - 1} phrases; {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
