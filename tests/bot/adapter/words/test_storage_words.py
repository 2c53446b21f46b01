"""Storage's refusals reach players in their language."""

from __future__ import annotations

from bot.adapter.words.storage_words import storage_error_text
from bot.storage import GameStateConflict, StorageError, StorageFull
from i18n import words_for


def test_english_keeps_storage_own_sentence_with_its_detail() -> None:
    error = GameStateConflict("technical", player_message="Can't start: 2 players.")
    assert storage_error_text(words_for("en"), error) == "Can't start: 2 players."


def test_other_languages_get_the_sentence_of_its_kind() -> None:
    hindi = words_for("hi")
    full = storage_error_text(hindi, StorageFull("disk"))
    assert full and full != StorageFull("disk").player_message
    assert any("\u0900" <= ch <= "\u097f" for ch in full), "written in Devanagari"
    generic = storage_error_text(hindi, StorageError("odd"))
    assert generic not in (full, StorageError("odd").player_message)
