"""Effects about turns and people: pings, reminders, the "I'm back" offer and its
closing, and notices sent to every player."""

from __future__ import annotations

import logging

from bot.adapter.outbound.calls import best_effort, delete_sent, send_or_follow_up
from bot.adapter.outbound.message_book import GameMessages
from bot.adapter.outbound.presenting import NO_MENTIONS, USER_MENTIONS, ShowContext, send_direct
from bot.adapter.words import controls
from bot.adapter.words.notes import note_text, tell_text
from bot.core import effects as fx
from i18n import N_

log = logging.getLogger(__name__)


async def show_note(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.Note,
) -> None:
    if messages.channel_state != "ok":
        return
    await ctx.channel(messages).send(note_text(await ctx.server(e.place), e),
                                       allowed_mentions=USER_MENTIONS)


# --- hands and turns ------------------------------------------------------------------


async def show_ping_turn(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.PingTurn,
) -> None:
    if e.in_channel:
        await show_note(ctx, game_id, messages, fx.Note(
            e.place, "turn", user_id=e.user_id, detail=e.doing))
        return
    dm = await ctx.dm(game_id, messages, e.seat, e.user_id)
    old = messages.pings.pop(e.seat, None)
    if old is not None:
        await delete_sent(dm, *old)
    words = await ctx.person(e.place, e.user_id)
    where = ctx.where(words, e.place, messages)
    # A follow-up on the person's latest click costs nothing of the bot token's budget.
    token = ctx.tokens.latest(e.user_id)
    texts = {"bid": words.t("🔔 Your turn to bid — {where}", where=where),
             "call": words.t("🔔 Your turn to call — {where}", where=where),
             "play": words.t("🔔 Your turn to play — {where}", where=where)}
    messages.pings[e.seat] = await send_or_follow_up(dm, token, texts[e.doing])


async def show_remind_turn(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.RemindTurn,
) -> None:
    words = await (ctx.server(e.place) if e.in_channel
                   else ctx.person(e.place, e.user_id))
    text = words.t("⏳ Half your time is gone: {seconds} s left to move in {where}.",
                   seconds=e.seconds_left, where=ctx.where(words, e.place, messages))
    if e.in_channel:
        if messages.channel_state == "ok":
            await ctx.channel(messages).send(f"<@{e.user_id}> {text}",
                                               allowed_mentions=USER_MENTIONS)
        return
    await (await ctx.dm(game_id, messages, e.seat, e.user_id)).send(text)


async def show_offer_back(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.OfferBack,
) -> None:
    await close_offer(ctx, messages, e.seat, e.place, e.user_id,
                            N_("see the newer message below."))
    if e.in_channel:
        words = await ctx.server(e.place)
        view = controls.layout([controls.back_control(words, game_id, e.seat)])
        offer = await ctx.channel(messages).send(
            words.t("{mention}, press **I'm back** to play again.",
                    mention=f"<@{e.user_id}>"), view=view,
            allowed_mentions=USER_MENTIONS)
    else:
        words = await ctx.person(e.place, e.user_id)
        view = controls.layout([controls.back_control(words, game_id, e.seat)])
        dm = await ctx.dm(game_id, messages, e.seat, e.user_id)
        offer = await dm.send(words.t(
            "The computer is playing for you in {where}. Press **I'm back** when you are.",
            where=ctx.where(words, e.place, messages)), view=view)
    messages.offers[e.seat] = (offer.channel.id, offer.id)


async def close_offer(ctx: ShowContext, messages: GameMessages, seat: int, place: fx.Place,
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
    words = await (ctx.server(place) if in_channel else ctx.person(place, user_id))
    text = f"{ctx.where(words, place, messages)} — {words.t(why)}"
    offer_message = ctx.client.get_partial_messageable(channel_id).get_partial_message(message_id)
    await best_effort("I'm back offer not closed", offer_message.edit(
        content=text, view=None, allowed_mentions=NO_MENTIONS))


async def show_tell_players(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.TellPlayers,
) -> None:
    for user_id in e.user_ids:
        words = await ctx.person(e.place, user_id)
        text = tell_text(words, e, ctx.where(words, e.place, messages))
        await best_effort(f"a player of game {game_id} not told",
                          send_direct(ctx.client, user_id, text))
    if e.kind == "cancelled_channel_lost":
        ctx.book.forget(game_id)


OFFER_CLOSED: dict[fx.HandClosure, str] = {
    "game_over": N_("the game is over."),
    "cancelled": N_("this game was cancelled."),
    "left": N_("you left this game."),
    "deal_over": "",
}
