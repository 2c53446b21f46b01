"""The one inbound error handler: every refusal and every storage fault gets its own
sentence, in each of the four languages."""

from __future__ import annotations

from typing import get_args

import pytest
from discord import app_commands

from bot.adapter.inbound.errors import NOT_OURS, OUR_FAULT, failure_text
from bot.adapter.words.custom_ids import BadComponent
from bot.adapter.words.refusal_words import REFUSALS, UNKNOWN
from bot.adapter.words.storage_words import BY_CODE
from bot.core.refusals import Refusal, RefusalKey
from bot.storage import StorageError
from bot.storage.errors import StorageCode
from i18n import words_for
from i18n.languages import LANGUAGES
from i18n.maintain import placeholders

KEYS = get_args(RefusalKey)
WORDED_APART = {"storage", "pad_tricks_off"}


def refusal_of(key: RefusalKey) -> Refusal:
    if key == "pad_tricks_off":
        return Refusal(key, total=7, size=5, off=2, more=True)
    if key == "storage":
        return Refusal(key, error=StorageError("disk on fire"))
    return Refusal(key, **{name: "7" for name in placeholders(REFUSALS[key])})


def test_every_refusal_key_has_a_sentence() -> None:
    assert set(REFUSALS) | WORDED_APART == set(KEYS)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_each_refusal_is_worded_in_each_language(language: str, key: RefusalKey) -> None:
    words = words_for(language)
    text = failure_text(words, refusal_of(key))
    assert text
    assert "{" not in text
    assert text != words.t(UNKNOWN)
    if language != "en" and key != "pad_illegal":
        assert text != failure_text(words_for("en"), refusal_of(key)), "not translated"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", get_args(StorageCode))
def test_each_storage_fault_is_worded_in_each_language(language: str, code: StorageCode) -> None:
    def fault() -> StorageError:
        values = {name: "7" for name in placeholders(BY_CODE[code])}
        return StorageError("technical detail", code=code, **values)

    words = words_for(language)
    text = failure_text(words, fault())
    assert text and "technical detail" not in text and "{" not in text
    if language != "en":
        assert text != failure_text(words_for("en"), fault()), "not translated"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wrapped_command_error_is_answered_as_its_cause(language: str) -> None:
    words = words_for(language)
    wrapped = app_commands.CommandInvokeError.__new__(app_commands.CommandInvokeError)
    wrapped.original = Refusal("only_host_starts")
    assert failure_text(words, wrapped) == failure_text(words, Refusal("only_host_starts"))


def test_a_forged_control_and_a_bug_get_their_own_answers() -> None:
    words = words_for("hi")
    assert failure_text(words, BadComponent("forged")) == words.t(NOT_OURS)
    assert failure_text(words, RuntimeError("bug")) == words.t(OUR_FAULT)
    assert words.t(NOT_OURS) != NOT_OURS and words.t(OUR_FAULT) != OUR_FAULT
