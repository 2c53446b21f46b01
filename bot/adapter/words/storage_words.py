"""Storage's refusals in the reader's language: storage names a ``code`` (with values
in ``params``), and every language words it alike."""

from __future__ import annotations

from typing import Final

from bot.storage import StorageError
from bot.storage.errors import StorageCode
from i18n import N_, Words

BY_CODE: Final[dict[StorageCode, str]] = {
    "save_failed": N_("The game's database could not save that. Nothing changed: please try "
                      "again."),
    "invalid_value": N_("That value can't be used. Nothing changed."),
    "game_not_found": N_("That game no longer exists."),
    "state_conflict": N_("That doesn't fit the game's current state. Nothing changed."),
    "busy": N_("The game's database is busy, so that was not saved and nothing changed. "
               "Please try again in a moment."),
    "full": N_("The bot's disk is full, so that was not saved and nothing changed. "
               "Please tell a server admin; try again later."),
    "unavailable": N_("The bot can't reach its database right now, so that was not "
                      "saved. Please try again later."),
    "game_open_here": N_("A game is already open in this channel."),
    "table_full": N_("This table is full ({seats} seats)."),
    "already_seated": N_("You already have a seat in this game."),
    "seated_elsewhere": N_("You are already playing or waiting in another game; finish or "
                           "leave it first."),
    "game_started": N_("This game has already started or ended."),
    "cannot_start": N_("Can't start: {reason}."),
    "game_ended": N_("This game has already ended."),
    "game_not_running": N_("This game is not running any more."),
    "move_out_of_date": N_("That move is out of date. Nothing changed."),
    "pad_open_here": N_("A score pad is already open in this channel."),
    "pad_changed": N_("That doesn't fit the score pad any more. Nothing changed."),
    "pad_ended": N_("This score pad has already ended."),
}
def storage_error_text(words: Words, error: StorageError) -> str:
    return words.t(BY_CODE[error.code], **error.params)
