"""Call Break's rules: every option of docs/callbreak.md as one validated, immutable value.

Call Break has its own rules object beside Kachuful's :class:`engine.rules.Rules`; a
record names its game (``"game": "callbreak"``) and keeps only the fields that differ
from the defaults, as Kachuful's records do.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.errors import RulesError
from engine.rules import describe_validation_error

GAME: Final = "callbreak"
"""The value of a record's ``"game"`` field for Call Break."""
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 5
MAX_DEALS: Final = 50


class CallBreakRules(BaseModel):
    """One validated set of Call Break rules; the defaults are the common game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    deals: int = Field(default=5, ge=1, le=MAX_DEALS)
    """Deals in a match (5 by default; 3 is the common short match)."""
    min_call: Literal[1, 2] = 1
    max_call: Literal[8, 13] = 8
    must_head: bool = True
    """A player who follows suit must beat the best card in the trick when they can."""
    strict: bool = False
    """Extra tricks score nothing (instead of 0.1 each)."""

    @classmethod
    def from_options(cls, options: dict[str, Any] | None = None) -> CallBreakRules:
        """Rules from changed fields, with errors as :class:`RulesError`."""
        try:
            return cls.model_validate(options or {})
        except ValidationError as exc:
            raise RulesError(describe_validation_error(exc, cls.model_fields)) from None

    def changed_fields(self) -> dict[str, Any]:
        """Only the fields that differ from the defaults, as stored in records."""
        return self.model_dump(exclude_defaults=True)

    def check_players(self, players: int) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(
                f"Call Break needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
            )

    def max_players(self) -> int:
        """The largest table these rules seat (as Kachuful's rules answer it)."""
        return MAX_PLAYERS

    def hand_size(self, players: int) -> int:
        """13 cards for 4 players, 17 for 3 and 10 for 5 (the rest set aside unseen)."""
        self.check_players(players)
        return 52 // players

    def call_range(self, players: int) -> tuple[int, int]:
        """The lowest and highest call; never more than the tricks in a deal."""
        size = self.hand_size(players)
        return self.min_call, min(self.max_call, size)

    def score_tenths(self, call: int, tricks: int) -> int:
        """One player's score for one deal, in tenths of a point (4.2 is 42)."""
        if tricks < call:
            return -10 * call
        return 10 * call + (0 if self.strict else tricks - call)

    def summary(self) -> str:
        """The rules in one readable line: everything a table agrees on."""
        parts = [
            f"{self.deals} deals",
            "spades always trump",
            f"calls {self.min_call} to {self.max_call}",
            "must beat the trick when following" if self.must_head else "no need to head",
            "extra tricks score nothing" if self.strict else "0.1 a trick over the call",
        ]
        return " · ".join(parts)
