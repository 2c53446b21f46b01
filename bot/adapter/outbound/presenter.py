"""THE presenter: one table from each effect type to the one function that shows it.

Game effects first find their game's messages (and skip what can no longer be shown:
a deleted channel, closed DMs); score-pad effects go to the pad's own showing. Errors
are not handled here: they go up to the delivery's one failure policy.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Final

from bot.adapter.outbound import showing, showing_turns
from bot.adapter.outbound.message_book import GameMessages
from bot.adapter.outbound.pad_showing import PadPresenter
from bot.adapter.outbound.presenting import ShowContext
from bot.core import effects as fx
from bot.core import pad_effects as pad_fx
from bot.core.tables import TableRef

GameHandler = Callable[[ShowContext, int, GameMessages, Any], Awaitable[None]]

GAME_HANDLERS: Final[dict[type[fx.Effect], GameHandler]] = {
    fx.ShowLobby: showing.show_lobby,
    fx.OpenThread: showing.show_open_thread,
    fx.AnnounceStart: showing.show_announce_start,
    fx.PostTable: showing.show_post_table,
    fx.EditTable: showing.show_edit_table,
    fx.CloseTable: showing.show_close_table,
    fx.ShowTrick: showing.show_trick,
    fx.ShowFinal: showing.show_final,
    fx.ShowHand: showing.show_hand,
    fx.CloseHand: showing.show_close_hand,
    fx.Note: showing_turns.show_note,
    fx.PingTurn: showing_turns.show_ping_turn,
    fx.RemindTurn: showing_turns.show_remind_turn,
    fx.OfferBack: showing_turns.show_offer_back,
    fx.TellPlayers: showing_turns.show_tell_players,
}
PAD_EFFECTS: Final[frozenset[type[fx.Effect]]] = frozenset({
    pad_fx.ShowPad, pad_fx.ShowPadSheet, pad_fx.PadIdleClosed, pad_fx.TellPadPeople,
})


class Presenter:
    """Shows one effect on Discord; raises what Discord refuses."""

    def __init__(self, context: ShowContext, pads: PadPresenter) -> None:
        self.context = context
        self._pads = pads

    async def show(self, table: TableRef, effect: fx.Effect) -> None:
        kind = type(effect)
        if kind in PAD_EFFECTS:
            await self._pads.show(effect)
            return
        handler = GAME_HANDLERS[kind]
        table_id = table.id
        messages = await self.context.book.of(table_id, effect.place.channel_id)
        if messages.channel_state == "gone" and not fx.shown_in_dm(effect):
            return
        seat = getattr(effect, "seat", None)
        if fx.shown_in_dm(effect) and seat in messages.dms_closed:
            if isinstance(effect, fx.PingTurn):
                await showing_turns.show_ping_turn(
                    self.context, table_id, messages, fx.PingTurn(
                        effect.place, effect.game_id, effect.seat, effect.user_id,
                        effect.doing, in_channel=True))
                return
            if not isinstance(effect, fx.TellPlayers):
                return
        await handler(self.context, table_id, messages, effect)
