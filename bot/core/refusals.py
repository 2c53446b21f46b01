"""Why the core turned a request down; the adapter puts it into words.

One type for every table, online games and score pads alike. A refusal changes
nothing. Its ``key`` names the reason and ``params`` fill in the
message (the words live with the adapter, so they can follow the reader's language).
"""

from __future__ import annotations

from typing import Literal

RefusalKey = Literal[
    "game_not_running", "not_in_game", "not_your_controls", "stale_controls",
    "move_already_made", "illegal_move", "storage", "lobby_closed", "already_seated",
    "seated_elsewhere", "table_full", "host_cannot_leave", "not_at_table",
    "join_to_add_computers", "no_computer_to_remove", "only_host_starts",
    "already_started", "need_players", "bad_level", "only_host_or_manager",
    "already_playing", "not_away", "game_over", "channel_has_game", "only_players_rematch",
    "only_the_asker", "only_host_closes_lobby", "only_managers_change_settings",
    "only_managers_reset", "record_elsewhere", "record_not_finished",
    # the score pad's
    "pad_closed", "pad_only_keeper", "pad_started", "pad_not_started", "pad_illegal",
    "pad_tricks_off", "pad_nothing_to_undo", "pad_need_players", "pad_table_full",
    "pad_already_seated", "pad_bad_name", "pad_not_your_row", "pad_no_deal", "pad_open_here",
    "pad_stale", "pad_nothing_scored",
]


class Refusal(Exception):
    def __init__(self, key: RefusalKey, **params: object) -> None:
        super().__init__(key)
        self.key: RefusalKey = key
        self.params = params

    def __repr__(self) -> str:
        return f"Refusal({self.key!r}, {self.params!r})"
