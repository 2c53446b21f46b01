"""The record a person may download of a game, and the game a review reads.

What may be handed out is decided here: a game's record only once it has finished (it
shows every hand) and only in its own server; a table game's record is its score
pad's (bids and trick counts, no cards)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ai.review import SeatModel
from bot.core.refusals import Refusal
from bot.core.review_seats import review_seats
from bot.core.scorepad_state import PadState
from bot.core.service import GameService
from bot.storage import Storage
from engine import Game
from engine.kinds import AnyGame
from engine.record import game_to_record


@dataclass(frozen=True, slots=True)
class GameRecord:
    game_id: int
    record: dict[str, Any]
    table_game: bool
    """A score pad's record (checked with ``kachuful replay``, not ``verify``)."""


class GameRecords:
    def __init__(self, storage: Storage, service: GameService) -> None:
        self._storage = storage
        self._service = service

    async def record(self, game_id: int, asked_in: int | None) -> GameRecord:
        """The finished game's record; ``asked_in``: the server asking (``None``: a DM)."""
        stored = await self._storage.games.load_game(game_id)
        if asked_in is not None and stored.guild_id != asked_in:
            raise Refusal("record_elsewhere")
        if stored.status == "finished":
            pad = await self._storage.pads.pad_of_game(game_id)
            if pad is not None:
                state = PadState.fold(pad.rules, pad.keeper_user_id, list(pad.entries))
                return GameRecord(game_id, state.record(), table_game=True)
        if stored.status != "finished" or stored.game is None:
            raise Refusal("record_not_finished")
        return GameRecord(game_id, game_to_record(stored.game, include_seed=True),
                          table_game=False)

    async def played_by(self, game_id: int, user_id: int) -> tuple[AnyGame, int] | None:
        """The game (a copy when it is running here) and the person's seat in it, for a
        review worked out outside the game's lock; ``None`` if they did not play."""
        found = await self._game_and_users(game_id)
        if found is None:
            return None
        game, users = found
        seat = next((index for index, user in enumerate(users) if user == user_id), None)
        return None if seat is None else (game, seat)

    async def review_table(
        self, game_id: int, user_id: int
    ) -> tuple[AnyGame, int, tuple[SeatModel, ...] | None] | None:
        """:meth:`played_by`, and who sits at each seat for the review: computers by
        their level, people with their bid record in the server (``None``: read from
        the names, when the records cannot be read, or no Kachuful game to review)."""
        found = await self._game_and_users(game_id)
        if found is None:
            return None
        game, users = found
        seat = next((index for index, user in enumerate(users) if user == user_id), None)
        if seat is None:
            return None
        if not isinstance(game, Game):
            return game, seat, None  # Call Break: the reviews' model plays Kachuful only
        return game, seat, await review_seats(self._storage, game_id, game, users)

    async def _game_and_users(
        self, game_id: int
    ) -> tuple[AnyGame, tuple[int | None, ...]] | None:
        running = self._service.game_copy(game_id)
        if running is not None:
            return running
        stored = await self._storage.games.load_game(game_id)
        if stored.game is None:
            return None
        return stored.game, tuple(seat.user_id for seat in stored.seats)
