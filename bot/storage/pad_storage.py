"""The storage calls of score pads: games played with real cards, whose score the
bot keeps entry by entry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import Any

from bot.storage import score_pads
from bot.storage.backend import Backend
from bot.storage.errors import GameNotFound
from bot.storage.summary import SeatResult
from engine.kinds import AnyGame, AnyRules


class ScorePadStorage:
    def __init__(self, db: Backend) -> None:
        self._db = db

    def pad_lock(self, pad_id: int) -> AbstractAsyncContextManager[None]:
        """Hold a pad for one step against other processes, as ``games.game_lock`` holds
        a game. Pads take the negative of their id as the lock's key, so a pad and a
        game that share an id never wait for each other."""
        return self._db.game_lock(-pad_id)

    async def create_pad(
        self, *, guild_id: int, channel_id: int, keeper_user_id: int, rules: AnyRules,
        first_entry: Mapping[str, Any], now: datetime | None = None,
    ) -> int:
        """Open a score pad with its first entry; one open pad per channel."""
        return await score_pads.create_pad(
            self._db, guild_id=guild_id, channel_id=channel_id,
            keeper_user_id=keeper_user_id, rules=rules, first_entry=first_entry, now=now,
        )

    async def append_pad_entry(self, pad_id: int, seq: int, entry: Mapping[str, Any]) -> None:
        """Commit a pad's entry ``seq`` (entries saved so far) before it is shown."""
        await score_pads.append_pad_entry(self._db, pad_id, seq, entry)

    async def set_pad_message(self, pad_id: int, message_id: int | None) -> None:
        await score_pads.set_pad_message(self._db, pad_id, message_id)

    async def load_open_pads(self) -> list[score_pads.StoredPad]:
        return await score_pads.load_pads(self._db, None)

    async def load_pad(self, pad_id: int) -> score_pads.StoredPad:
        found = await score_pads.load_pads(self._db, [pad_id])
        if not found:
            raise GameNotFound(f"no score pad {pad_id}")
        return found[0]

    async def cancel_pad(self, pad_id: int, *, now: datetime | None = None) -> None:
        await score_pads.cancel_pad(self._db, pad_id, now)

    async def pad_of_game(self, game_id: int) -> score_pads.StoredPad | None:
        """The score pad behind a finished table game (``None`` for an online game)."""
        return await score_pads.pad_of_game(self._db, game_id)

    async def finish_pad(
        self, pad_id: int, game: AnyGame, seats: Sequence[tuple[int | None, str]],
        *, now: datetime | None = None,
    ) -> tuple[int, tuple[SeatResult, ...]]:
        """Close a pad; its results go to the leaderboards as a table game."""
        return await score_pads.finish_pad(self._db, pad_id, game, seats, now)
