"""What a person or a server's managers may ask of the stored results: forget a
person everywhere (``/kachuful forget-me``), reset a server's leaderboard.

Both decide who may ask from the :class:`~bot.core.actors.Actor`, and both change
the score pads' memory as storage changed (a finished pad kept for its record
forgets the person too)."""

from __future__ import annotations

from bot.core.actors import Actor
from bot.core.refusals import Refusal
from bot.core.scorepad import ScorePads
from bot.storage import Storage


class People:
    def __init__(self, storage: Storage, pads: ScorePads) -> None:
        self._storage = storage
        self._pads = pads

    async def forget_person(self, actor: Actor, user_id: int) -> int:
        """Delete ``user_id``'s stats in every server; only they may ask. Returns how
        many game results went."""
        if actor.user_id != user_id:
            raise Refusal("only_the_asker")
        deleted = await self._storage.stats.forget_user(user_id)
        self._pads.forget(user_id)
        return deleted

    def check_reset(self, actor: Actor, guild_id: int, asked_in: int | None) -> None:
        """Only a manager of that server, asking there, resets its leaderboard."""
        if asked_in != guild_id or not actor.is_manager:
            raise Refusal("only_managers_reset")

    async def reset_leaderboard(self, actor: Actor, guild_id: int, asked_in: int | None) -> int:
        """Delete the server's results, stats and ratings; returns the results deleted."""
        self.check_reset(actor, guild_id, asked_in)
        return await self._storage.stats.reset_guild_leaderboard(guild_id)
