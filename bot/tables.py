"""The table message: one per deal, edited as bids and cards come in.

Edits are coalesced: a burst of moves becomes one edit after ``min_interval``
seconds, so a fast table stays within Discord's per-channel pace (about five
messages per five seconds) instead of editing once per card.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot import controls, texts
from bot.session import GameSession
from bot.tasks import KeyedTasks

if TYPE_CHECKING:
    from bot.app import KachufulBot

log = logging.getLogger(__name__)


class TableMessages:
    def __init__(self, bot: KachufulBot, min_interval: float) -> None:
        self._bot = bot
        self._min_interval = min_interval
        self._pending = KeyedTasks("table")

    async def new_table_message(self, session: GameSession) -> None:
        """Post this deal's table message (the previous one keeps its last state)."""
        self._pending.cancel(session.game_id)
        from bot.messaging import channel

        target = await channel(self._bot, session)
        message = await target.send(
            texts.table_text(session),
            view=controls.table_controls(session),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        session.table_message_id = message.id
        await self._bot.storage.update_game_messages(session.game_id, table_message_id=message.id)

    def mark_dirty(self, session: GameSession) -> None:
        """Schedule an edit of the table message with the state at that moment."""
        if session.game_id in self._pending:
            return
        self._pending.start(session.game_id, self._edit_later(session))

    async def flush(self, session: GameSession) -> None:
        """Edit now (at the end of a deal, so the last trick shows before the scores)."""
        self._pending.cancel(session.game_id)
        await self._edit(session)

    async def _edit_later(self, session: GameSession) -> None:
        try:
            await asyncio.sleep(self._min_interval)
        finally:
            self._pending.discard(session.game_id)
        # A background edit takes a work slot like a move does (``flush`` runs inside a
        # move's slot already, so it must not ask for a second one).
        async with self._bot.work_slots:
            await self._edit(session)

    async def _edit(self, session: GameSession) -> None:
        if session.table_message_id is None or session.game is None:
            return
        from bot.messaging import channel

        try:
            target = await channel(self._bot, session)
            assert isinstance(target, discord.abc.Messageable)
            partial = target.get_partial_message(session.table_message_id)  # type: ignore[attr-defined]
            await partial.edit(
                content=texts.table_text(session),
                view=controls.table_controls(session) if not session.game.is_over else None,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as exc:
            # A lost edit is repaired by the next one; the game itself is not affected.
            log.warning("table edit failed for game %s: %s", session.game_id, exc)

    async def close(self) -> None:
        await self._pending.close()
