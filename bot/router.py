"""The one place a button click or menu choice arrives.

Every component interaction is answered: well-formed clicks are acknowledged at once
(before any rendering or storage) and then applied under the game's lock; anything
else — a stranger's click, someone else's turn, a stale or forged button, a double
click — gets a short ephemeral explanation and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot import controls, gameplay, lobby, messaging
from bot.computer import DEFAULT_LEVEL
from bot.custom_ids import BadComponent, ComponentId, component_id, parse_component_id
from bot.replies import interaction_data, reply, reply_after_defer
from bot.session import GameSession
from bot.storage.errors import StorageError
from engine import Bid, Card, CardError, IllegalAction, KachufulError, Play

if TYPE_CHECKING:
    from bot.app import KachufulBot

log = logging.getLogger(__name__)

Handler = Callable[["KachufulBot", discord.Interaction, ComponentId], Awaitable[None]]


async def on_component(bot: KachufulBot, interaction: discord.Interaction) -> None:
    custom_id = interaction_data(interaction).get("custom_id", "")
    try:
        cid = parse_component_id(str(custom_id))
        handler = HANDLERS[cid.kind]
    except (BadComponent, KeyError):
        await reply(interaction, "That control isn't one of this game's buttons.")
        return
    try:
        await handler(bot, interaction, cid)
    except BadComponent:
        await reply(interaction, "That control isn't one of this game's buttons.")


def _session_for(bot: KachufulBot, cid: ComponentId) -> GameSession | None:
    session = bot.registry.get(cid.game_id)
    return session if session is not None and session.status == "active" else None


async def _player_seat(
    bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId
) -> tuple[GameSession, int] | None:
    """The game and the clicker's seat, or ``None`` after explaining why not."""
    session = _session_for(bot, cid)
    if session is None:
        await reply(interaction, "This game has finished or is no longer running.")
        return None
    seat = session.seat_of(interaction.user.id)
    if seat is None:
        await reply(interaction, "You're not playing in this game.")
        return None
    return session, seat


async def _own_controls(
    bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId
) -> tuple[GameSession, int] | None:
    """Like :func:`_player_seat`, and the control must be for the clicker's own seat."""
    found = await _player_seat(bot, interaction, cid)
    if found is not None and cid.arg_int(0) != found[1]:
        await reply(interaction, "Those are another player's controls.")
        return None
    return found


