"""Everything the bot writes for a game: the table in the channel, hands in DMs.

Per deal the channel gets one table message (edited as bids and cards come in, see
``tables``), one picture per finished trick and a score sheet; each person gets one
DM whose hand picture and controls are edited in place, plus a short ping when their
turn comes. A person whose DMs are closed (Discord error 50007) is told once in the
channel and plays through the table's "My hand" button instead.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING

import discord

from bot import controls, pictures, texts
from bot.session import GameSession
from engine import DealScored, Phase, TrickWon
from engine.display_order import hand_order
from engine.record import game_to_record, record_to_json

if TYPE_CHECKING:
    from bot.app import KachufulBot
    from bot.gameplay import DealContext

log = logging.getLogger(__name__)

DMS_CLOSED = 50007


async def safely(step: Awaitable[object], what: str) -> None:
    """Run one message step; if Discord refuses it even after discord.py's own
    retries, log it and go on, so one lost picture never stalls the game."""
    try:
        await step
    except discord.HTTPException as exc:
        log.warning("could not send the %s: %s", what, exc)


async def channel(bot: KachufulBot, session: GameSession) -> discord.abc.Messageable:
    channel_id = session.table_channel_id
    found = bot.get_channel(channel_id)
    if found is None:
        found = await bot.fetch_channel(channel_id)
    assert isinstance(found, discord.abc.Messageable)
    return found


async def channel_note(bot: KachufulBot, session: GameSession, text: str) -> None:
    target = await channel(bot, session)
    await target.send(text, allowed_mentions=discord.AllowedMentions(users=True))


async def send_trick(
    bot: KachufulBot, session: GameSession, trick: TrickWon, context: DealContext
) -> None:
    game = session.game
    assert game is not None
    names = session.names()
    file = await pictures.trick_file_for(context, names, trick)
    caption = (
        f"Deal {context.number}, trick {trick.number}: **{names[trick.winner]}** wins "
        f"with {trick.winning_card}."
    )
    await (await channel(bot, session)).send(caption, file=file)


async def send_scores(bot: KachufulBot, session: GameSession, scored: DealScored) -> None:
    game = session.game
    assert game is not None
    names = session.names()
    result = game.results()[scored.number - 1]
    file = await pictures.score_sheet_file(game, names)
    await (await channel(bot, session)).send(texts.deal_summary(result, names), file=file)


async def send_final(bot: KachufulBot, session: GameSession) -> None:
    game = session.game
    assert game is not None
    names = session.names()
    seed = game.seed.hex() if game.seed else ""
    text = (
        texts.final_text(game, names)
        + f"\n\nFair-deal proof: the seed was `{seed}` (SHA-256 `{game.commitment}`, "
        "shown at the start). Download the record and check it with `kachuful verify`."
    )
    files = [await pictures.final_file(game, names), record_file(session)]
    await (await channel(bot, session)).send(
        text, files=files, view=controls.finished_controls(session)
    )


def record_file(session: GameSession) -> discord.File:
    game = session.game
    assert game is not None
    record = game_to_record(game, include_seed=game.is_over)
    data = record_to_json(record).encode()
    return pictures.as_file(data, f"kachuful-game-{session.game_id}.json")


# --- the deal's messages ---------------------------------------------------------------


async def start_deal_messages(bot: KachufulBot, session: GameSession) -> None:
    """A new deal: a fresh table message, and a fresh DM for each person."""
    await safely(bot.tables.new_table_message(session), "table message")
    for seat in range(len(session.seats)):
        state = session.seats[seat]
        state.dm_message_id = None
        if state.is_human and not state.left:
            await safely(send_hand_dm(bot, session, seat), "hand")
    await ping_turns(bot, session, previous=set())


async def close_deal_dms(bot: KachufulBot, session: GameSession) -> None:
    """A deal is over: its DMs keep a one-line result and lose their controls."""
    game = session.game
    assert game is not None
    result = game.results()[-1]
    for seat, state in enumerate(session.seats):
        if state.dm_message_id is None or state.dm_channel_id is None or state.dms_closed:
            continue
        dm = bot.get_partial_messageable(state.dm_channel_id, type=discord.ChannelType.private)
        hit = "✓ made it" if result.bids[seat] == result.tricks[seat] else "✗ missed"
        text = (
            f"{where(bot, session)} — deal {result.number} is over: you bid "
            f"{result.bids[seat]} and took {result.tricks[seat]} ({hit}, "
            f"{result.scores[seat]:+d}, total {result.totals[seat]})."
        )
        with contextlib.suppress(discord.HTTPException):
            await dm.get_partial_message(state.dm_message_id).edit(
                content=text, attachments=[], view=None
            )
    session.shown_controls = set()


async def refresh_hands(bot: KachufulBot, session: GameSession, *, changed: int) -> None:
    """After a move: the mover's DM, and the DMs of whoever is to act now."""
    game = session.game
    assert game is not None
    before = set(session.shown_controls)
    now_awaiting = set(session.awaiting_humans())
    to_update = {changed} | now_awaiting | before
    for seat in sorted(to_update):
        state = session.seats[seat]
        if state.is_human and not state.left:
            await safely(send_hand_dm(bot, session, seat), "hand")
    await ping_turns(bot, session, previous=before)


