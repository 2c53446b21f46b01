"""Each effect as Discord calls: the table in the channel, hands in DMs.

Per deal the channel gets one table message: edited as bids and cards come in (with
the last finished trick's picture), and at the deal's end into its score sheet. Each
person gets one DM whose hand picture and controls are edited in place, plus a short
ping when their turn comes. Errors are not handled here: they go up to the delivery's one policy.
"""
from __future__ import annotations

import logging
from typing import Any

import discord

from bot.adapter.outbound import pictures
from bot.adapter.outbound.calls import (
    best_effort,
    edit_keeping_pictures,
    edit_or_send,
    edit_unless_deleted,
    refused_by_channel,
    send_new,
)
from bot.adapter.outbound.message_book import GameMessages
from bot.adapter.outbound.presenting import NO_MENTIONS, ShowContext, fingerprint, view_fingerprint
from bot.adapter.outbound.reports import ThreadOpened
from bot.adapter.outbound.showing_turns import OFFER_CLOSED, close_offer
from bot.adapter.words import controls, texts
from bot.adapter.words.hand_text import hand_closed_text, hand_picture_key, hand_text
from bot.adapter.words.lobby_view import lobby_embed
from bot.core import effects as fx
from i18n import N_, Words
from i18n.computer_names import shown_name, shown_names

log = logging.getLogger(__name__)


async def show_lobby(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.ShowLobby,
) -> None:
    lobby = e.lobby
    channel = ctx.client.get_partial_messageable(messages.channel_id)
    if messages.lobby_message_id is None:
        return
    words = await ctx.server(e.place)
    closed = {"idle": words.t("This lobby closed: nobody used it for a while."),
              "cancelled": words.t("This lobby was cancelled.")}
    if lobby.state in closed:
        await channel.get_partial_message(messages.lobby_message_id).edit(
            content=closed[lobby.state], embed=None, view=None)
        return
    await channel.get_partial_message(messages.lobby_message_id).edit(
        embed=lobby_embed(words, lobby), view=controls.lobby_controls(words, lobby))


async def show_open_thread(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.OpenThread,
) -> None:
    if messages.lobby_message_id is None:
        return
    channel = ctx.client.get_partial_messageable(messages.channel_id,
                                                   guild_id=e.place.guild_id)
    words = await ctx.server(e.place)
    name = (words.t("Call Break game {number}", number=game_id) if e.game == "callbreak"
            else words.t("Kachuful game {number}", number=game_id))
    thread = await channel.get_partial_message(messages.lobby_message_id).create_thread(
        name=name)
    ctx.reports.put(ThreadOpened(game_id, thread.id))
    await ctx.book.thread_opened(game_id, messages, thread.id)
    for user_id in e.user_ids:
        await best_effort(f"a player not added to the thread of game {game_id}",
                          thread.add_user(discord.Object(user_id)))


async def show_announce_start(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.AnnounceStart,
) -> None:
    view = e.table.view
    words = await ctx.server(e.place)
    names = shown_names(words, e.table.names)
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
    await ctx.channel(messages).send("\n".join(lines), files=files,
                                       allowed_mentions=NO_MENTIONS)


# --- the table ----------------------------------------------------------------------


async def show_post_table(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.PostTable,
) -> None:
    messages.channel_state = "ok" if messages.channel_state == "unwritable" else \
        messages.channel_state
    words = await ctx.server(e.place)
    text = texts.table_text(words, e.table)
    message = await ctx.channel(messages).send(
        text, view=controls.table_controls(words, game_id), allowed_mentions=NO_MENTIONS)
    messages.sent[message.id] = fingerprint(text, True)
    await ctx.book.table_posted(game_id, messages, message.id)


async def show_edit_table(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.EditTable,
) -> None:
    if messages.table_message_id is None or messages.channel_state != "ok":
        return
    words = await ctx.server(e.place)
    text = texts.table_text(words, e.table)
    trick = _trick_to_show(messages)
    if messages.last_trick is not None:
        text += "\n" + _trick_caption(words, messages.last_trick)
    mark = fingerprint(text, True)
    if messages.sent.get(messages.table_message_id) == mark:
        return
    extra: dict[str, Any] = {}
    if trick is not None:
        extra["attachments"] = [await pictures.trick_file(words, trick)]
    message = await edit_or_send(
        ctx.channel(messages), messages.table_message_id, content=text,
        view=controls.table_controls(words, game_id), allowed_mentions=NO_MENTIONS, **extra)
    await ctx.book.table_posted(game_id, messages, message.id)
    messages.sent[message.id] = mark
    messages.table_trick = messages.last_trick


def _trick_to_show(messages: GameMessages) -> fx.ShowTrick | None:
    """The finished trick whose picture the table message is still to get, if any."""
    trick = messages.last_trick
    return trick if trick is not None and trick is not messages.table_trick else None


def _trick_caption(words: Words, e: fx.ShowTrick) -> str:
    return words.t("Deal {deal}, trick {trick}: **{name}** wins with {card}.",
                   deal=e.deal_number, trick=e.trick.number,
                   name=shown_name(words, e.names[e.trick.winner]),
                   card=str(e.trick.winning_card))


async def show_close_table(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.CloseTable,
) -> None:
    trick = _trick_to_show(messages)
    messages.last_trick = messages.table_trick = None
    if messages.table_message_id is None or messages.channel_state != "ok":
        return
    words = await ctx.server(e.place)
    extra: dict[str, Any] = {}
    if e.result is None or e.view is None:
        text = texts.closed_table_text(words)
    else:
        # The deal's score sheet is the closed table (no message of its own: one bot-token
        # request a deal less), with the deal's last trick below it.
        names = shown_names(words, e.names)
        text = texts.deal_summary(words, e.result, names, e.view.rules)
        files = [await pictures.score_sheet_file(words, e.view, names)]
        if trick is not None:
            text += "\n\n" + _trick_caption(words, trick)
            files.append(await pictures.trick_file(words, trick))
        extra["attachments"] = files
    await ctx.channel(messages).get_partial_message(messages.table_message_id).edit(
        content=text, view=None, allowed_mentions=NO_MENTIONS, **extra)


