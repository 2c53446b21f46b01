"""The storage tests' fixtures live in ``tests/conftest.py`` (the game core's tests
share them); the names the test modules import are kept here."""

from __future__ import annotations

from tests.conftest import OpenStorage
from tests.storage.postgres_server import Location

__all__ = ["Location", "OpenStorage"]