async def on_move(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    found = await _own_controls(bot, interaction, cid)
    if found is None:
        return
    session, seat = found
    action = _action_of(cid, seat)
    if cid.counter != session.control_counter(seat):
        await reply(interaction, "That button is from an earlier turn — use your newest controls.")
        return
    await interaction.response.defer()
    async with bot.working_on(session):
        if session.status != "active" or cid.counter != session.control_counter(seat):
            await reply_after_defer(interaction, "That move was already made — nothing changed.")
            return
        try:
            await gameplay.apply_action(bot, session, action)
        except IllegalAction as exc:
            await reply_after_defer(interaction, str(exc))
            return
        except StorageError as exc:
            await reply_after_defer(interaction, exc.player_message)
            return
        await _refresh_ephemeral_hand(bot, interaction, session, seat)
        await gameplay.after_move(bot, session)


def _action_of(cid: ComponentId, seat: int) -> Bid | Play:
    if cid.kind == "bid":
        return Bid(seat, cid.arg_int(1), blind=cid.args[2:3] == ("b",))
    try:
        return Play(seat, Card.parse(cid.args[1]))
    except (CardError, IndexError):
        raise BadComponent("bad card") from None


async def _refresh_ephemeral_hand(
    bot: KachufulBot, interaction: discord.Interaction, session: GameSession, seat: int
) -> None:
    """A click in an ephemeral "My hand" message updates that message."""
    message = interaction.message
    if message is None or not message.flags.ephemeral or session.game is None:
        return
    content, file, view = await messaging.hand_payload(bot, session, seat)
    try:
        await interaction.edit_original_response(
            content=content, attachments=[file] if file else [], view=view
        )
    except discord.HTTPException as exc:
        log.info("ephemeral hand not refreshed: %s", exc)


async def on_hand(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    found = await _player_seat(bot, interaction, cid)
    if found is not None:
        await show_hand(bot, interaction, *found)


async def show_hand(
    bot: KachufulBot, interaction: discord.Interaction, session: GameSession, seat: int
) -> None:
    """The hand with its controls, only for the asker (``/kachuful hand`` too)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with bot.working_on(session):
        content, file, view = await messaging.hand_payload(bot, session, seat)
    if file is None:
        await interaction.followup.send(content, view=view, ephemeral=True)
    else:
        await interaction.followup.send(content, file=file, view=view, ephemeral=True)


async def on_look(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    found = await _own_controls(bot, interaction, cid)
    if found is None:
        return
    session, seat = found
    await interaction.response.defer()
    async with bot.working_on(session):
        session.seats[seat].looked = True
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await _refresh_ephemeral_hand(bot, interaction, session, seat)
        else:
            await messaging.send_hand_dm(bot, session, seat)


async def on_back(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    found = await _player_seat(bot, interaction, cid)
    if found is None:
        return
    session, seat = found
    await interaction.response.defer()
    async with bot.working_on(session):
        state = session.seats[seat]
        if not state.autoplay:
            await reply_after_defer(interaction, "You're already playing yourself.")
            return
        state.autoplay = False
        state.missed_turns = 0
        await bot.storage.update_seat(session.game_id, seat, autoplay=False, missed_turns=0)
        await messaging.channel_note(bot, session, f"{state.name} is back.")
        await messaging.send_hand_dm(bot, session, seat)
        await messaging.ping_turns(bot, session, previous=set())
        bot.timers.arm(session)
    await reply_after_defer(interaction, "Welcome back — it's you playing again.")


async def on_quit(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    found = await _own_controls(bot, interaction, cid)
    if found is None:
        return
    session, seat = found
    if cid.kind == "quit":
        confirm = controls.layout([
            discord.ui.Button(
                custom_id=component_id("quityes", session.game_id, 0, seat),
                label="Leave the game", style=discord.ButtonStyle.danger,
            )
        ])
        await reply(interaction, "Leave this game? A computer player takes your seat and "
                    "the game goes on; the result still counts for you.", view=confirm)
        return
    await interaction.response.defer()
    async with bot.working_on(session):
        if session.status != "active":
            return
        state = session.seats[seat]
        state.left = True
        state.level = state.level or DEFAULT_LEVEL
        await bot.storage.update_seat(session.game_id, seat, left_game=True,
                                      computer_level=state.level)
        if not session.humans():
            await gameplay.cancel(bot, session, "Everyone has left, so the game is cancelled.",
                                  abandoned=True)
            return
        await messaging.channel_note(
            bot, session, f"{state.name} left the game; a computer player takes their seat."
        )
        bot.tables.mark_dirty(session)
        await gameplay.after_move(bot, session)
    await reply_after_defer(interaction, "You've left the game.")


async def on_record(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    from bot.commands import send_record

    await send_record(bot, interaction, cid.game_id)


async def on_cancel_confirm(
    bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId
) -> None:
    from bot.commands import confirm_cancel

    await confirm_cancel(bot, interaction, cid.game_id, cid.kind == "cancelyes")


async def on_forget_confirm(
    bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId
) -> None:
    from bot.commands import confirm_forget

    await confirm_forget(bot, interaction, cid.game_id, cid.kind == "forgetyes")


async def on_reset_confirm(
    bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId
) -> None:
    from bot.commands import confirm_reset

    await confirm_reset(bot, interaction, cid.game_id, cid.kind == "resetyes")


async def on_board(bot: KachufulBot, interaction: discord.Interaction, cid: ComponentId) -> None:
    """Leaderboard pages: ``game`` holds the server, ``counter`` the page."""
    from bot.commands import send_leaderboard

    if cid.game_id != interaction.guild_id or len(cid.args) != 2:
        raise BadComponent("leaderboard of another server")
    sort, period = cid.args[0].replace("-", "_"), cid.args[1]
    if sort not in ("wins", "points", "average", "win_rate", "bid_accuracy") or period not in (
        "all", "30d", "7d"
    ):
        raise BadComponent("bad leaderboard page")
    await send_leaderboard(bot, interaction, sort, period, max(1, cid.counter))


HANDLERS: dict[str, Handler] = {
    "join": lobby.on_join,
    "leave": lobby.on_leave,
    "addbot": lobby.on_add_computer,
    "dropbot": lobby.on_remove_computer,
    "start": lobby.on_start,
    "close": lobby.on_close,
    "rematch": lobby.on_rematch,
    "bid": on_move,
    "play": on_move,
    "blind": on_look,
    "hand": on_hand,
    "back": on_back,
    "quit": on_quit,
    "quityes": on_quit,
    "record": on_record,
    "board": on_board,
    "cancelyes": on_cancel_confirm,
    "cancelno": on_cancel_confirm,
    "forgetyes": on_forget_confirm,
    "forgetno": on_forget_confirm,
    "resetyes": on_reset_confirm,
    "resetno": on_reset_confirm,
}

__all__ = ["HANDLERS", "KachufulError", "on_component", "show_hand"]
