"""The one place a button click or menu choice arrives.

Every component interaction is answered: well-formed clicks are acknowledged at once
(before any rendering or storage) and then handed to the game core; anything else —
a stranger's click, someone else's turn, a stale or forged button, a double click —
gets a short ephemeral explanation and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.adapter.inbound import after_game, pad_router
from bot.adapter.inbound.hand_reply import send_hand, update_ephemeral_hand
from bot.adapter.inbound.replies import interaction_data, reply
from bot.adapter.inbound.review_answer import send_review
from bot.adapter.inbound.router_checks import actor_of
from bot.adapter.words import controls
from bot.adapter.words.custom_ids import (
    HIDDEN_CARD,
    BadComponent,
    ComponentId,
    component_id,
    parse_component_id,
)
from bot.adapter.words.lobby_view import lobby_embed
from bot.core.effects import LobbySnapshot
from bot.core.move_choice import MoveChoice
from bot.core.refusals import Refusal
from bot.core.tables import TableRef
from engine import Card, CardError

if TYPE_CHECKING:
    from bot.adapter.inbound.parts import BotParts

log = logging.getLogger(__name__)

Handler = Callable[["BotParts", discord.Interaction, ComponentId], Awaitable[None]]


async def on_component(bot: BotParts, interaction: discord.Interaction) -> None:
    """Route a click; what it raises is answered by the one error handler
    (``inbound.errors``)."""
    cid = parse_component_id(str(interaction_data(interaction).get("custom_id", "")))
    handler = HANDLERS.get(cid.kind)
    if handler is None:
        raise BadComponent(f"no handler for {cid.kind}")
    if cid.kind in pad_router.PAD_HANDLERS:
        await bot.pads.catch_up(cid.game_id)
    await handler(bot, interaction, cid)


async def on_modal(bot: BotParts, interaction: discord.Interaction) -> None:
    """A form the bot showed was sent (the score pad's guest and correction forms)."""
    cid = parse_component_id(str(interaction_data(interaction).get("custom_id", "")))
    await bot.pads.catch_up(cid.game_id)
    await pad_router.on_modal(bot, interaction, cid)


# --- moves -------------------------------------------------------------------------------

def move_choice(cid: ComponentId) -> MoveChoice:
    if cid.kind == "bid":
        flags = cid.args[2:]
        if flags not in ((), ("b",)):
            raise BadComponent("bad bid flags")
        return MoveChoice(bid=cid.arg_int(1), blind=flags == ("b",))
    if len(cid.args) != 2:
        raise BadComponent("bad card")
    if cid.args[1] == HIDDEN_CARD:
        return MoveChoice(hidden_card=True)
    try:
        return MoveChoice(card=Card.parse(cid.args[1]))
    except CardError:
        raise BadComponent("bad card") from None


async def on_move(bot: BotParts, interaction: discord.Interaction, cid: ComponentId) -> None:
    seat = cid.arg_int(0)
    choice = move_choice(cid)
    service = bot.service
    if not service.is_loaded(cid.game_id):
        # Not loaded in this process yet (another one opened it, shared database):
        # acknowledge before loading it; a refusal then follows as a private message.
        await interaction.response.defer()
    await service.check_move(cid.game_id, interaction.user.id, seat, cid.counter)
    if not interaction.response.is_done():
        await interaction.response.defer()
    # The click's token shows this person their hand from now on (no bot-token edit).
    bot.tokens.saw(interaction)
    hand = await service.move(cid.game_id, interaction.user.id, seat, cid.counter, choice)
    if hand is not None:
        await update_ephemeral_hand(bot, interaction, cid.game_id, seat, hand)


async def on_look(bot: BotParts, interaction: discord.Interaction, cid: ComponentId) -> None:
    seat = cid.arg_int(0)
    await bot.service.playing(cid.game_id, interaction.user.id)
    await interaction.response.defer()
    bot.tokens.saw(interaction)
    hand = await bot.service.look(cid.game_id, interaction.user.id, seat)
    await update_ephemeral_hand(bot, interaction, cid.game_id, seat, hand)


async def on_hand(bot: BotParts, interaction: discord.Interaction, cid: ComponentId) -> None:
    await bot.service.playing(cid.game_id, interaction.user.id)
    await send_hand(bot, interaction, cid.game_id)


async def on_back(bot: BotParts, interaction: discord.Interaction, cid: ComponentId) -> None:
    await bot.service.playing(cid.game_id, interaction.user.id)
    await interaction.response.defer()
    await bot.service.back(cid.game_id, interaction.user.id)
    await bot.delivery.settled(TableRef.game(cid.game_id))
    words = await bot.languages.asker(interaction)
    await reply(interaction, words.t("Welcome back — it's you playing again."))


async def on_quit(bot: BotParts, interaction: discord.Interaction, cid: ComponentId) -> None:
    _, seat = await bot.service.playing(cid.game_id, interaction.user.id)
    if cid.arg_int(0) != seat:
        raise Refusal("not_your_controls")
    words = await bot.languages.asker(interaction)
    if cid.kind == "quit":
        confirm = controls.layout([controls.button(
            component_id("quityes", cid.game_id, 0, seat), words.t("Leave the game"),
            discord.ButtonStyle.danger)])
        await reply(interaction, words.t("Leave this game? A computer player takes your seat "
                                         "and the game goes on; the result still counts for "
                                         "you."), view=confirm)
        return
    await interaction.response.edit_message(content=words.t("Leaving the game…"), view=None)
    await bot.service.leave_game(cid.game_id, interaction.user.id)
    await bot.delivery.settled(TableRef.game(cid.game_id))
    await reply(interaction, words.t("You've left the game."))


# --- the lobby ---------------------------------------------------------------------------

async def _show_lobby(bot: BotParts, interaction: discord.Interaction,
                      lobby: LobbySnapshot) -> None:
    # The lobby is the channel's: it stays in the server's language whoever clicks.
    words = await bot.languages.server(interaction.guild_id)
    embed, view = lobby_embed(words, lobby), controls.lobby_controls(words, lobby)
    if interaction.response.is_done():
        await interaction.edit_original_response(embed=embed, view=view)
    else:
        await interaction.response.edit_message(embed=embed, view=view)


async def on_join(bot: BotParts, interaction: discord.Interaction, cid: ComponentId) -> None:
    user = interaction.user
    await _show_lobby(bot, interaction, await bot.service.lobbies.join(
        cid.game_id, user.id, user.display_name))


async def on_leave(bot: BotParts, interaction: discord.Interaction, cid: ComponentId) -> None:
    await _show_lobby(bot, interaction, await bot.service.lobbies.leave(
        cid.game_id, interaction.user.id))


async def on_add_computer(
    bot: BotParts, interaction: discord.Interaction, cid: ComponentId
) -> None:
    values = interaction_data(interaction).get("values") or []
    level = str(values[0]) if values else ""
    await _show_lobby(bot, interaction, await bot.service.lobbies.add_computer(
        cid.game_id, interaction.user.id, level))


async def on_remove_computer(
    bot: BotParts, interaction: discord.Interaction, cid: ComponentId
) -> None:
    await _show_lobby(bot, interaction, await bot.service.lobbies.remove_computer(
        cid.game_id, interaction.user.id))


async def on_close(bot: BotParts, interaction: discord.Interaction, cid: ComponentId) -> None:
    await bot.service.lobbies.close(cid.game_id, actor_of(interaction))
    words = await bot.languages.server(interaction.guild_id)
    await interaction.response.edit_message(content=words.t("This lobby was cancelled."),
                                            embed=None, view=None)


async def on_start(bot: BotParts, interaction: discord.Interaction, cid: ComponentId) -> None:
    # Acknowledge before the database: under load its writes queue behind moves (a
    # refusal then follows as a private message).
    await interaction.response.defer()
    await bot.service.lobbies.start(cid.game_id, actor_of(interaction))



async def on_review(bot: BotParts, interaction: discord.Interaction, cid: ComponentId) -> None:
    """``kf:review:<game>:<deal>:`` (the counter field holds the deal's number), or
    ``kf:reviewall:<game>:0:`` for the whole game."""
    whole = cid.kind == "reviewall"
    await send_review(bot, interaction, cid.game_id, None if whole else cid.counter,
                      whole_game=whole)


HANDLERS: dict[str, Handler] = {
    "join": on_join,
    "leave": on_leave,
    "addbot": on_add_computer,
    "dropbot": on_remove_computer,
    "start": on_start,
    "close": on_close,
    "bid": on_move,
    "play": on_move,
    "blind": on_look,
    "hand": on_hand,
    "back": on_back,
    "quit": on_quit,
    "quityes": on_quit,
    "rematch": after_game.on_rematch,
    "record": after_game.on_record,
    "review": on_review,
    "reviewall": on_review,
    "board": after_game.on_board,
    "cancelyes": after_game.on_cancel_confirm,
    "cancelno": after_game.on_cancel_confirm,
    "forgetyes": after_game.on_forget_confirm,
    "forgetno": after_game.on_forget_confirm,
    "resetyes": after_game.on_reset_confirm,
    "resetno": after_game.on_reset_confirm,
    **pad_router.PAD_HANDLERS,
}