async def show_trick(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.ShowTrick,
) -> None:
    """A finished trick is shown in the table message, with its picture, by the table's
    next edit (or its closing, for a deal's last trick): no message of its own, and no
    request of the bot token's budget."""
    messages.last_trick = e


async def show_final(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.ShowFinal,
) -> None:
    view = e.table.view
    words = await ctx.server(e.place)
    names = shown_names(words, e.table.names)
    text = texts.final_text(words, view, names, e.rating_changes) + "\n\n" + words.t(
        "Fair-deal proof: the seed was `{seed}` (SHA-256 `{commitment}`, shown at the "
        "start). Download the record and check it with `kachuful verify`.",
        seed=e.seed_hex, commitment=e.table.commitment)
    picture = await pictures.final_file(words, view, names)
    record_name = f"kachuful-game-{game_id}.json"
    try:
        if messages.channel_state == "ok" and not await refused_by_channel(
            ctx.channel(messages).send(
                text, files=[picture, pictures.as_file(e.record_json, record_name)],
                view=controls.finished_controls(words, game_id),
                allowed_mentions=NO_MENTIONS)):
            return
    finally:
        ctx.book.forget(game_id)
    # The channel cannot show the end: every player gets it in a DM, in their language.
    for seat, label in enumerate(e.table.seats):
        if label.user_id is None or label.left or seat in messages.dms_closed:
            continue
        own = await ctx.person(e.place, label.user_id)
        own_text = texts.final_text(own, view, names, e.rating_changes) + "\n\n" + own.t(
            "Fair-deal proof: the seed was `{seed}` (SHA-256 `{commitment}`, shown at the "
            "start). Download the record and check it with `kachuful verify`.",
            seed=e.seed_hex, commitment=e.table.commitment)
        dm = await ctx.dm(game_id, messages, seat, label.user_id)
        files = [await pictures.final_file(own, view, names),
                 pictures.as_file(e.record_json, record_name)]
        await best_effort(f"final standings not sent to a player of game {game_id}",
                          dm.send(own_text, files=files))


async def show_hand(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.ShowHand,
) -> None:
    seat = e.seat
    if e.fresh:
        messages.hand_messages.pop(seat, None)
        messages.hand_attachments.pop(seat, None)
    dm = await ctx.dm(game_id, messages, seat, e.user_id)
    words = await ctx.person(e.place, e.user_id)
    content = hand_text(words, e.hand, ctx.where(words, e.place, messages))
    view = controls.hand_controls(words, game_id, seat, e.hand)
    key = hand_picture_key(e.hand)
    booked = messages.hand_messages.get(seat)
    # A new deal's hand is a new message; otherwise the one the person clicked last
    # may be newer than this process's book (another process posted it).
    message_id = booked if e.fresh else ctx.tokens.hand_message(e.user_id, game_id, booked)
    mark = fingerprint(content, key, view_fingerprint(view))
    if not e.hand.away:
        await close_offer(ctx, messages, seat, e.place, e.user_id,
                                N_("you're playing again."))
    if message_id is not None and messages.sent.get(message_id) == mark:
        return
    kept = messages.hand_attachments.get(seat) if message_id == booked else None

    async def drawn() -> list[Any]:
        if key is None:
            return []
        return [pictures.as_file(await pictures.hand_png(words, e.hand.view), "hand.png")]

    keeping = key is not None and kept is not None and kept[0] == key
    if message_id is None:
        # A new deal's hand: a follow-up on the person's latest click, while it works.
        message = await send_new(dm, ctx.tokens.latest(e.user_id), content=content,
                                 files=await drawn(), view=view)
    elif keeping:
        assert kept is not None
        message = await edit_keeping_pictures(
            dm, message_id, ctx.tokens.for_message(e.user_id, message_id), drawn,
            content=content, attachments=kept[1], view=view)
    else:
        message = await edit_or_send(dm, message_id, ctx.tokens.for_message(e.user_id, message_id),
                                     content=content, attachments=await drawn(), view=view)
    await ctx.book.hand_posted(game_id, messages, seat, message.id)
    messages.hand_attachments[seat] = (key, list(message.attachments))
    messages.sent[message.id] = mark


async def show_close_hand(
    ctx: ShowContext, game_id: int, messages: GameMessages, e: fx.CloseHand,
) -> None:
    if e.why != "deal_over":
        await close_offer(ctx, messages, e.seat, e.place, e.user_id, OFFER_CLOSED[e.why])
    message_id = messages.hand_messages.pop(e.seat, None)
    messages.hand_attachments.pop(e.seat, None)
    if message_id is None or e.seat not in messages.dm_channels:
        return
    message_id = ctx.tokens.hand_message(e.user_id, game_id, message_id)
    dm = await ctx.dm(game_id, messages, e.seat, e.user_id)
    words = await ctx.person(e.place, e.user_id)
    text = hand_closed_text(words, e, ctx.where(words, e.place, messages))
    view = controls.review_controls(words, game_id, e)
    message = dm.get_partial_message(message_id)
    token = ctx.tokens.for_message(e.user_id, message_id)
    if not await edit_unless_deleted(message, token, content=text, attachments=[], view=view):
        return  # the person deleted it: nothing left to close
    if e.why == "game_over" and ctx.summaries is not None:
        ctx.summaries.add(game_id, e.seat, message, text, words)
