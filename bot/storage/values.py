"""Checks and conversions for the values storage accepts: ids, names, times, rules.

Everything from Discord is checked here before it reaches SQL (where it is always a
bound parameter), so bad input is refused with a clear :class:`InvalidValue`.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Final

from bot.storage.errors import InvalidValue
from engine import CallBreakRules, KachufulError, Rules
from engine.kinds import AnyRules, kind_named
from engine.shuffle import check_chance_version as engine_chance_version
from engine.shuffle import normalize_seed

MAX_ID: Final = (1 << 63) - 1
"""SQLite integers are signed 64-bit; Discord snowflakes fit below this."""
MAX_NAME_LENGTH: Final = 100
MIN_TURN_TIMEOUT: Final = 15
MAX_TURN_TIMEOUT: Final = 24 * 60 * 60
MAX_SEATS: Final = 8


def check_id(what: str, value: object) -> int:
    """A Discord id or game id: a positive integer that fits SQLite's INTEGER."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_ID:
        raise InvalidValue(f"{what} must be a positive integer id, not {value!r}")
    return value


def check_optional_id(what: str, value: object) -> int | None:
    return None if value is None else check_id(what, value)


def check_name(value: object) -> str:
    """A display name as shown at the table: 1 to 100 characters after trimming."""
    if not isinstance(value, str):
        raise InvalidValue(f"a display name must be text, not {value!r}")
    name = value.strip()
    if not name:
        raise InvalidValue("a display name can't be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidValue(f"a display name has at most {MAX_NAME_LENGTH} characters")
    return name


def check_turn_timeout(value: object) -> int:
    """Seconds a player has per turn: 15 seconds to 24 hours."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not MIN_TURN_TIMEOUT <= value <= MAX_TURN_TIMEOUT
    ):
        raise InvalidValue(
            f"a turn timeout is {MIN_TURN_TIMEOUT} to {MAX_TURN_TIMEOUT} whole seconds, "
            f"not {value!r}"
        )
    return value


def check_seat_index(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SEATS:
        raise InvalidValue(f"a seat is a number from 0 to {MAX_SEATS - 1}, not {value!r}")
    return value


def to_epoch(moment: datetime) -> int:
    """Unix seconds of an aware datetime (stored to the second)."""
    if not isinstance(moment, datetime):
        raise InvalidValue(f"a time must be a datetime, not {moment!r}")
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise InvalidValue("a time must carry its time zone (use datetime.now(UTC))")
    return int(moment.timestamp())


def to_optional_epoch(moment: datetime | None) -> int | None:
    return None if moment is None else to_epoch(moment)


def from_epoch(seconds: int | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


def now_or(moment: datetime | None) -> int:
    """The caller's "now" (tests control time) or the clock's, as Unix seconds."""
    return to_epoch(datetime.now(UTC) if moment is None else moment)


def check_flag(name: str, value: object) -> int:
    """A yes/no value, as SQLite's 0/1."""
    if not isinstance(value, bool):
        raise InvalidValue(f"{name} is true or false, not {value!r}")
    return int(value)


def rules_to_json(rules: AnyRules) -> str:
    """The rules as stored: only the fields that differ from the defaults (Kachuful's
    ``classic``, or Call Break's); the game they are for is stored beside them."""
    if not isinstance(rules, Rules | CallBreakRules):
        raise InvalidValue(f"rules must be an engine Rules value, not {rules!r}")
    return json.dumps(rules.changed_fields(), sort_keys=True, separators=(",", ":"))


def rules_from_json(text: str) -> Rules:
    return Rules.from_options(json.loads(text))


def game_rules_from_json(text: str, game: str) -> AnyRules:
    """A stored game's rules, read as the rules of its game (``kachuful``, ``callbreak``)."""
    return kind_named(game).rules_from_json(text)


def seed_to_hex(seed: bytes | int | str) -> str:
    """A game's seed as stored: 64 hex digits."""
    try:
        return normalize_seed(seed).hex()
    except KachufulError as exc:
        raise InvalidValue(str(exc)) from None


def check_chance_version(version: object) -> int:
    """A version of the seed-to-cards algorithm that this engine can deal with."""
    try:
        return engine_chance_version(version)
    except KachufulError as exc:
        raise InvalidValue(str(exc)) from None
