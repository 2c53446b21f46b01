"""Storage's refusals in the reader's language.

Storage writes its ``player_message`` in English, sometimes with detail ("Can't start:
…"). English readers get that sentence as it is; others get the sentence of its kind
from the catalogues."""

from __future__ import annotations

from typing import Final

from bot.storage import (
    GameNotFound,
    GameStateConflict,
    InvalidValue,
    StorageBusy,
    StorageError,
    StorageFull,
    StorageUnavailable,
)
from i18n import N_, Words

TRY_AGAIN: Final = N_("The game's database could not save that. Nothing changed: please try "
                      "again.")
BY_KIND: Final[dict[type[StorageError], str]] = {
    InvalidValue: N_("That value can't be used. Nothing changed."),
    GameNotFound: N_("That game no longer exists."),
    GameStateConflict: N_("That doesn't fit the game's current state. Nothing changed."),
    StorageBusy: N_("The game's database is busy, so that was not saved and nothing changed. "
                    "Please try again in a moment."),
    StorageFull: N_("The bot's disk is full, so that was not saved and nothing changed. "
                    "Please tell a server admin; try again later."),
    StorageUnavailable: N_("The bot can't reach its database right now, so that was not "
                           "saved. Please try again later."),
}


def storage_error_text(words: Words, error: StorageError) -> str:
    if words.language == "en":
        return error.player_message
    for kind in type(error).__mro__:
        if kind in BY_KIND:
            return words.t(BY_KIND[kind])
    return words.t(TRY_AGAIN)
