"""Catches catalogue text put into another entry's placeholder.

While :func:`tracing` is active, ``Words.t`` and ``Words.n`` return their text tagged
with the entry it came from. When tagged text is passed as a placeholder's value to
another entry, the pair is recorded: the outer entry, the placeholder, the inner entry
and its text. Joining texts with ``", ".join`` or an f-string makes plain strings, so
only text handed whole to another entry is caught: exactly a sentence built from parts.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from i18n import Words


class Said(str):
    msgid: str


@dataclass(frozen=True)
class Embedding:
    outer: str
    placeholder: str
    inner: str
    text: str


def _tag(text: str, msgid: str) -> Said:
    said = Said(text)
    said.msgid = msgid
    return said


@contextmanager
def tracing(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[Embedding]]:
    found: set[Embedding] = set()
    plain_t, plain_n = Words.t, Words.n

    def note(outer: str, params: dict[str, Any]) -> None:
        for name, value in params.items():
            if isinstance(value, Said):
                found.add(Embedding(outer, name, value.msgid, str(value)))

    def t(self: Words, message: str, **params: Any) -> str:
        note(message, params)
        return _tag(plain_t(self, message, **params), message)

    def n(self: Words, singular: str, plural: str, count: int, **params: Any) -> str:
        note(singular, params)
        return _tag(plain_n(self, singular, plural, count, **params), singular)

    monkeypatch.setattr(Words, "t", t)
    monkeypatch.setattr(Words, "n", n)
    yield found
