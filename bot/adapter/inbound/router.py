"""The one place a button click or menu choice arrives.

Every component interaction is answered: well-formed clicks are acknowledged at once
(before any rendering or storage) and then handed to the game core; anything else —
a stranger's click, someone else's turn, a stale or forged button, a double click —
gets a short ephemeral explanation and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import Final, assert_never

import discord

from bot.adapter.inbound import after_game, pad_router
from bot.adapter.inbound.hand_reply import send_hand, update_ephemeral_hand
from bot.adapter.inbound.parts import BotParts
from bot.adapter.inbound.replies import interaction_data, reply
from bot.adapter.inbound.review_answer import send_review
from bot.adapter.inbound.router_checks import actor_of
from bot.adapter.words import controls
from bot.adapter.words.custom_ids import (
    BadComponent,
    BoardPage,
    Confirmation,
    Control,
    DealReviewButton,
    GameButton,
    GameKind,
    LobbyButton,
    LobbyKind,
    MoveButton,
    PadControl,
    SeatButton,
    SeatKind,
    parse_control,
)
from bot.adapter.words.lobby_view import lobby_embed
from bot.core.effects import LobbySnapshot
from bot.core.refusals import Refusal
from bot.core.tables import TableRef

log = logging.getLogger(__name__)

GameHandler = Callable[[BotParts, discord.Interaction, int], Awaitable[None]]
SeatHandler = Callable[[BotParts, discord.Interaction, SeatButton], Awaitable[None]]


def clicked_control(interaction: discord.Interaction) -> Control:
    return parse_control(str(interaction_data(interaction).get("custom_id", "")))


async def on_component(bot: BotParts, interaction: discord.Interaction) -> None:
    """Route a click to its one handler; what it raises is answered by the one error
    handler (``inbound.errors``)."""
    control = clicked_control(interaction)
    match control:
        case MoveButton():
            await on_move(bot, interaction, control)
        case LobbyButton():
            await LOBBY_HANDLERS[control.kind](bot, interaction, control.game_id)
        case SeatButton():
            await SEAT_HANDLERS[control.kind](bot, interaction, control)
        case GameButton():
            await GAME_HANDLERS[control.kind](bot, interaction, control.game_id)
        case DealReviewButton():
            await send_review(bot, interaction, control.game_id, control.deal, whole_game=False)
        case BoardPage():
            await after_game.on_board(bot, interaction, control)
        case Confirmation():
            await after_game.on_confirmation(bot, interaction, control)
        case PadControl():
            await bot.pads.catch_up(control.pad_id)
            await pad_router.PAD_HANDLERS[control.kind](bot, interaction, control)
        case _:
            assert_never(control)


async def on_modal(bot: BotParts, interaction: discord.Interaction) -> None:
    """A form the bot showed was sent (the score pad's guest and correction forms)."""
    control = clicked_control(interaction)
    if not isinstance(control, PadControl):
        raise BadComponent("not a form of this bot")
    await bot.pads.catch_up(control.pad_id)
    await pad_router.on_modal(bot, interaction, control)


# --- moves -------------------------------------------------------------------------------

async def on_move(bot: BotParts, interaction: discord.Interaction, move: MoveButton) -> None:
    service = bot.service
    if await _made_elsewhere(bot, interaction, move.game_id):
        return
    if not interaction.response.is_done() and not service.is_loaded(move.game_id):
        # Not loaded in this process yet (another one opened it, shared database):
        # acknowledge before loading it; a refusal then follows as a private message.
        await interaction.response.defer()
    await service.check_move(move.game_id, interaction.user.id, move.seat, move.turn)
    if not interaction.response.is_done():
        await interaction.response.defer()
    # The click's token shows this person their hand from now on (no bot-token edit).
    bot.tokens.saw(interaction, move.game_id)
    hand = await service.move(move.game_id, interaction.user.id, move.seat, move.turn,
                              move.choice)
    if hand is not None:
        await update_ephemeral_hand(bot, interaction, move.game_id, move.seat, hand)


async def _made_elsewhere(bot: BotParts, interaction: discord.Interaction, game_id: int) -> bool:
    """A DM click of a game whose server another process runs goes there
    (``click_routing``), acknowledged first. A click routed here is answered already."""
    routing = bot.routing
    if routing is None or interaction.guild_id is not None or interaction.response.is_done():
        return False
    place = bot.service.place(game_id)
    if place is not None and routing.runs_guild(place.guild_id):
        return False
    await interaction.response.defer()
    return await routing.hand_over(interaction, game_id)


async def on_look(bot: BotParts, interaction: discord.Interaction, look: SeatButton) -> None:
    await bot.service.player_seat(look.game_id, interaction.user.id)
    await interaction.response.defer()
    bot.tokens.saw(interaction, look.game_id)
    hand = await bot.service.look(look.game_id, interaction.user.id, look.seat)
    await update_ephemeral_hand(bot, interaction, look.game_id, look.seat, hand)


async def on_hand(bot: BotParts, interaction: discord.Interaction, game_id: int) -> None:
    await bot.service.player_seat(game_id, interaction.user.id)
    await send_hand(bot, interaction, game_id)


async def on_back(bot: BotParts, interaction: discord.Interaction, back: SeatButton) -> None:
    await bot.service.player_seat(back.game_id, interaction.user.id)
    await interaction.response.defer()
    await bot.service.back(back.game_id, interaction.user.id)
    await bot.delivery.settled(TableRef.game(back.game_id))
    words = await bot.languages.asker(interaction)
    await reply(interaction, words.t("Welcome back — it's you playing again."))


async def on_quit(bot: BotParts, interaction: discord.Interaction, quit: SeatButton) -> None:
    seat = await bot.service.player_seat(quit.game_id, interaction.user.id)
    if quit.seat != seat:
        raise Refusal("not_your_controls")
    words = await bot.languages.asker(interaction)
    if quit.kind == "quit":
        confirm = controls.layout([controls.button(
            SeatButton("quityes", quit.game_id, seat).encode(), words.t("Leave the game"),
            discord.ButtonStyle.danger)])
        await reply(interaction, words.t("Leave this game? A computer player takes your seat "
                                         "and the game goes on; the result still counts for "
                                         "you."), view=confirm)
        return
    await interaction.response.edit_message(content=words.t("Leaving the game…"), view=None)
    await bot.service.leave_game(quit.game_id, interaction.user.id)
    await bot.delivery.settled(TableRef.game(quit.game_id))
    await reply(interaction, words.t("You've left the game."))


# --- the lobby ---------------------------------------------------------------------------

_LOBBY_ANSWERS: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
"""Per lobby: its clicks' answers go one at a time."""


async def _show_lobby(bot: BotParts, interaction: discord.Interaction,
                      lobby: LobbySnapshot) -> None:
    # Two joins at once each answer with the lobby they made, and the older answer could
    # land last (a lobby shown a seat short). So answers go one at a time, each with the
    # lobby as it is by then: the last to land shows the newest.
    lock = _LOBBY_ANSWERS.setdefault(lobby.game_id, asyncio.Lock())
    async with lock:
        lobby = await bot.service.lobbies.current(lobby.game_id) or lobby
        # The lobby is the channel's: it stays in the server's language whoever clicks.
        words = await bot.languages.server(interaction.guild_id)
        embed, view = lobby_embed(words, lobby), controls.lobby_controls(words, lobby)
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            await interaction.response.edit_message(embed=embed, view=view)


async def on_join(bot: BotParts, interaction: discord.Interaction, game_id: int) -> None:
    user = interaction.user
    await _show_lobby(bot, interaction, await bot.service.lobbies.join(
        game_id, user.id, user.display_name))


async def on_leave(bot: BotParts, interaction: discord.Interaction, game_id: int) -> None:
    await _show_lobby(bot, interaction, await bot.service.lobbies.leave(
        game_id, interaction.user.id))


async def on_add_computer(bot: BotParts, interaction: discord.Interaction, game_id: int) -> None:
    values = interaction_data(interaction).get("values") or []
    level = str(values[0]) if values else ""
    await _show_lobby(bot, interaction, await bot.service.lobbies.add_computer(
        game_id, interaction.user.id, level))


async def on_remove_computer(
    bot: BotParts, interaction: discord.Interaction, game_id: int
) -> None:
    await _show_lobby(bot, interaction, await bot.service.lobbies.remove_computer(
        game_id, interaction.user.id))


async def on_close(bot: BotParts, interaction: discord.Interaction, game_id: int) -> None:
    await bot.service.lobbies.close(game_id, actor_of(interaction))
    words = await bot.languages.server(interaction.guild_id)
    await interaction.response.edit_message(content=words.t("This lobby was cancelled."),
                                            embed=None, view=None)


async def on_start(bot: BotParts, interaction: discord.Interaction, game_id: int) -> None:
    # Acknowledge before the database: under load its writes queue behind moves (a
    # refusal then follows as a private message).
    await interaction.response.defer()
    await bot.service.lobbies.start(game_id, actor_of(interaction))


async def on_review_game(bot: BotParts, interaction: discord.Interaction, game_id: int) -> None:
    await send_review(bot, interaction, game_id, None, whole_game=True)


LOBBY_HANDLERS: Final[dict[LobbyKind, GameHandler]] = {
    "join": on_join,
    "leave": on_leave,
    "addbot": on_add_computer,
    "dropbot": on_remove_computer,
    "start": on_start,
    "close": on_close,
}
SEAT_HANDLERS: Final[dict[SeatKind, SeatHandler]] = {
    "blind": on_look,
    "back": on_back,
    "quit": on_quit,
    "quityes": on_quit,
}
GAME_HANDLERS: Final[dict[GameKind, GameHandler]] = {
    "hand": on_hand,
    "rematch": after_game.on_rematch,
    "record": after_game.send_record,
    "reviewall": on_review_game,
}
