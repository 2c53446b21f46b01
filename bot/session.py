"""One game per channel: its seats, its engine game and its lock.

A session is the bot's memory of a game between interactions. Everything in it can
be rebuilt from storage (rules + seed + actions, seats, message ids), which is what
happens after a restart.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Literal

from engine import Game, Phase, Rules

SessionStatus = Literal["lobby", "active", "finished", "cancelled"]


@dataclass
class SeatState:
    """A seat at the table: a person, or a computer player."""

    name: str
    user_id: int | None = None
    level: str | None = None
    """The computer player's level: set for computer seats, and for a person who left."""
    dms_closed: bool = False
    autoplay: bool = False
    """The computer plays for this person (three timeouts in a row) until "I'm back"."""
    missed_turns: int = 0
    left: bool = False
    dm_channel_id: int | None = None
    dm_message_id: int | None = None
    """This deal's DM with the hand picture and controls."""
    ping_message_id: int | None = None
    looked: bool = False
    """Whether the player has seen this deal's hand (a blind bid is only offered before)."""
    deadline_saved: bool = False
    """The database holds this seat's turn deadline (see ``TurnTimers``)."""

    @property
    def is_human(self) -> bool:
        return self.user_id is not None

    @property
    def plays_itself(self) -> bool:
        """The bot moves for this seat: a computer, an absent or departed person."""
        return self.user_id is None or self.autoplay or self.left

    def label(self) -> str:
        return self.name


@dataclass
class GameSession:
    game_id: int
    guild_id: int
    channel_id: int
    host_id: int
    rules: Rules
    seed: bytes
    turn_timeout: int
    seats: list[SeatState] = field(default_factory=list)
    status: SessionStatus = "lobby"
    game: Game | None = None
    thread_id: int | None = None
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    deal_start_counter: int = 0
    """The action count when the current deal's bidding opened (simultaneous bids)."""
    deadline: float | None = None
    """When the current turn times out (Unix seconds)."""
    consecutive_timeouts: dict[int, int] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    announced_dm_fallback: set[int] = field(default_factory=set)
    shown_controls: set[int] = field(default_factory=set)
    """Seats whose hand message shows move controls now."""
    rematch_of: int | None = None
    target_players: int | None = None
    """The table size asked for at ``start``: Start fills empty seats with computers."""

    @property
    def table_channel_id(self) -> int:
        """Where the table is shown: the game's thread, or the lobby channel."""
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.left:
                return index
        return None

    def humans(self) -> list[int]:
        """User ids of the people still playing."""
        return [s.user_id for s in self.seats if s.user_id is not None and not s.left]

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def control_counter(self, seat: int) -> int:
        """The turn counter written into ``seat``'s controls now.

        In turn, it is the number of actions so far, so any other action makes old
        buttons stale. Simultaneous bids all count from the deal's start, so one
        player's bid does not invalidate another's buttons.
        """
        game = self.game
        if game is None:
            return 0
        if game.phase is Phase.BIDDING and game.rules.bidding == "simultaneous":
            return self.deal_start_counter
        return game.action_count

    def awaiting_humans(self) -> list[int]:
        """Seats of people the game is waiting for (not played by the bot)."""
        if self.game is None:
            return []
        return [s for s in self.game.awaiting() if not self.seats[s].plays_itself]

    def awaiting_bots(self) -> list[int]:
        if self.game is None:
            return []
        return [s for s in self.game.awaiting() if self.seats[s].plays_itself]
