"""Effects about turns and people: pings, reminders, the "I'm back" offer and its
closing, and notices sent to every player."""

from __future__ import annotations

import logging

import discord

from bot.adapter.outbound.message_book import GameMessages
from bot.adapter.outbound.presenting import NO_MENTIONS, USER_MENTIONS, PresenterBase
from bot.adapter.words import controls
from bot.adapter.words.notes import note_text, tell_text
from bot.core import effects as fx
from i18n import N_

log = logging.getLogger(__name__)


class TurnPresenter(PresenterBase):
    async def _Note(self, game_id: int, messages: GameMessages, e: fx.Note) -> None:
        if messages.channel_state != "ok":
            return
        await self._channel(messages).send(note_text(await self._server(e.place), e),
                                           allowed_mentions=USER_MENTIONS)

    # --- hands and turns ------------------------------------------------------------------

    async def _PingTurn(self, game_id: int, messages: GameMessages, e: fx.PingTurn) -> None:
        if e.in_channel:
            await self._Note(game_id, messages, fx.Note(
                e.place, "turn", user_id=e.user_id, detail=e.doing))
            return
        dm = await self._dm(game_id, messages, e.seat, e.user_id)
        old = messages.pings.pop(e.seat, None)
        if old is not None:
            try:
                await dm.get_partial_message(old).delete()
            except discord.HTTPException as exc:
                log.debug("old ping not deleted: %s", exc)
        words = await self._person(e.place, e.user_id)
        where = self.where(words, e.place, messages)
        ping = await dm.send(words.t("🔔 Your turn to bid — {where}", where=where)
                             if e.doing == "bid" else
                             words.t("🔔 Your turn to play — {where}", where=where))
        messages.pings[e.seat] = ping.id

    async def _RemindTurn(self, game_id: int, messages: GameMessages, e: fx.RemindTurn) -> None:
        words = await (self._server(e.place) if e.in_channel
                       else self._person(e.place, e.user_id))
        text = words.t("⏳ Half your time is gone: {seconds} s left to move in {where}.",
                       seconds=e.seconds_left, where=self.where(words, e.place, messages))
        if e.in_channel:
            if messages.channel_state == "ok":
                await self._channel(messages).send(f"<@{e.user_id}> {text}",
                                                   allowed_mentions=USER_MENTIONS)
            return
        await (await self._dm(game_id, messages, e.seat, e.user_id)).send(text)

    async def _OfferBack(self, game_id: int, messages: GameMessages, e: fx.OfferBack) -> None:
        await self._close_offer(messages, e.seat, e.place, e.user_id,
                                N_("see the newer message below."))
        if e.in_channel:
            words = await self._server(e.place)
            view = controls.layout([controls.back_control(words, game_id, e.seat)])
            offer = await self._channel(messages).send(
                words.t("{mention}, press **I'm back** to play again.",
                        mention=f"<@{e.user_id}>"), view=view,
                allowed_mentions=USER_MENTIONS)
        else:
            words = await self._person(e.place, e.user_id)
            view = controls.layout([controls.back_control(words, game_id, e.seat)])
            dm = await self._dm(game_id, messages, e.seat, e.user_id)
            offer = await dm.send(words.t(
                "The computer is playing for you in {where}. Press **I'm back** when you are.",
                where=self.where(words, e.place, messages)), view=view)
        messages.offers[e.seat] = (offer.channel.id, offer.id)

    async def _close_offer(self, messages: GameMessages, seat: int, place: fx.Place,
                           user_id: int, why: str) -> None:
        """Take the "I'm back" button off its offer: the person is back, or the game is
        over for them. A side edit: its failure must not stop the effect it goes with."""
        offer = messages.offers.pop(seat, None)
        if offer is None:
            return
        channel_id, message_id = offer
        in_channel = channel_id == messages.table_channel_id
        if in_channel and messages.channel_state != "ok":
            return
        words = await (self._server(place) if in_channel else self._person(place, user_id))
        text = f"{self.where(words, place, messages)} — {words.t(why)}"
        try:
            await self._client.get_partial_messageable(channel_id).get_partial_message(
                message_id).edit(content=text, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            log.info("I'm back offer not closed: %s", exc)

    async def _TellPlayers(self, game_id: int, messages: GameMessages,
                           e: fx.TellPlayers) -> None:
        for user_id in e.user_ids:
            words = await self._person(e.place, user_id)
            text = tell_text(words, e, self.where(words, e.place, messages))
            try:
                user = self._client.get_user(user_id) or await self._client.fetch_user(user_id)
                await user.send(text)
            except discord.HTTPException as exc:
                log.info("could not tell a player of game %s: %s", game_id, exc)
        if e.kind == "cancelled_channel_lost":
            self._book.forget(game_id)


OFFER_CLOSED: dict[fx.HandClosure, str] = {
    "game_over": N_("the game is over."),
    "cancelled": N_("this game was cancelled."),
    "left": N_("you left this game."),
    "deal_over": "",
}