async def ping_turns(bot: KachufulBot, session: GameSession, *, previous: set[int]) -> None:
    """A short message that notifies each person whose turn has just come."""
    game = session.game
    assert game is not None
    awaiting = set(session.awaiting_humans())
    session.shown_controls = awaiting
    doing = "bid" if game.phase is Phase.BIDDING else "play"
    for seat in sorted(awaiting - previous):
        state = session.seats[seat]
        if state.dms_closed:
            note = f"<@{state.user_id}>, your turn to {doing}: press **My hand**."
            await safely(channel_note(bot, session, note), "turn note")
            continue
        try:
            dm = await _dm_channel(bot, session, seat)
        except discord.HTTPException as exc:
            log.warning("no DM channel for a turn ping: %s", exc)
            continue
        if dm is None:
            continue
        if state.ping_message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await dm.get_partial_message(state.ping_message_id).delete()
        try:
            ping = await dm.send(f"🔔 Your turn to {doing} — {where(bot, session)}")
        except discord.Forbidden as exc:
            await _dms_closed(bot, session, seat, exc)
            continue
        except discord.HTTPException as exc:
            log.warning("turn ping lost: %s", exc)
            continue
        state.ping_message_id = ping.id


def where(bot: KachufulBot, session: GameSession) -> str:
    guild = bot.get_guild(session.guild_id)
    place = bot.get_channel(session.table_channel_id)
    guild_name = guild.name if guild else "your server"
    channel_name = f"#{place.name}" if place is not None and hasattr(place, "name") else "the game"
    return f"**{guild_name}** · {channel_name}"


