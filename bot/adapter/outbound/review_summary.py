"""The game's review summary in each player's final DM (issue 20): the hand message of
the last deal, which says the game is over, gets one more line once the summary is
worked out — in the review worker, off the event loop, never holding up the
delivery of the games being played. When the reviews are busy, the line says where
to ask for the summary later instead."""

from __future__ import annotations

import asyncio
import logging

import discord

from ai.review import ReviewError
from bot.adapter.outbound.calls import best_effort
from bot.adapter.outbound.reviews import ReviewBusy, Reviews
from bot.core.review_seats import review_seats
from bot.storage import Storage
from engine import Game
from i18n import Words
from i18n.review_words import game_summary

log = logging.getLogger(__name__)


class FinalSummaries:
    """Adds the summary line to final DMs, each in a task of its own."""

    def __init__(self, reviews: Reviews, storage: Storage) -> None:
        self._reviews = reviews
        self._storage = storage
        self._tasks: set[asyncio.Task[None]] = set()

    def add(self, game_id: int, seat: int, message: discord.PartialMessage, text: str,
            words: Words) -> None:
        """Append ``seat``'s summary to ``message`` (whose content is ``text``) later."""
        task = asyncio.create_task(self._add(game_id, seat, message, text, words))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _add(self, game_id: int, seat: int, message: discord.PartialMessage, text: str,
                   words: Words) -> None:
        try:
            line = await self._line(game_id, seat, words)
        except asyncio.CancelledError:
            raise
        except Exception:  # the game could not be read, or its review failed
            log.exception("game summary for a final DM of game %s failed", game_id)
            return
        if line is not None:
            await best_effort(f"game summary not added to a final DM of game {game_id}",
                              message.edit(content=f"{text}\n{line}"))

    async def _line(self, game_id: int, seat: int, words: Words) -> str | None:
        stored = await self._storage.games.load_game(game_id)
        if not isinstance(stored.game, Game) or not stored.game.results():
            return None  # not played yet, or Call Break (reviews are Kachuful's)
        users = tuple(stored_seat.user_id for stored_seat in stored.seats)
        seats = await review_seats(self._storage, game_id, stored.game, users)
        try:
            whole = await self._reviews.game_summary(game_id, stored.game, seat, seats)
        except ReviewBusy:
            return words.t("I'm busy with other reviews, so your game's summary isn't here: "
                           "ask for it later with **Review my game** below, or review a deal "
                           "with /kachuful review.")
        except ReviewError:
            return None
        return words.t("Your game: {summary}.", summary=game_summary(words, whole))

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
