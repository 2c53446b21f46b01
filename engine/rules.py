"""The rules model: every option of RULES.md as one validated, immutable value.

A game stores its rules with it, so a finished game replays under the same rules.
Field names and values are part of the record format (``kachuful-record/1``): the
record keeps only the fields that differ from ``classic``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.cards import Suit
from engine.errors import RulesError
from engine.rules_text import SCHEDULE_TEXT, SCORING_TEXT, TRUMP_TEXT, ZERO_TEXT

Schedule = Literal["down-up", "up-down", "down", "up"]
TrumpMode = Literal["cycle", "cycle-no-trump", "turn-up", "none", "no-trump-one-card"]
Bidding = Literal["in-turn", "simultaneous"]
Scoring = Literal[
    "classic",
    "ten-times",
    "trick-plus-bonus",
    "penalty-per-trick",
    "judgement",
    "quadratic",
    "ten-per-trick",
]
ZeroBidReward = Literal["formula", "five", "five-plus-cards"]

MIN_PLAYERS: Final = 3
MAX_PLAYERS_CLASSIC: Final = 7
MAX_PLAYERS_OPTION: Final = 8
ZERO_LIMIT_MIN_PLAYERS: Final = 5
ZERO_LIMIT_RUN: Final = 5
"""With the zero-bid limit, nobody may bid 0 in more than this many deals in a row."""

_CYCLE: Final = (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS)


class Rules(BaseModel):
    """One validated, immutable set of game rules; the defaults are ``classic``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    allow_eight_players: bool = False
    """RULES.md allows 8 players as an option (the largest hand is then 6)."""
    max_hand: int | None = Field(default=None, ge=1, le=17)
    """The largest hand; ``None`` means ``floor(52 / players)``."""
    schedule: Schedule = "down-up"
    trump: TrumpMode = "cycle"
    hook: bool = True
    bidding: Bidding = "in-turn"
    scoring: Scoring = "classic"
    zero_bid_reward: ZeroBidReward = "formula"
    zero_bid_limit: bool = False
    blind_bids: bool = False
    one_card_blind: bool = False

    @model_validator(mode="after")
    def _combinations_make_sense(self) -> Rules:
        if self.hook and self.bidding == "simultaneous":
            raise ValueError(
                "the hook rule needs bids in turn (the dealer must see the others' bids): "
                "set hook to false, or bidding to in-turn"
            )
        return self

    # --- construction ------------------------------------------------------------

    @classmethod
    def from_options(cls, options: dict[str, Any] | None = None, preset: str = "classic") -> Rules:
        """Rules from a preset plus changed fields, with errors as :class:`RulesError`."""
        base = preset_rules(preset).model_dump()
        base.update(options or {})
        try:
            return cls.model_validate(base)
        except ValidationError as exc:
            raise RulesError(describe_validation_error(exc)) from None

    def changed_fields(self) -> dict[str, Any]:
        """Only the fields that differ from ``classic``, as stored in records."""
        return self.model_dump(exclude_defaults=True)

    # --- what the rules imply for a number of players ---------------------------

    def max_players(self) -> int:
        return MAX_PLAYERS_OPTION if self.allow_eight_players else MAX_PLAYERS_CLASSIC

    def check_players(self, players: int) -> None:
        """Raise :class:`RulesError` when these rules cannot seat ``players``."""
        top = self.max_players()
        if not MIN_PLAYERS <= players <= top:
            hint = "" if self.allow_eight_players or players != 8 else (
                " (8 players need allow_eight_players)"
            )
            raise RulesError(f"Kachuful needs {MIN_PLAYERS} to {top} players, not {players}{hint}")
        largest = 52 // players
        if self.max_hand is not None and self.max_hand > largest:
            raise RulesError(
                f"a largest hand of {self.max_hand} is too big for {players} players: "
                f"52 cards give each at most {largest}; set max_hand to {largest} or less"
            )

    def largest_hand(self, players: int) -> int:
        """``H``: the fixed ``max_hand`` or ``floor(52 / players)``."""
        self.check_players(players)
        return self.max_hand if self.max_hand is not None else 52 // players

    def hand_sizes(self, players: int) -> tuple[int, ...]:
        """The whole schedule of hand sizes, fixed before the first deal."""
        top = self.largest_hand(players)
        down = tuple(range(top, 0, -1))
        up = tuple(range(1, top + 1))
        if self.schedule == "down-up":
            return down + up[1:]
        if self.schedule == "up-down":
            return up + down[1:]
        if self.schedule == "down":
            return down
        return up

    def zero_bid_limit_applies(self, players: int) -> bool:
        """The zero-bid limit is a rule for tables of five or more."""
        return self.zero_bid_limit and players >= ZERO_LIMIT_MIN_PLAYERS

    def cycle_trump(self, deal_number: int, hand_size: int) -> Suit | None:
        """Trump set by the deal number (1-based) — every mode but ``turn-up``.

        The cycle counts deals, so it does not restart at the one-card turning point.
        """
        mode = self.trump
        if mode == "none":
            return None
        if mode == "cycle-no-trump":
            position = (deal_number - 1) % 5
            return None if position == 4 else _CYCLE[position]
        if mode == "no-trump-one-card" and hand_size == 1:
            return None
        if mode == "turn-up":
            raise RulesError("with turn-up trump, the trump comes from the turned card")
        return _CYCLE[(deal_number - 1) % 4]

    def summary(self) -> str:
        """The rules in one readable line, for lobbies and `/kachuful rules`: everything
        that differs from a plain game."""
        hand = "largest hand" if self.max_hand is None else f"{self.max_hand} cards"
        schedule = SCHEDULE_TEXT[self.schedule].replace("the largest hand", hand)
        schedule = schedule.replace("largest hand", hand)
        parts = [schedule, TRUMP_TEXT[self.trump]]
        if self.bidding == "simultaneous":
            parts.append("bids revealed together")
        parts.append("hooked dealer" if self.hook else "no hook")
        parts.append(SCORING_TEXT[self.scoring])
        if ZERO_TEXT[self.zero_bid_reward]:
            parts.append(ZERO_TEXT[self.zero_bid_reward])
        if self.zero_bid_limit:
            parts.append("no more than 5 zero bids in a row (5+ players)")
        if self.blind_bids:
            parts.append("blind bids score double")
        if self.one_card_blind:
            parts.append("one-card deal played blind")
        if self.allow_eight_players:
            parts.append("up to 8 players")
        return " · ".join(parts)


