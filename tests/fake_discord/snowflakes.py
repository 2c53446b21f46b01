"""Discord-style snowflake ids.

A snowflake is ``(milliseconds since 2015-01-01) << 22 | worker << 17 | increment``. discord.py
derives ``created_at`` from the id and sorts message history by it, so the fake issues real,
strictly increasing snowflakes rather than small counters.
"""

from __future__ import annotations

import datetime as dt
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class SnowflakeGenerator:
    """Issues unique, strictly increasing snowflakes based on the wall clock."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = now_ms << 22
        # Several ids in the same millisecond: count up in the low 22 bits (worker, process and
        # increment); uniqueness and order matter more than clock accuracy.
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next snowflake whose guild would live on ``shard_id`` of ``shard_count``
        (``(id >> 22) % shard_count == shard_id``, Discord's sharding formula).

        Only the timestamp decides the shard, so this moves it forward by less than
        ``shard_count`` milliseconds: ids stay unique and increasing, a few ms ahead of the
        clock at worst (only ``created_at`` derives from it)."""
        if shard_count < 1 or not 0 <= shard_id < shard_count:
            raise ValueError(f"no shard {shard_id} among {shard_count}")
        candidate = self.next()
        lag = (shard_id - (candidate >> 22)) % shard_count
        if lag:
            candidate = ((candidate >> 22) + lag) << 22
            self._last = candidate
        return candidate


def snowflake_time(snowflake: int) -> dt.datetime:
    """The creation time encoded in a snowflake."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)


def iso_timestamp(moment: dt.datetime) -> str:
    """Discord's ISO-8601 timestamp format (microseconds and an explicit UTC offset)."""
    return moment.astimezone(dt.UTC).isoformat(timespec="microseconds")


__all__ = ["DISCORD_EPOCH_MS", "SnowflakeGenerator", "iso_timestamp", "snowflake_time"]
