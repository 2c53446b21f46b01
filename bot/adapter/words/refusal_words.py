"""Every refusal of the core in the reader's language: one table of sentences for
online games and score pads alike."""

from __future__ import annotations

from typing import Final

from bot.adapter.words.storage_words import storage_error_text
from bot.core.refusals import Refusal, RefusalKey
from bot.storage import StorageError
from engine import IllegalAction
from i18n import N_, Words
from i18n.illegal_moves import illegal_move_text

REFUSALS: Final[dict[RefusalKey, str]] = {
    "game_not_running": N_("This game has finished or is no longer running."),
    "not_in_game": N_("You're not playing in this game."),
    "not_your_controls": N_("Those are another player's controls."),
    "stale_controls": N_("That button is from an earlier turn — use your newest controls."),
    "move_already_made": N_("That move was already made — nothing changed."),
    "illegal_move": N_("That move isn't allowed now: {text}"),
    "lobby_closed": N_("This lobby is closed."),
    "already_seated": N_("You're already seated at this table."),
    "seated_elsewhere": N_("You're already seated in another unfinished game: finish or "
                           "leave it first."),
    "table_full": N_("This table is full."),
    "host_cannot_leave": N_("You're the host: use **Cancel** to close the lobby."),
    "not_at_table": N_("You're not seated at this table."),
    "join_to_add_computers": N_("Join the table to add computer players."),
    "no_computer_to_remove": N_("There is no computer player to remove."),
    "only_host_starts": N_("Only the host can start the game."),
    "already_started": N_("This game has already started."),
    "need_players": N_("A game needs 3 to {most} players; add computer players to fill the "
                       "table."),
    "bad_level": N_("Pick a level from the menu."),
    "only_host_or_manager": N_("Only the host or someone with Manage Server can cancel."),
    "already_playing": N_("You're already playing yourself."),
    "not_away": N_("You're already playing yourself."),
    "game_over": N_("This game is over."),
    "channel_has_game": N_("This channel already has a game open."),
    "only_players_rematch": N_("Only the players of that game can start its rematch."),
    "only_the_asker": N_("Only the person who asked can confirm this."),
    "only_host_closes_lobby": N_("Only the host or a server manager can cancel the lobby."),
    "only_managers_change_settings": N_("Only someone with Manage Server can change the "
                                        "settings."),
    "only_managers_reset": N_("Only someone with Manage Server can reset the leaderboard."),
    "record_elsewhere": N_("That game was played in another server."),
    "record_not_finished": N_("A game's record is available once it has finished (it shows "
                              "every hand)."),
    # the score pad's
    "pad_closed": N_("This score pad is closed."),
    "pad_only_keeper": N_("Only the score keeper can do that."),
    "pad_started": N_("The first deal has started: the seats can't change now."),
    "pad_not_started": N_("The keeper hasn't started the first deal yet."),
    "pad_illegal": N_("That doesn't fit the score pad: {text}"),
    "pad_nothing_to_undo": N_("There's nothing to undo."),
    "pad_need_players": N_("A score pad needs 3 to {most} players."),
    "pad_table_full": N_("The table is full ({most} seats)."),
    "pad_already_seated": N_("You're already at this table."),
    "pad_bad_name": N_("A name has 1 to {most} characters."),
    "pad_not_your_row": N_("Only that player or the score keeper can enter this."),
    "pad_no_deal": N_("That can't be done at this point of the deal."),
    "pad_nothing_scored": N_("Score at least one deal before finishing."),
    "pad_open_here": N_("This channel already has a score pad open."),
    "pad_stale": N_("Those buttons belong to an earlier deal: use the pad's latest message."),
}
"""Every key but ``storage`` (worded from its error) and ``pad_tricks_off`` (two
sentences, by the sign of the difference)."""
UNKNOWN: Final = N_("That can't be done now. Nothing changed.")


def refusal_text(words: Words, refusal: Refusal) -> str:
    params = refusal.params
    error = params.get("error")
    if refusal.key == "storage" and isinstance(error, StorageError):
        return storage_error_text(words, error)
    if refusal.key == "illegal_move" and isinstance(error, IllegalAction):
        return illegal_move_text(words, error)
    if refusal.key == "pad_tricks_off":
        sentence = (N_("Those tricks add up to {total}: {off} more than the {size} in this deal.")
                    if params.get("more") else
                    N_("Those tricks add up to {total}: {off} fewer than the {size} in this "
                       "deal."))
        return words.t(sentence, total=params["total"], off=params["off"], size=params["size"])
    template = REFUSALS.get(refusal.key)
    if template is None:
        return words.t(UNKNOWN)
    return words.t(template, **params)