async def hand_payload(
    bot: KachufulBot, session: GameSession, seat: int
) -> tuple[str, discord.File | None, discord.ui.View]:
    """What a person sees of their hand now: text, picture and controls."""
    game = session.game
    assert game is not None
    state = session.seats[seat]
    view = game.view(seat)
    yours = seat in view.awaiting and not state.plays_itself
    header = (
        f"{where(bot, session)} — deal {view.deal_number} of {view.deal_count}, "
        f"{view.hand_size} card{'s' if view.hand_size != 1 else ''}, "
        f"trump {texts.trump_text(game)}"
    )
    items: list[discord.ui.Item[discord.ui.View]] = []
    if state.autoplay:
        items.append(controls.back_control(session, seat))
        return header + "\nThe computer is playing for you.", None, controls.layout(items)
    blind_choice = (
        game.rules.blind_bids
        and view.phase is Phase.BIDDING
        and not view.has_bid[seat]
        and not state.looked
    )
    if blind_choice:
        status = (
            "You may bid **blind**, before looking at your hand: an exact blind bid scores "
            "double."
        )
        if yours:
            status += " Pick a blind bid, or look at your hand first."
            items += controls.bid_controls(session, seat, view.legal_bids, view.hand_size,
                                           offer_blind=True, blind=True)
        else:
            items += controls.look_control(session, seat)
        items.append(controls.quit_control(session, seat))
        return f"{header}\n{status}", None, controls.layout(items)
    file = await pictures.hand_file(view)
    if view.phase is Phase.BIDDING:
        if yours:
            status = "**Your turn to bid.**"
            if view.forbidden_bid is not None:
                status += f" As the dealer you may not bid {view.forbidden_bid}."
            items += controls.bid_controls(session, seat, view.legal_bids, view.hand_size)
        elif view.has_bid[seat]:
            status = f"You bid {view.bids[seat]}. Waiting for the others."
        else:
            status = "Waiting for your turn to bid."
    elif view.phase is Phase.PLAYING:
        if yours:
            status = "**Your turn to play.**"
            if view.hand_hidden:
                items.append(controls.hidden_card_control(session, seat, game.hand(seat)[0]))
            else:
                ordered = hand_order(view.hand, view.trump)
                items += controls.card_controls(session, seat, ordered, view.legal_cards)
        else:
            status = f"You bid {view.bids[seat]} and have taken {view.tricks_won[seat]}."
    else:
        status = "This deal is over."
    items.append(controls.quit_control(session, seat))
    return f"{header}\n{status}", file, controls.layout(items)


async def _dm_channel(
    bot: KachufulBot, session: GameSession, seat: int
) -> discord.PartialMessageable | discord.DMChannel | None:
    state = session.seats[seat]
    if state.user_id is None or state.dms_closed:
        return None
    if state.dm_channel_id is not None:
        # By its stored id: discord.py keeps only the newest DM channels in memory,
        # and looking the user up again costs two requests per update.
        return bot.get_partial_messageable(state.dm_channel_id, type=discord.ChannelType.private)
    user = bot.get_user(state.user_id) or await bot.fetch_user(state.user_id)
    dm = user.dm_channel or await user.create_dm()
    if state.dm_channel_id != dm.id:
        state.dm_channel_id = dm.id
        await bot.storage.update_seat(session.game_id, seat, dm_channel_id=dm.id)
    return dm


async def send_hand_dm(bot: KachufulBot, session: GameSession, seat: int) -> None:
    """Create this deal's DM for ``seat``, or edit it in place."""
    state = session.seats[seat]
    if state.dms_closed:
        return
    try:
        dm = await _dm_channel(bot, session, seat)
    except discord.HTTPException:
        log.warning("no DM channel for seat %s of game %s", seat, session.game_id)
        return
    if dm is None:
        return
    content, file, view = await hand_payload(bot, session, seat)
    attachments = [file] if file is not None else []
    try:
        if state.dm_message_id is None:
            message = await dm.send(content, files=attachments, view=view)
            state.dm_message_id = message.id
            await bot.storage.update_seat(session.game_id, seat, dm_message_id=message.id)
        else:
            await dm.get_partial_message(state.dm_message_id).edit(
                content=content, attachments=attachments, view=view
            )
    except discord.Forbidden as exc:
        await _dms_closed(bot, session, seat, exc)
    except discord.NotFound:
        # The player deleted the DM: start a new one next time.
        state.dm_message_id = None


async def _dms_closed(
    bot: KachufulBot, session: GameSession, seat: int, exc: discord.Forbidden
) -> None:
    if exc.code != DMS_CLOSED:
        log.warning("DM refused for seat %s of game %s: %s", seat, session.game_id, exc)
    state = session.seats[seat]
    if state.dms_closed:
        return
    state.dms_closed = True
    await bot.storage.update_seat(session.game_id, seat, dms_closed=True)
    if seat not in session.announced_dm_fallback:
        session.announced_dm_fallback.add(seat)
        await channel_note(
            bot,
            session,
            f"<@{state.user_id}>, I can't send you direct messages. Play with the "
            "**My hand** button on the table message; your hand only shows to you.",
        )
