"""Storage's refusals reach players in their language: storage names a code, the words
follow the reader, with the code's values in every language."""

from __future__ import annotations

from bot.adapter.words.storage_words import storage_error_text
from bot.storage import GameStateConflict, StorageError, StorageFull
from i18n import words_for


def test_a_precise_code_keeps_its_detail_in_every_language() -> None:
    error = GameStateConflict("technical", code="cannot_start", reason="2 players")
    assert storage_error_text(words_for("en"), error) == "Can't start: 2 players."
    hindi = storage_error_text(words_for("hi"), error)
    assert "2 players" in hindi and hindi != "Can't start: 2 players."
    full = GameStateConflict("technical", code="table_full", seats=7)
    for language in ("en", "hi", "ne", "gu"):
        assert "7" in storage_error_text(words_for(language), full)


def test_other_languages_get_the_sentence_of_its_kind() -> None:
    hindi = words_for("hi")
    full = storage_error_text(hindi, StorageFull("disk"))
    assert full and full != storage_error_text(words_for("en"), StorageFull("disk"))
    assert any("\u0900" <= ch <= "\u097f" for ch in full), "written in Devanagari"
    generic = storage_error_text(hindi, StorageError("odd"))
    assert generic not in (full, storage_error_text(words_for("en"), StorageError("odd")))


def test_storage_keeps_no_sentence_of_its_own() -> None:
    assert not hasattr(StorageError("odd"), "player_message")
    assert StorageFull("disk").code == "full"
