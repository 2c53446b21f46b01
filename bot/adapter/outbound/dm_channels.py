"""Each person's DM channel id, remembered so that it is opened once, not once a game.

Opening a DM (``POST /users/@me/channels``) is a request of the bot token's budget, and
a person's DM channel with the bot never changes. So the id is kept in memory (the
most recently used ``CAPACITY`` people) and, through each game's seats, in storage: after
a restart, or for someone not seen in a while, the seat of their latest game has it.
A channel Discord no longer knows (10003) is forgotten and opened again (see
``Delivery._deliver``).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Final

from bot.storage import Storage

CAPACITY: Final = 50_000
"""People whose DM channel ids are kept in memory: about 1.5 MB."""


class DmChannels:
    def __init__(self, storage: Storage, capacity: int = CAPACITY) -> None:
        self._storage = storage
        self._capacity = capacity
        self._known: OrderedDict[int, int] = OrderedDict()
        self._lost: set[int] = set()
        """People whose stored DM channel Discord no longer knows, until it is reopened."""

    async def of(self, user_id: int) -> int | None:
        """The person's DM channel id if the bot has ever opened it (``None``: open it)."""
        channel_id = self._known.get(user_id)
        if channel_id is not None:
            self._known.move_to_end(user_id)
            return channel_id
        if user_id in self._lost:
            return None
        # A storage fault goes up to the delivery, as the seat's own write beside it does.
        channel_id = await self._storage.games.dm_channel_of(user_id)
        if channel_id is not None:
            self.remember(user_id, channel_id)
        return channel_id

    def remember(self, user_id: int, channel_id: int) -> None:
        self._lost.discard(user_id)
        self._known[user_id] = channel_id
        self._known.move_to_end(user_id)
        while len(self._known) > self._capacity:
            self._known.popitem(last=False)

    def lost(self, user_id: int) -> None:
        """Discord no longer knows the channel: the next DM opens it anew (the id in
        storage is as stale, until the new one is stored)."""
        self._known.pop(user_id, None)
        self._lost.add(user_id)
