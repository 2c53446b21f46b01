"""Each effect as Discord calls: the table in the channel, hands in DMs.

Per deal the channel gets one table message (edited as bids and cards come in),
one picture per finished trick and a score sheet; each person gets one DM whose
hand picture and controls are edited in place, plus a short ping when their turn
comes. Errors are not handled here: they go up to the delivery's one policy.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.adapter import controls, pictures, texts
from bot.adapter.discord_codes import CHANNEL_REFUSALS, UNKNOWN_MESSAGE
from bot.adapter.hand_text import hand_closed_text, hand_picture_key, hand_text
from bot.adapter.lobby_view import lobby_embed
from bot.adapter.message_book import GameMessages, MessageBook
from bot.adapter.notes import note_text, tell_text
from bot.core import effects as fx
from bot.storage import Storage

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
        thread_opened: Callable[[int, int], None],
    ) -> None:
        self._client = client
        self._storage = storage
        self._book = book
        self._thread_opened = thread_opened

    async def show(self, game_id: int, effect: fx.Effect) -> None:
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

    def where(self, place: fx.Place, messages: GameMessages | None = None) -> str:
        guild = self._client.get_guild(place.guild_id)
        channel_id = messages.table_channel_id if messages else place.table_channel_id
        channel = self._client.get_channel(channel_id)
        guild_name = guild.name if guild else "your server"
        name = getattr(channel, "name", None)
        return f"**{guild_name}** · {f'#{name}' if name else 'the game'}"

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
        closed = {"idle": "This lobby closed: nobody used it for a while.",
                  "cancelled": "This lobby was cancelled."}
        if lobby.state in closed:
            await channel.get_partial_message(messages.lobby_message_id).edit(
                content=closed[lobby.state], embed=None, view=None)
            return
        await channel.get_partial_message(messages.lobby_message_id).edit(
            embed=lobby_embed(lobby), view=controls.lobby_controls(lobby))

    async def _OpenThread(self, game_id: int, messages: GameMessages, e: fx.OpenThread) -> None:
        if messages.lobby_message_id is None:
            return
        channel = self._client.get_partial_messageable(messages.channel_id,
                                                       guild_id=e.place.guild_id)
        thread = await channel.get_partial_message(messages.lobby_message_id).create_thread(
            name=f"Kachuful game {game_id}")
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
        lines = ["**The game begins!** " + texts.rules_line(view.rules)]
        for number, drawn in enumerate(view.dealer_draws, start=1):
            cards = ", ".join(f"{names[s]} {card}" for s, card in enumerate(drawn) if card)
            lines.append(f"Draw{' again' if number > 1 else ''} for the first dealer: {cards}")
        first = view.first_dealer
        lines.append(f"**{names[first] if first is not None else '?'}** deals first.")
        lines.append(
            f"Fair deal: the shuffles come from a secret seed with SHA-256 commitment "
            f"`{e.table.commitment}`; it is revealed when the game ends."
        )
        files = [await pictures.dealer_draw_file(view, names)] if view.dealer_draws else []
        await self._channel(messages).send("\n".join(lines), files=files,
                                           allowed_mentions=NO_MENTIONS)

    # --- the table ----------------------------------------------------------------------

    async def _PostTable(self, game_id: int, messages: GameMessages, e: fx.PostTable) -> None:
        messages.channel_state = "ok" if messages.channel_state == "unwritable" else \
            messages.channel_state
        text = texts.table_text(e.table)
        message = await self._channel(messages).send(
            text, view=controls.table_controls(game_id), allowed_mentions=NO_MENTIONS)
        messages.table_message_id = message.id
        messages.sent[message.id] = fingerprint(text, True)
        await self._storage.update_game_messages(game_id, table_message_id=message.id)

    async def _EditTable(self, game_id: int, messages: GameMessages, e: fx.EditTable) -> None:
        if messages.table_message_id is None or messages.channel_state != "ok":
            return
        text = texts.table_text(e.table)
        mark = fingerprint(text, True)
        if messages.sent.get(messages.table_message_id) == mark:
            return
        message = await self._edit_or_send(
            self._channel(messages), messages.table_message_id, content=text,
            view=controls.table_controls(game_id), allowed_mentions=NO_MENTIONS)
        if message.id != messages.table_message_id:
            messages.table_message_id = message.id
            await self._storage.update_game_messages(game_id, table_message_id=message.id)
        messages.sent[message.id] = mark

    async def _CloseTable(self, game_id: int, messages: GameMessages, e: fx.CloseTable) -> None:
        if messages.table_message_id is None or messages.channel_state != "ok":
            return
        await self._channel(messages).get_partial_message(messages.table_message_id).edit(
            content=texts.closed_table_text(e.result), view=None, allowed_mentions=NO_MENTIONS)

    async def _ShowTrick(self, game_id: int, messages: GameMessages, e: fx.ShowTrick) -> None:
        if messages.channel_state != "ok":
            return
        caption = (f"Deal {e.deal_number}, trick {e.trick.number}: **{e.names[e.trick.winner]}** "
                   f"wins with {e.trick.winning_card}.")
        await self._channel(messages).send(caption, file=await pictures.trick_file(e),
                                           allowed_mentions=NO_MENTIONS)

    async def _ShowScores(self, game_id: int, messages: GameMessages, e: fx.ShowScores) -> None:
        if messages.channel_state != "ok" or not e.view.results:
            return
        names = list(e.names)
        await self._channel(messages).send(
            texts.deal_summary(e.view.results[-1], names),
            file=await pictures.score_sheet_file(e.view, names), allowed_mentions=NO_MENTIONS)

    async def _ShowFinal(self, game_id: int, messages: GameMessages, e: fx.ShowFinal) -> None:
        view, names = e.table.view, e.table.names
        text = (
            texts.final_text(view, names)
            + f"\n\nFair-deal proof: the seed was `{e.seed_hex}` (SHA-256 "
            f"`{e.table.commitment}`, shown at the start). Download the record and check it "
            "with `kachuful verify`."
        )
        picture = await pictures.final_file(view, names)
        record_name = f"kachuful-game-{game_id}.json"
        try:
            if messages.channel_state == "ok":
                await self._channel(messages).send(
                    text, files=[picture, pictures.as_file(e.record_json, record_name)],
                    view=controls.finished_controls(game_id), allowed_mentions=NO_MENTIONS)
                return
        except (discord.Forbidden, discord.NotFound) as exc:
            if exc.code not in CHANNEL_REFUSALS:
                raise
            log.warning("game %s: final standings refused in the channel: %s", game_id, exc)
        finally:
            self._book.forget(game_id)
        # The channel cannot show the end: every player gets it in a DM instead.
        png = picture.fp.getvalue() if isinstance(picture.fp, io.BytesIO) else b""
        for seat, label in enumerate(e.table.seats):
            if label.user_id is None or label.left or seat in messages.dms_closed:
                continue
            dm = await self._dm(game_id, messages, seat, label.user_id)
            try:
                await dm.send(text, files=[pictures.as_file(png, picture.filename),
                                           pictures.as_file(e.record_json, record_name)])
            except discord.HTTPException as exc:
                log.info("final standings not sent to a player of game %s: %s", game_id, exc)

    async def _Note(self, game_id: int, messages: GameMessages, e: fx.Note) -> None:
        if messages.channel_state != "ok":
            return
        await self._channel(messages).send(note_text(e), allowed_mentions=USER_MENTIONS)

    # --- hands and turns ------------------------------------------------------------------

    async def _ShowHand(self, game_id: int, messages: GameMessages, e: fx.ShowHand) -> None:
        seat = e.seat
        if e.fresh:
            messages.hand_messages.pop(seat, None)
            messages.hand_attachments.pop(seat, None)
        dm = await self._dm(game_id, messages, seat, e.user_id)
        content = hand_text(e.hand, self.where(e.place, messages))
        view = controls.hand_controls(game_id, seat, e.hand)
        key = hand_picture_key(e.hand)
        message_id = messages.hand_messages.get(seat)
        mark = fingerprint(content, key, view_fingerprint(view))
        if not e.hand.away:
            await self._close_offer(messages, seat, e.place, "you're playing again.")
        if message_id is not None and messages.sent.get(message_id) == mark:
            return
        kept = messages.hand_attachments.get(seat)
        attachments: list[Any] = []
        if key is not None:
            if kept is not None and kept[0] == key and message_id is not None:
                attachments = kept[1]
            else:
                png = await pictures.hand_png(e.hand.view)
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
            await self._close_offer(messages, e.seat, e.place, OFFER_CLOSED[e.why])
        message_id = messages.hand_messages.pop(e.seat, None)
        messages.hand_attachments.pop(e.seat, None)
        if message_id is None or e.seat not in messages.dm_channels:
            return
        dm = await self._dm(game_id, messages, e.seat, e.user_id)
        text = hand_closed_text(e, self.where(e.place, messages))
        try:
            await dm.get_partial_message(message_id).edit(content=text, attachments=[], view=None)
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
        ping = await dm.send(f"🔔 Your turn to {e.doing} — {self.where(e.place, messages)}")
        messages.pings[e.seat] = ping.id

    async def _RemindTurn(self, game_id: int, messages: GameMessages, e: fx.RemindTurn) -> None:
        text = (f"⏳ Half your time is gone: {e.seconds_left} s left to move in "
                f"{self.where(e.place, messages)}.")
        if e.in_channel:
            if messages.channel_state == "ok":
                await self._channel(messages).send(f"<@{e.user_id}> {text}",
                                                   allowed_mentions=USER_MENTIONS)
            return
        await (await self._dm(game_id, messages, e.seat, e.user_id)).send(text)

    async def _OfferBack(self, game_id: int, messages: GameMessages, e: fx.OfferBack) -> None:
        view = controls.layout([controls.back_control(game_id, e.seat)])
        await self._close_offer(messages, e.seat, e.place, "see the newer message below.")
        if e.in_channel:
            offer = await self._channel(messages).send(
                f"<@{e.user_id}>, press **I'm back** to play again.", view=view,
                allowed_mentions=USER_MENTIONS)
        else:
            dm = await self._dm(game_id, messages, e.seat, e.user_id)
            offer = await dm.send(f"The computer is playing for you in "
                                  f"{self.where(e.place, messages)}. Press **I'm back** when "
                                  "you are.", view=view)
        messages.offers[e.seat] = (offer.channel.id, offer.id)

    async def _close_offer(self, messages: GameMessages, seat: int, place: fx.Place,
                           why: str) -> None:
        """Take the "I'm back" button off its offer: the person is back, or the game is
        over for them. A side edit: its failure must not stop the effect it goes with."""
        offer = messages.offers.pop(seat, None)
        if offer is None:
            return
        channel_id, message_id = offer
        if channel_id == messages.table_channel_id and messages.channel_state != "ok":
            return
        text = f"{self.where(place, messages)} — {why}"
        try:
            await self._client.get_partial_messageable(channel_id).get_partial_message(
                message_id).edit(content=text, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            log.info("I'm back offer not closed: %s", exc)

    async def _TellPlayers(self, game_id: int, messages: GameMessages,
                           e: fx.TellPlayers) -> None:
        text = tell_text(e, self.where(e.place, messages))
        for user_id in e.user_ids:
            try:
                user = self._client.get_user(user_id) or await self._client.fetch_user(user_id)
                await user.send(text)
            except discord.HTTPException as exc:
                log.info("could not tell a player of game %s: %s", game_id, exc)
        if e.kind == "cancelled_channel_lost":
            self._book.forget(game_id)


OFFER_CLOSED: dict[fx.HandClosure, str] = {
    "game_over": "the game is over.",
    "cancelled": "this game was cancelled.",
    "left": "you left this game.",
    "deal_over": "",
}


def _is_direct(effect: fx.Effect) -> bool:
    """Effects shown in DMs, which a lost channel does not stop."""
    if isinstance(effect, fx.ShowHand | fx.CloseHand | fx.TellPlayers):
        return True
    return getattr(effect, "in_channel", True) is False
