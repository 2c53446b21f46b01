"""Each effect as Discord calls: the table in the channel, hands in DMs.

Per deal the channel gets one table message (edited as bids and cards come in),
one picture per finished trick and a score sheet; each person gets one DM whose
hand picture and controls are edited in place, plus a short ping when their turn
comes. Errors are not handled here: they go up to the delivery's one policy.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.adapter import controls, pictures, texts
from bot.adapter.delivery import Shows
from bot.adapter.discord_codes import CHANNEL_REFUSALS, UNKNOWN_MESSAGE
from bot.adapter.hand_text import hand_closed_text, hand_picture_key, hand_text
from bot.adapter.languages import LanguageBook
from bot.adapter.lobby_view import lobby_embed
from bot.adapter.message_book import GameMessages, MessageBook
from bot.adapter.notes import note_text, tell_text
from bot.core import effects as fx
from bot.core.pad_effects import ShowPad, ShowPadSheet
from bot.storage import Storage
from i18n import N_, Words

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
USER_MENTIONS = discord.AllowedMentions(users=True)


def fingerprint(*parts: Any) -> int:
    text = json.dumps(parts, default=str, sort_keys=True)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def view_fingerprint(view: discord.ui.View | None) -> Any:
    return None if view is None else view.to_components()


class Presenter:
    def __init__(
        self, client: discord.Client, storage: Storage, book: MessageBook,
        thread_opened: Callable[[int, int], None], languages: LanguageBook,
    ) -> None:
        self._client = client
        self._languages = languages
        self._storage = storage
        self._book = book
        self._thread_opened = thread_opened

    pads: Shows | None = None
    """Shows the score pads' effects (set once the pads exist)."""

    async def show(self, game_id: int, effect: fx.Effect) -> None:
        if isinstance(effect, ShowPad | ShowPadSheet):
            assert self.pads is not None
            await self.pads.show(game_id, effect)
            return
        messages = await self._book.of(game_id, effect.place.channel_id)
        if messages.channel_state == "gone" and not _is_direct(effect):
            return
        seat = getattr(effect, "seat", None)
        if _is_direct(effect) and seat in messages.dms_closed:
            if isinstance(effect, fx.PingTurn):
                effect = fx.PingTurn(effect.place, effect.game_id, effect.seat, effect.user_id,
                                     effect.doing, in_channel=True)
            elif not isinstance(effect, fx.TellPlayers):
                return
        handler = getattr(self, "_" + type(effect).__name__)
        await handler(game_id, messages, effect)

    # --- where things go ------------------------------------------------------------------

    def _channel(self, messages: GameMessages) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(messages.table_channel_id)

    def where(self, words: Words, place: fx.Place, messages: GameMessages | None = None) -> str:
        guild = self._client.get_guild(place.guild_id)
        channel_id = messages.table_channel_id if messages else place.table_channel_id
        channel = self._client.get_channel(channel_id)
        guild_name = guild.name if guild else words.t("your server")
        name = getattr(channel, "name", None)
        channel_name = f"#{name}" if name else words.t("the game")
        return f"**{guild_name}** · {channel_name}"

    async def _server(self, place: fx.Place) -> Words:
        return await self._languages.server(place.guild_id)

    async def _person(self, place: fx.Place, user_id: int) -> Words:
        return await self._languages.person(user_id, place.guild_id)

    async def _dm(self, game_id: int, messages: GameMessages, seat: int, user_id: int,
                  ) -> discord.PartialMessageable:
        channel_id = messages.dm_channels.get(seat)
        if channel_id is None:
            user = self._client.get_user(user_id) or await self._client.fetch_user(user_id)
            dm = user.dm_channel or await user.create_dm()
            channel_id = messages.dm_channels[seat] = dm.id
            await self._storage.update_seat(game_id, seat, dm_channel_id=dm.id)
        return self._client.get_partial_messageable(
            channel_id, type=discord.ChannelType.private)

    async def _edit_or_send(
        self, target: discord.PartialMessageable, message_id: int | None, **payload: Any,
    ) -> discord.Message:
        """Edit a message in place, or send it anew when it is gone (or never was)."""
        if message_id is not None:
            try:
                return await target.get_partial_message(message_id).edit(**payload)
            except discord.NotFound as exc:
                if exc.code != UNKNOWN_MESSAGE:
                    raise
        payload.pop("attachments", None)
        return await target.send(**payload)

    # --- the lobby and the start ----------------------------------------------------------

    async def _ShowLobby(self, game_id: int, messages: GameMessages, e: fx.ShowLobby) -> None:
        lobby = e.lobby
        channel = self._client.get_partial_messageable(messages.channel_id)
        if messages.lobby_message_id is None:
            return
        words = await self._server(e.place)
        closed = {"idle": words.t("This lobby closed: nobody used it for a while."),
                  "cancelled": words.t("This lobby was cancelled.")}
        if lobby.state in closed:
            await channel.get_partial_message(messages.lobby_message_id).edit(
                content=closed[lobby.state], embed=None, view=None)
            return
        await channel.get_partial_message(messages.lobby_message_id).edit(
            embed=lobby_embed(words, lobby), view=controls.lobby_controls(words, lobby))

    async def _OpenThread(self, game_id: int, messages: GameMessages, e: fx.OpenThread) -> None:
        if messages.lobby_message_id is None:
            return
        channel = self._client.get_partial_messageable(messages.channel_id,
                                                       guild_id=e.place.guild_id)
        thread = await channel.get_partial_message(messages.lobby_message_id).create_thread(
            name=(await self._server(e.place)).t("Kachuful game {number}", number=game_id))
        messages.thread_id = thread.id
        self._thread_opened(game_id, thread.id)
        await self._storage.update_game_messages(game_id, thread_id=thread.id)
        for user_id in e.user_ids:
            try:
                await thread.add_user(discord.Object(user_id))
            except discord.HTTPException as exc:
                log.info("could not add a player to the thread of game %s: %s", game_id, exc)

    async def _AnnounceStart(self, game_id: int, messages: GameMessages,
                             e: fx.AnnounceStart) -> None:
        view = e.table.view
        names = e.table.names
        words = await self._server(e.place)
        lines = [words.t("**The game begins!**") + " " + texts.rules_line(words, view.rules)]
        for number, drawn in enumerate(view.dealer_draws, start=1):
            cards = ", ".join(f"{names[s]} {card}" for s, card in enumerate(drawn) if card)
            lines.append(words.t("Draw for the first dealer: {cards}", cards=cards)
                         if number == 1 else words.t("Draw again: {cards}", cards=cards))
        first = view.first_dealer
        lines.append(words.t("**{name}** deals first.",
                             name=names[first] if first is not None else "?"))
        lines.append(words.t(
            "Fair deal: the shuffles come from a secret seed with SHA-256 commitment "
            "`{commitment}`; it is revealed when the game ends.", commitment=e.table.commitment))
        files = ([await pictures.dealer_draw_file(words, view, names)]
                 if view.dealer_draws else [])
        await self._channel(messages).send("\n".join(lines), files=files,
                                           allowed_mentions=NO_MENTIONS)

    # --- the table ----------------------------------------------------------------------

    async def _PostTable(self, game_id: int, messages: GameMessages, e: fx.PostTable) -> None:
        messages.channel_state = "ok" if messages.channel_state == "unwritable" else \
            messages.channel_state
        words = await self._server(e.place)
        text = texts.table_text(words, e.table)
        message = await self._channel(messages).send(
            text, view=controls.table_controls(words, game_id), allowed_mentions=NO_MENTIONS)
        messages.table_message_id = message.id
        messages.sent[message.id] = fingerprint(text, True)
        await self._storage.update_game_messages(game_id, table_message_id=message.id)

    async def _EditTable(self, game_id: int, messages: GameMessages, e: fx.EditTable) -> None:
        if messages.table_message_id is None or messages.channel_state != "ok":
            return
        words = await self._server(e.place)
        text = texts.table_text(words, e.table)
        mark = fingerprint(text, True)
        if messages.sent.get(messages.table_message_id) == mark:
            return
        message = await self._edit_or_send(
            self._channel(messages), messages.table_message_id, content=text,
            view=controls.table_controls(words, game_id), allowed_mentions=NO_MENTIONS)
        if message.id != messages.table_message_id:
            messages.table_message_id = message.id
            await self._storage.update_game_messages(game_id, table_message_id=message.id)
        messages.sent[message.id] = mark

    async def _CloseTable(self, game_id: int, messages: GameMessages, e: fx.CloseTable) -> None:
        if messages.table_message_id is None or messages.channel_state != "ok":
            return
        await self._channel(messages).get_partial_message(messages.table_message_id).edit(
            content=texts.closed_table_text(await self._server(e.place), e.result), view=None,
            allowed_mentions=NO_MENTIONS)

    async def _ShowTrick(self, game_id: int, messages: GameMessages, e: fx.ShowTrick) -> None:
        if messages.channel_state != "ok":
            return
        words = await self._server(e.place)
        caption = words.t("Deal {deal}, trick {trick}: **{name}** wins with {card}.",
                          deal=e.deal_number, trick=e.trick.number,
                          name=e.names[e.trick.winner], card=str(e.trick.winning_card))
        await self._channel(messages).send(caption, file=await pictures.trick_file(words, e),
                                           allowed_mentions=NO_MENTIONS)

    async def _ShowScores(self, game_id: int, messages: GameMessages, e: fx.ShowScores) -> None:
        if messages.channel_state != "ok" or not e.view.results:
            return
        names = list(e.names)
        words = await self._server(e.place)
        await self._channel(messages).send(
            texts.deal_summary(words, e.view.results[-1], names),
            file=await pictures.score_sheet_file(words, e.view, names),
            allowed_mentions=NO_MENTIONS)

    async def _ShowFinal(self, game_id: int, messages: GameMessages, e: fx.ShowFinal) -> None:
        view, names = e.table.view, e.table.names
        words = await self._server(e.place)
        text = texts.final_text(words, view, names) + "\n\n" + words.t(
            "Fair-deal proof: the seed was `{seed}` (SHA-256 `{commitment}`, shown at the "
            "start). Download the record and check it with `kachuful verify`.",
            seed=e.seed_hex, commitment=e.table.commitment)
        picture = await pictures.final_file(words, view, names)
        record_name = f"kachuful-game-{game_id}.json"
        try:
            if messages.channel_state == "ok":
                await self._channel(messages).send(
                    text, files=[picture, pictures.as_file(e.record_json, record_name)],
                    view=controls.finished_controls(words, game_id),
                    allowed_mentions=NO_MENTIONS)
                return
        except (discord.Forbidden, discord.NotFound) as exc:
            if exc.code not in CHANNEL_REFUSALS:
                raise
            log.warning("game %s: final standings refused in the channel: %s", game_id, exc)
        finally:
            self._book.forget(game_id)
        # The channel cannot show the end: every player gets it in a DM, in their language.
        for seat, label in enumerate(e.table.seats):
            if label.user_id is None or label.left or seat in messages.dms_closed:
                continue
            own = await self._person(e.place, label.user_id)
            own_text = texts.final_text(own, view, names) + "\n\n" + own.t(
                "Fair-deal proof: the seed was `{seed}` (SHA-256 `{commitment}`, shown at the "
                "start). Download the record and check it with `kachuful verify`.",
                seed=e.seed_hex, commitment=e.table.commitment)
            dm = await self._dm(game_id, messages, seat, label.user_id)
            try:
                await dm.send(own_text, files=[await pictures.final_file(own, view, names),
                                               pictures.as_file(e.record_json, record_name)])
            except discord.HTTPException as exc:
                log.info("final standings not sent to a player of game %s: %s", game_id, exc)

    async def _Note(self, game_id: int, messages: GameMessages, e: fx.Note) -> None:
        if messages.channel_state != "ok":
            return
        await self._channel(messages).send(note_text(await self._server(e.place), e),
                                           allowed_mentions=USER_MENTIONS)

    # --- hands and turns ------------------------------------------------------------------

    async def _ShowHand(self, game_id: int, messages: GameMessages, e: fx.ShowHand) -> None:
        seat = e.seat
        if e.fresh:
            messages.hand_messages.pop(seat, None)
            messages.hand_attachments.pop(seat, None)
        dm = await self._dm(game_id, messages, seat, e.user_id)
        words = await self._person(e.place, e.user_id)
        content = hand_text(words, e.hand, self.where(words, e.place, messages))
        view = controls.hand_controls(words, game_id, seat, e.hand)
        key = hand_picture_key(e.hand)
        message_id = messages.hand_messages.get(seat)
        mark = fingerprint(content, key, view_fingerprint(view))
        if not e.hand.away:
            await self._close_offer(messages, seat, e.place, e.user_id,
                                    N_("you're playing again."))
        if message_id is not None and messages.sent.get(message_id) == mark:
            return
        kept = messages.hand_attachments.get(seat)
        attachments: list[Any] = []
        if key is not None:
            if kept is not None and kept[0] == key and message_id is not None:
                attachments = kept[1]
            else:
                png = await pictures.hand_png(words, e.hand.view)
                attachments = [pictures.as_file(png, "hand.png")]
        if message_id is None:
            message = await dm.send(content, files=attachments, view=view)
        else:
            message = await self._edit_or_send(dm, message_id, content=content,
                                               attachments=attachments, view=view)
        if message.id != message_id:
            messages.hand_messages[seat] = message.id
            await self._storage.update_seat(game_id, seat, dm_message_id=message.id)
        messages.hand_attachments[seat] = (key, list(message.attachments))
        messages.sent[message.id] = mark

    async def _CloseHand(self, game_id: int, messages: GameMessages, e: fx.CloseHand) -> None:
        if e.why != "deal_over":
            await self._close_offer(messages, e.seat, e.place, e.user_id,
                                    OFFER_CLOSED[e.why])
        message_id = messages.hand_messages.pop(e.seat, None)
        messages.hand_attachments.pop(e.seat, None)
        if message_id is None or e.seat not in messages.dm_channels:
            return
        dm = await self._dm(game_id, messages, e.seat, e.user_id)
        words = await self._person(e.place, e.user_id)
        text = hand_closed_text(words, e, self.where(words, e.place, messages))
        view = controls.review_controls(words, game_id, e)
        try:
            await dm.get_partial_message(message_id).edit(content=text, attachments=[], view=view)
        except discord.NotFound:
            return  # the person deleted it: nothing left to close

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


def _is_direct(effect: fx.Effect) -> bool:
    """Effects shown in DMs, which a lost channel does not stop."""
    if isinstance(effect, fx.ShowHand | fx.CloseHand | fx.TellPlayers):
        return True
    return getattr(effect, "in_channel", True) is False
