"""A seat at the table as the core keeps it between steps."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class SeatState:
    """A seat: a person, or a computer player."""

    name: str
    user_id: int | None = None
    level: str | None = None
    """The computer player's level: set for computer seats, and for a person who left."""
    dms_closed: bool = False
    autoplay: bool = False
    """The computer plays for this person (three timeouts in a row) until "I'm back"."""
    missed_turns: int = 0
    left: bool = False
    looked: bool = False
    """Whether the player has seen this deal's hand (a blind bid is only offered before)."""
    deadline_saved: bool = False
    """The database holds this seat's turn deadline (see ``TurnTimers``)."""
    turn_deadline: float | None = None
    """On a shared database: the seat's stored turn deadline (Unix seconds)."""

    @property
    def is_present_human(self) -> bool:
        """A person still in the game (who gets hand messages)."""
        return self.user_id is not None and not self.left

    @property
    def plays_itself(self) -> bool:
        """The bot moves for this seat: a computer, an absent or departed person."""
        return self.user_id is None or self.autoplay or self.left
