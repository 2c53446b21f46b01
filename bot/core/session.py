"""One game: its seats, its engine game and its lock.

A session is the core's memory of a game between steps. Everything in it can be
rebuilt from storage (rules + seed + actions, seats), which is what happens after
a restart.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Literal

from bot.core.seats import SeatState
from engine import Phase
from engine.kinds import AnyGame, AnyRules, GameKind, kind_of, simultaneous_bids
from engine.shuffle import CHANCE_VERSION

SessionStatus = Literal["lobby", "active", "finished", "cancelled"]


@dataclass
class GameSession:
    game_id: int
    guild_id: int
    channel_id: int
    host_id: int
    rules: AnyRules
    """Kachuful's or Call Break's: the game the table plays (see :attr:`kind`)."""
    seed: bytes
    turn_timeout: int
    seats: list[SeatState] = field(default_factory=list)
    status: SessionStatus = "lobby"
    game: AnyGame | None = None
    thread_id: int | None = None
    deal_start_counter: int = 0
    """The action count when the current deal's bidding opened (simultaneous bids)."""
    deadline: float | None = None
    """When the current turn times out (Unix seconds)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    announced_dm_fallback: set[int] = field(default_factory=set)
    told_channel_unwritable: bool = False
    """The players were told in DMs that the channel refuses the bot (told once: the
    adapter tries the channel again at each new deal, and may be refused again)."""
    shown_controls: set[int] = field(default_factory=set)
    """Seats whose hand message shows move controls now."""
    pings_due: dict[int, tuple[int, float]] = field(default_factory=dict)
    """Seat → (the turn counter it was noted on, when): pinged if still to move a little
    later (``bot.core.turn_pings``)."""
    rematch_of: int | None = None
    target_players: int | None = None
    """The table size asked for at ``start``: Start fills empty seats with computers."""
    chance_version: int = CHANCE_VERSION
    """How this game's seed becomes cards (a stored game keeps the version it began with)."""
    progress_owed: bool = False
    """Shared database: a step marked the game as owing progress (see
    ``bot.core.shared_timers``); the next stored deadlines clear the mark."""
    showing_owed: bool = False
    """A step of this process marked the game as owing its showing (or it claimed
    the mark): the step's effects end with a ``ConfirmShown``."""
    finish_pending: bool = False
    """The game is over but its end is not recorded yet (a failed save, retried)."""
    rating_changes: tuple[int | None, ...] = ()
    """Per seat, how the person's shown skill rating moved with this game, once it is
    recorded (``None``: a computer, or a game that is not rated)."""

    @property
    def kind(self) -> GameKind:
        return kind_of(self.rules)

    @property
    def is_active(self) -> bool:
        return self.status == "active" and self.game is not None

    def still_at(self, counter: int) -> bool:
        """Whether the game is active and still at move ``counter`` (nobody has moved
        since a timer was set for it)."""
        return self.is_active and self.game is not None and self.game.action_count == counter

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.left:
                return index
        return None

    def humans(self) -> list[int]:
        """User ids of the people still playing."""
        return [s.user_id for s in self.seats if s.user_id is not None and not s.left]

    def present_humans(self) -> list[int]:
        """Seats of the people still playing."""
        return [i for i, seat in enumerate(self.seats) if seat.is_present_human]

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def lobby_capacity(self) -> int:
        return self.target_players or self.rules.max_players()

    def control_counter(self, seat: int) -> int:
        """The turn counter written into ``seat``'s controls now.

        In turn, it is the number of actions so far, so any other action makes old
        buttons stale. Simultaneous bids all count from the deal's start, so one
        player's bid does not invalidate another's buttons.
        """
        game = self.game
        if game is None:
            return 0
        if game.phase is Phase.BIDDING and simultaneous_bids(game.rules):
            return self.deal_start_counter
        return game.action_count

    def awaiting_humans(self) -> list[int]:
        """Seats of people the game is waiting for (not played by the bot)."""
        if self.game is None or self.status != "active":
            return []
        return [s for s in self.game.awaiting() if not self.seats[s].plays_itself]

    def awaiting_bots(self) -> list[int]:
        if self.game is None or self.status != "active":
            return []
        return [s for s in self.game.awaiting() if self.seats[s].plays_itself]
