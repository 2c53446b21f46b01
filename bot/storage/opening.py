"""Opening the storage the settings choose: PostgreSQL when a database URL is set,
otherwise the SQLite file (the embedded default)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from pydantic import SecretStr

from bot.storage.models import Durability
from bot.storage.store import Storage


class StorageSettings(Protocol):
    """The settings that choose the database (``bot.settings.Settings`` has them)."""

    @property
    def database_url(self) -> SecretStr | None: ...

    @property
    def database_path(self) -> Path: ...

    @property
    def database_durability(self) -> Durability: ...


async def open_storage(settings: StorageSettings) -> Storage:
    """``Storage.connect(DATABASE_URL)`` if it is set, else ``Storage.open(DATABASE_PATH)``."""
    if settings.database_url is not None:
        return await Storage.connect(settings.database_url.get_secret_value())
    return await Storage.open(settings.database_path, durability=settings.database_durability)
