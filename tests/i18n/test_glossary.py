"""Each language's glossary (docs/glossary-<language>.md) is what its catalogue says:
every chosen word is used, and no rejected second word for the same thing is."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from i18n import maintain

DOCS = Path(__file__).resolve().parents[2] / "docs"
GLOSSARIES = ("hi", "ne", "gu")


@dataclass(frozen=True)
class Term:
    english: str
    words: tuple[str, ...]
    rejected: tuple[str, ...]
    source: str


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def glossary_terms(language: str) -> list[Term]:
    """The rows of the glossary's **Terms** table."""
    text = (DOCS / f"glossary-{language}.md").read_text()
    table = text.split("## Terms", 1)[1]
    rows = [line for line in table.splitlines() if line.startswith("|")][2:]
    terms = []
    for row in rows:
        english, words, rejected, source = _cells(row)
        terms.append(Term(
            english,
            tuple(word.strip() for word in words.split(" / ")),
            () if rejected == "—" else tuple(word.strip() for word in rejected.split(", ")),
            source,
        ))
    return terms


def catalogue_texts(language: str) -> list[str]:
    texts = []
    for message in maintain.read(language):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        texts += [str(text) for text in strings]
    return texts


def _pattern(word: str) -> re.Pattern[str]:
    if len(word) > 2 and word.startswith("/") and word.endswith("/"):
        return re.compile(word[1:-1])
    return re.compile(re.escape(word))


@pytest.mark.parametrize("language", GLOSSARIES)
def test_the_glossary_names_a_source_for_every_word(language: str) -> None:
    terms = glossary_terms(language)
    assert len(terms) >= 15
    assert [t.english for t in terms if not t.source or not t.words] == []
    names = {t.english for t in terms}
    for needed in ("card", "trick", "hand (cards held)", "bid", "trump", "spades", "hearts",
                   "diamonds", "clubs", "dealer", "blind bid", "revoke", "points",
                   "no trump (score sheet)", "level names"):
        assert any(name.startswith(needed) for name in names), needed


@pytest.mark.parametrize("language", GLOSSARIES)
def test_the_catalogue_uses_each_chosen_word(language: str) -> None:
    texts = catalogue_texts(language)
    unused = [(t.english, t.words) for t in glossary_terms(language)
              if not any(word in text for word in t.words for text in texts)]
    assert unused == []


@pytest.mark.parametrize("language", GLOSSARIES)
def test_no_second_word_for_the_same_thing(language: str) -> None:
    texts = catalogue_texts(language)
    found = [(t.english, word, text) for t in glossary_terms(language) for word in t.rejected
             for text in texts if _pattern(word).search(text)]
    assert found == []


def test_the_check_would_catch_a_second_word() -> None:
    gujarati = next(t for t in glossary_terms("gu") if t.english == "points")
    assert any(_pattern(word).search("સુધાર્યું: કુલ ગુણ ફરી ગણાયા.") for word in gujarati.rejected)