PRESETS: Final[dict[str, Rules]] = {
    "classic": Rules(),
    "judgement": Rules(scoring="judgement"),
    "oh-hell": Rules(trump="turn-up", scoring="trick-plus-bonus"),
    "short": Rules(max_hand=5, schedule="down-up"),
    "one-to-seven": Rules(max_hand=7, schedule="up-down"),
}
"""Named rule sets a lobby offers; ``classic`` is the default profile of RULES.md."""

PRESET_DESCRIPTIONS: Final[dict[str, str]] = {
    "classic": "RULES.md's default: largest hand down to 1 and back, ♠♦♣♥ trump, hooked dealer",
    "judgement": "classic deals, +10 for an exact bid and −10 for a miss",
    "oh-hell": "trump from the turned-up card, 1 point a trick + 10 for an exact bid",
    "short": "a quick game: 5 cards down to 1 and back up to 5",
    "one-to-seven": "the common table standard: 1 card up to 7 and back down to 1",
}


def preset_rules(name: str) -> Rules:
    """The rules of a named preset; unknown names list the known ones."""
    try:
        return PRESETS[name.strip().lower()]
    except (KeyError, AttributeError):
        known = ", ".join(PRESETS)
        raise RulesError(f"no preset called {name!r}: choose one of {known}") from None


def describe_validation_error(
    exc: ValidationError, known_fields: Iterable[str] | None = None
) -> str:
    """Turn pydantic's report into one line a player or admin can act on
    (``known_fields``: the options to list for a misspelt one; Kachuful's by default)."""
    parts = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"])
        message = str(error["msg"])
        if message.startswith("Value error, "):
            message = message[len("Value error, ") :]
        if error["type"] == "extra_forbidden":
            known = ", ".join(Rules.model_fields if known_fields is None else known_fields)
            message = f"is not a rules option (options: {known})"
        elif error["type"] == "literal_error":
            message = message.replace("Input should be", "should be")
        parts.append(f"{where} {message}" if where else message)
    return "; ".join(parts)
