"""Storage's portable SQL in PostgreSQL's parameter style.

The shared modules write ``?`` (positional) or ``:name`` (named) parameters, as
SQLite takes them; asyncpg takes ``$1, $2…``. Quoted text, comments and ``::`` casts
are left alone.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any, Final

from bot.storage.backend import Params

_TOKENS: Final = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|--[^\n]*|::|\?|:([A-Za-z_]\w*)")


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> tuple[str, tuple[str, ...] | None]:
    """The statement with ``$n`` parameters, and the names in their order (``None``
    when it used ``?``)."""
    names: list[str] = []
    positional = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal positional
        token = match.group(0)
        if token == "?":
            positional += 1
            return f"${positional}"
        name = match.group(1)
        if name is None:
            return token
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    converted = _TOKENS.sub(replace, sql)
    if positional and names:
        raise ValueError("a statement mixes ? and :name parameters")
    return converted, (tuple(names) if names else None)


def bind(sql: str, params: Params) -> tuple[str, Sequence[Any]]:
    """The asyncpg statement and its arguments."""
    converted, names = numbered(sql)
    if isinstance(params, dict):
        return converted, [params[name] for name in names or ()]
    return converted, params
