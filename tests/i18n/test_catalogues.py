"""The catalogues: complete, consistent with the code, and plurals from their rules."""

from __future__ import annotations

import logging

import pytest
from babel.messages.catalog import Catalog

from i18n import LANGUAGES, Words, from_locale, maintain, suit_name, words_for

UNFINISHED: set[str] = set()
"""Catalogues with entries still shown in English. Remove a language once its
translators finish it: the completeness test then holds it to every entry."""


@pytest.fixture(scope="module")
def template() -> Catalog:
    return maintain.extract()


def test_the_english_catalogue_matches_the_code(template: Catalog) -> None:
    assert list(maintain.problems("en", template)) == []


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_catalogue_has_every_entry_with_the_same_placeholders(
    language: str, template: Catalog
) -> None:
    found = [problem for problem in maintain.problems(language, template)
             if language not in UNFINISHED or "untranslated" not in problem]
    assert found == []


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - UNFINISHED))
def test_finished_catalogues_translate_every_entry(language: str, template: Catalog) -> None:
    assert [p for p in maintain.problems(language, template) if "untranslated" in p] == []


def test_unfinished_catalogues_are_really_unfinished(template: Catalog) -> None:
    # Keeps UNFINISHED honest: a language finished since must leave the list.
    for language in UNFINISHED:
        assert any("untranslated" in p for p in maintain.problems(language, template))


def test_the_checks_catch_a_changed_placeholder(
    template: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = maintain.read("hi")
    message = broken.get("Dealer: {name}")
    assert message is not None
    message.string = "बाँटने वाला: {naam}"
    monkeypatch.setattr(maintain, "read", lambda language: broken)
    assert any("placeholders" in p for p in maintain.problems("hi", template))


@pytest.mark.parametrize(("count", "english"), [
    (1, "1 card"), (2, "2 cards"), (0, "0 cards"),
])
def test_english_plurals(count: int, english: str) -> None:
    assert words_for("en").n("{count} card", "{count} cards", count) == english


def test_hindi_plurals_follow_the_catalogues_rule() -> None:
    hindi = words_for("hi")
    # Hindi's CLDR rule (n > 1): 0 and 1 take the singular.
    assert hindi.n("{count} card", "{count} cards", 1) == "1 पत्ता"
    assert hindi.n("{count} card", "{count} cards", 0) == "0 पत्ता"
    assert hindi.n("{count} card", "{count} cards", 5) == "5 पत्ते"


def test_a_missing_entry_falls_back_to_english_and_is_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    words = Words("hi")
    with caplog.at_level(logging.WARNING, logger="i18n.catalogues"):
        first = words.t("A phrase no catalogue has, {name}", name="Asha")
        second = words.t("A phrase no catalogue has, {name}", name="Bikram")
    assert (first, second) == ("A phrase no catalogue has, Asha",
                               "A phrase no catalogue has, Bikram")
    assert sum("no hi translation" in r.message for r in caplog.records) == 1


@pytest.mark.parametrize(("language", "spades", "diamonds", "clubs", "hearts"), [
    ("en", "♠ spades", "♦ diamonds", "♣ clubs", "♥ hearts"),
    ("hi", "♠ हुकुम", "♦ ईंट", "♣ चिड़ी", "♥ पान"),
    ("ne", "♠ हुकुम", "♦ ईटा", "♣ चिडी", "♥ पान"),
    ("gu", "♠ કાળી", "♦ ચોકટ", "♣ ફૂલી", "♥ લાલ"),
])
def test_suit_names(language: str, spades: str, diamonds: str, clubs: str,
                    hearts: str) -> None:
    words = words_for(language)
    assert [suit_name(words, s) for s in "♠♦♣♥"] == [spades, diamonds, clubs, hearts]


@pytest.mark.parametrize(("locale", "language"), [
    ("hi", "hi"), ("en-US", "en"), ("en-GB", "en"), ("gu_IN", "gu"), ("fr", None), (None, None),
])
def test_discord_locales_map_to_our_languages(locale: str | None, language: str | None) -> None:
    assert from_locale(locale) == language
