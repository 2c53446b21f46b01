"""Gateway sharding as Discord does it: which session gets which event.

A bot may split its gateway traffic over several connections ("shards"): IDENTIFY carries
``shard: [shard_id, shard_count]``, and Discord sends each session only the events of the guilds
with ``(guild_id >> 22) % shard_count == shard_id``; DMs (events and interactions) go to shard 0
only. Discord computes that formula for every session on its own, so two sessions identified with
the same shard both get its events (the well-known "my bot answers twice" of a bot started twice),
and sessions with different counts may coexist (bots reshard that way) — the fake does the same.
An unsharded session (no ``shard`` in IDENTIFY) is ``[0, 1]``: it gets everything.
"""

from __future__ import annotations

from dataclasses import dataclass

DM_SHARD = 0


@dataclass(frozen=True)
class Shard:
    """One session's share of the traffic: ``[shard_id, shard_count]`` from its IDENTIFY."""

    shard_id: int
    shard_count: int

    def receives(self, guild_id: int | None) -> bool:
        """Whether a session on this shard gets an event of ``guild_id`` (None: a DM)."""
        if guild_id is None:
            return self.shard_id == DM_SHARD
        return shard_for_guild(guild_id, self.shard_count) == self.shard_id

    def as_list(self) -> list[int]:
        return [self.shard_id, self.shard_count]


UNSHARDED = Shard(0, 1)


def shard_for_guild(guild_id: int, shard_count: int) -> int:
    """Discord's sharding formula."""
    return (guild_id >> 22) % shard_count


def parse_identify_shard(value: object) -> Shard | None:
    """The shard an IDENTIFY asks for (``UNSHARDED`` when absent); None if Discord would close
    the connection with 4010 Invalid shard (not two integers, count < 1, id outside the count)."""
    if value is None:
        return UNSHARDED
    if not isinstance(value, list) or len(value) != 2:
        return None
    shard_id, shard_count = value
    # bool is an int subclass; Discord's JSON has no such ambiguity, so refuse it here.
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return None
    if shard_count < 1 or not 0 <= shard_id < shard_count:
        return None
    return Shard(shard_id, shard_count)
