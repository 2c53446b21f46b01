"""The storage tests' fixtures live in ``tests/conftest.py`` (the game core's tests
share them); the names the test modules import are kept here."""

from __future__ import annotations

from tests.bot.storage.postgres_server import Location
from tests.conftest import OpenStorage

__all__ = ["Location", "OpenStorage"]
