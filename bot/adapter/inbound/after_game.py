"""After a game and around it: records, rematches, confirmations, leaderboard pages."""

from __future__ import annotations

import discord

from bot.adapter.inbound.board import send_leaderboard
from bot.adapter.inbound.lobby_answer import open_lobby
from bot.adapter.inbound.parts import BotParts
from bot.adapter.inbound.replies import reply
from bot.adapter.inbound.router_checks import actor_of
from bot.adapter.outbound.pictures import as_file
from bot.adapter.words.custom_ids import BadComponent, BoardPage, Confirmation
from bot.core.refusals import Refusal
from bot.core.standings import board_query
from engine.record import record_to_json


async def send_record(bot: BotParts, interaction: discord.Interaction, game_id: int) -> None:
    found = await bot.records.record(game_id, interaction.guild_id)
    words = await bot.languages.asker(interaction)
    data = record_to_json(found.record).encode()
    if found.table_game:
        await reply(interaction, words.t("The score pad's record (a table game). Check it with "
                                         "`kachuful replay FILE`."),
                    file=as_file(data, "kachuful-table-game.json"))
        return
    await reply(interaction, words.t("The record of game {number}. Check it with "
                                     "`kachuful verify FILE`.", number=game_id),
                file=as_file(data, f"kachuful-game-{game_id}.json"))


async def confirm_cancel(
    bot: BotParts, interaction: discord.Interaction, game_id: int, yes: bool
) -> None:
    words = await bot.languages.asker(interaction)
    if not yes:
        await interaction.response.edit_message(content=words.t("The game goes on."), view=None)
        return
    actor = actor_of(interaction)
    if await bot.service.lookup.game(game_id) is None:
        await interaction.response.edit_message(content=words.t("That game has already ended."),
                                                view=None)
        return
    await bot.service.check_cancel(game_id, actor)
    await interaction.response.edit_message(content=words.t("Cancelled."), view=None)
    await bot.service.cancel(game_id, actor)


async def confirm_forget(
    bot: BotParts, interaction: discord.Interaction, user_id: int, yes: bool
) -> None:
    words = await bot.languages.asker(interaction)
    if interaction.user.id != user_id:
        raise Refusal("only_the_asker")
    if not yes:
        await interaction.response.edit_message(content=words.t("Your stats are kept."),
                                                view=None)
        return
    deleted = await bot.people.forget_person(actor_of(interaction), user_id)
    bot.languages.forget(user_id)
    await interaction.response.edit_message(content=words.n(
        "Done: your stats are deleted everywhere ({count} game result).",
        "Done: your stats are deleted everywhere ({count} game results).", deleted), view=None)


async def confirm_reset(
    bot: BotParts, interaction: discord.Interaction, guild_id: int, yes: bool
) -> None:
    words = await bot.languages.asker(interaction)
    actor = actor_of(interaction)
    bot.people.check_reset(actor, guild_id, interaction.guild_id)
    if not yes:
        await interaction.response.edit_message(content=words.t("The leaderboard is kept."),
                                                view=None)
        return
    deleted = await bot.people.reset_leaderboard(actor, guild_id, interaction.guild_id)
    await interaction.response.edit_message(content=words.n(
        "This server's leaderboard is reset ({count} game result removed).",
        "This server's leaderboard is reset ({count} game results removed).", deleted),
        view=None)


# --- component handlers ------------------------------------------------------------------

async def on_confirmation(
    bot: BotParts, interaction: discord.Interaction, answer: Confirmation
) -> None:
    confirm = {"cancel": confirm_cancel, "forget": confirm_forget,
               "reset": confirm_reset}[answer.subject]
    await confirm(bot, interaction, answer.subject_id, answer.yes)


async def on_board(bot: BotParts, interaction: discord.Interaction, page: BoardPage) -> None:
    query = board_query(page.guild_id, page.sort, page.period, page.page, page.games,
                        page.game)
    if page.guild_id != interaction.guild_id or query is None:
        raise BadComponent("not a leaderboard page of this server")
    await send_leaderboard(bot, interaction, query)


async def on_rematch(bot: BotParts, interaction: discord.Interaction, game_id: int) -> None:
    """Who sits down again is the core's to decide (``Lobbies.rematch``)."""
    actor = actor_of(interaction)
    await open_lobby(bot, interaction, lambda guild_id, channel_id: bot.service.lobbies.rematch(
        game_id, actor, guild_id=guild_id, channel_id=channel_id))
