"""Bot settings from the environment or ``.env`` (pydantic-settings).

A missing or malformed setting stops start-up with one line that names it and says
how to fix it; the token is a secret and never appears in logs or messages.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

EXAMPLE_TOKEN: Final = "your-bot-token-here"
"""The placeholder in ``.env.example``; refused so a copied example fails clearly."""

DEFAULT_DATABASE_PATH: Final = Path("data/kachuful.db")

MIN_TURN_TIMEOUT: Final = 15
MAX_TURN_TIMEOUT: Final = 24 * 60 * 60

DEFAULT_WORK_SLOTS: Final = 8
MAX_WORK_SLOTS: Final = 256
MAX_SHARDS: Final = 1024
DEFAULT_GLOBAL_RATE: Final = 50
"""Discord's global limit: requests a second with the bot token, all processes together."""
MAX_GLOBAL_RATE: Final = 10_000
DEFAULT_TABLE_PACE: Final = 10
MIN_TABLE_PACE: Final = 1
MAX_TABLE_PACE: Final = 60

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


class SettingsError(Exception):
    """A setting is missing or wrong; the message is one line for the operator."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", frozen=True
    )

    discord_token: SecretStr
    database_path: Path = DEFAULT_DATABASE_PATH
    database_url: SecretStr | None = None
    """``postgresql://user:password@host:port/database``: keep the games in PostgreSQL
    (several bot processes can share it) instead of the SQLite file. Secret: it may
    hold a password."""
    database_durability: Literal["NORMAL", "FULL"] = "NORMAL"
    """NORMAL loses nothing when the bot crashes; FULL also survives a power cut, at
    about one disk sync (a few ms) per move."""
    dev_guild_id: int | None = None
    log_level: LogLevel = "INFO"
    turn_timeout: int = Field(
        default=300, ge=MIN_TURN_TIMEOUT, le=MAX_TURN_TIMEOUT, alias="DEFAULT_TURN_TIMEOUT"
    )
    """Seconds a player has for a move unless the server or game sets another."""
    status_path: Path | None = None
    """Where to write the health status file the Docker HEALTHCHECK reads."""
    work_slots: int = Field(default=DEFAULT_WORK_SLOTS, ge=1, le=MAX_WORK_SLOTS)
    """Game steps (a move and its messages, a table edit) that run at once, bot-wide.

    Clicks are acknowledged before their work starts. Without a bound, a burst of
    moves from many games fills the event loop with their rendering and requests, and
    every new click waits behind all of it before its acknowledgement goes out
    (Discord fails an interaction not answered within 3 s). With a few slots the loop
    stays short: acknowledgements go out at once and the work queues in order. More
    slots help only when steps spend long waiting on Discord (rate limits)."""

    discord_global_rate: int = Field(default=DEFAULT_GLOBAL_RATE, ge=1, le=MAX_GLOBAL_RATE)
    """Requests a second Discord lets the bot make with its token, for all its processes
    together (50 unless Discord granted more). Every process on one PostgreSQL database
    shares this one budget (``bot/adapter/outbound/budget.py``)."""

    table_pace_seconds: int = Field(default=DEFAULT_TABLE_PACE, ge=MIN_TABLE_PACE,
                                    le=MAX_TABLE_PACE)
    """Seconds at least between two edits of a table message for ordinary moves (bids,
    cards); a trick won or the bidding over is shown within 5 s, a deal's end at once.
    Each edit is a request of the bot token's budget: a slower pace carries more tables."""

    shard_count: int | None = Field(default=None, ge=1, le=MAX_SHARDS)
    """How many gateway shards the bot runs as a whole. Alone (several identical
    processes on PostgreSQL), the processes share the shards among themselves."""
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    """``0,1``: this process runs exactly these shards (with ``SHARD_COUNT``)."""

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    @property
    def shares_database(self) -> bool:
        """Other bot processes may write the same games: catch up before each step,
        keep turn deadlines in the database, load games when first touched."""
        return self.database_url is not None or self.sharded

    @field_validator("shard_count", mode="before")
    @classmethod
    def _blank_count_is_none(cls, value: object) -> object:
        return None if _blank(value) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        if value is None or _blank(value):
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return (value,)
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",")]
            if not all(part.isdigit() for part in parts):
                raise ValueError(f"is {value!r}, not a comma list of shard numbers like 0,1")
            return tuple(int(part) for part in parts)
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT: set SHARD_COUNT to the "
                                 "number of shards of the whole bot")
            wrong = [shard for shard in self.shard_ids if shard >= self.shard_count]
            if wrong or len(set(self.shard_ids)) != len(self.shard_ids):
                raise ValueError(f"SHARD_IDS must name different shards from 0 to "
                                 f"{self.shard_count - 1}, not {self.shard_ids}")
        elif self.shard_count is not None and self.database_url is None:
            raise ValueError("SHARD_COUNT alone shares the shards through PostgreSQL: set "
                             "DATABASE_URL, or pin this process with SHARD_IDS")
        return self

    @field_validator("discord_token")
    @classmethod
    def _real_token(cls, token: SecretStr) -> SecretStr:
        value = token.get_secret_value().strip()
        if not value:
            raise ValueError("is empty")
        if value == EXAMPLE_TOKEN:
            raise ValueError("is still the example value from .env.example")
        if any(ch.isspace() for ch in value):
            raise ValueError("contains spaces")
        return SecretStr(value)

    @field_validator("log_level", "database_durability", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @field_validator("database_url", mode="before")
    @classmethod
    def _blank_url_is_none(cls, value: object) -> object:
        return None if _blank(value) else value

    @field_validator("database_url")
    @classmethod
    def _postgres_url(cls, url: SecretStr | None) -> SecretStr | None:
        if url is None:
            return None
        value = url.get_secret_value().strip()
        if not value.startswith(("postgresql://", "postgres://")):
            raise ValueError("is not a postgresql:// URL")
        return SecretStr(value)

    @field_validator("dev_guild_id", "status_path", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if _blank(value) else value

    @field_validator("database_path", mode="before")
    @classmethod
    def _blank_is_default(cls, value: object) -> object:
        # ``DATABASE_PATH=`` (as a copied .env.example may leave it) means "not set",
        # not the working directory.
        return DEFAULT_DATABASE_PATH if _blank(value) else value

    @field_validator("database_path", "status_path")
    @classmethod
    def _names_a_file(cls, path: Path | None) -> Path | None:
        # "." or "/" name no file: writing them fails only later, inside the bot.
        if path is not None and path.name in ("", ".", ".."):
            raise ValueError(f"is {str(path)!r}, which names a folder, not a file")
        return path


def _blank(value: object) -> bool:
    return isinstance(value, str) and not value.strip()


_HOW_TO_FIX: Final = {
    "discord_token": "set DISCORD_TOKEN in .env to your bot's token "
    "(Discord developer portal → your application → Bot → Reset Token)",
    "database_path": "set DATABASE_PATH to a writable file path, e.g. data/kachuful.db",
    "database_url": "set DATABASE_URL to postgresql://user:password@host:5432/database, "
    "or leave it empty to use the SQLite file at DATABASE_PATH",
    "database_durability": "set DATABASE_DURABILITY to NORMAL or FULL",
    "dev_guild_id": "set DEV_GUILD_ID to a server id (digits only) or leave it empty",
    "log_level": "set LOG_LEVEL to one of DEBUG, INFO, WARNING, ERROR, CRITICAL",
    "DEFAULT_TURN_TIMEOUT": f"set DEFAULT_TURN_TIMEOUT to seconds between {MIN_TURN_TIMEOUT} "
    f"and {MAX_TURN_TIMEOUT}",
    "turn_timeout": f"set DEFAULT_TURN_TIMEOUT to seconds between {MIN_TURN_TIMEOUT} "
    f"and {MAX_TURN_TIMEOUT}",
    "status_path": "set STATUS_PATH to a writable file path, or leave it empty for no "
    "status file",
    "work_slots": f"set WORK_SLOTS to a whole number from 1 to {MAX_WORK_SLOTS}",
    "discord_global_rate": "set DISCORD_GLOBAL_RATE to the requests a second Discord allows "
    f"your bot (50 unless Discord granted more), from 1 to {MAX_GLOBAL_RATE}",
    "shard_count": f"set SHARD_COUNT to a whole number from 1 to {MAX_SHARDS}, or leave it "
    "empty for one process running everything",
    "shard_ids": "set SHARD_IDS to a comma list of shard numbers, e.g. 0,1, or leave it empty",
}


def load_settings(env_file: str | Path | None = ".env") -> Settings:
    """Read settings; raise :class:`SettingsError` with one readable line if wrong."""
    try:
        return Settings(_env_file=env_file)
    except ValidationError as exc:
        error = exc.errors()[0]
        if not error["loc"]:  # a rule across settings: its message names them
            raise SettingsError(error["msg"].removeprefix("Value error, ")) from None
        field = str(error["loc"][0])
        env_name = "DEFAULT_TURN_TIMEOUT" if field in ("turn_timeout",) else field.upper()
        problem = "is missing" if error["type"] == "missing" else _plain(error["msg"])
        fix = _HOW_TO_FIX.get(field, f"check {env_name}")
        raise SettingsError(f"{env_name} {problem}: {fix}") from None


def _plain(message: str) -> str:
    message = message.removeprefix("Value error, ")
    return message[0].lower() + message[1:] if message else message


class _NoVoiceWarnings(logging.Filter):
    """discord.py warns at every start that voice is unavailable; this bot has no voice."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def configure_logging(level: LogLevel) -> None:
    logging.basicConfig(
        level=getattr(logging, level),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("discord.client").addFilter(_NoVoiceWarnings())
