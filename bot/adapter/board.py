"""The server's leaderboard and a player's stats, as embeds."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.adapter import controls
from bot.adapter.custom_ids import component_id
from bot.adapter.lobby_view import LOBBY_COLOUR
from bot.adapter.replies import reply
from bot.storage import StorageError

if TYPE_CHECKING:
    from bot.adapter.parts import BotParts


async def send_leaderboard(
    bot: BotParts, interaction: discord.Interaction, sort: str, period: str, page: int
) -> None:
    try:
        board = await bot.storage.leaderboard(
            interaction.guild_id or 0, sort=sort, period=period, page=page  # type: ignore[arg-type]
        )
    except StorageError as exc:
        await reply(interaction, exc.player_message)
        return
    titles = {"all": "all time", "30d": "the last 30 days", "7d": "the last 7 days"}
    embed = discord.Embed(
        title=f"Kachuful leaderboard — {titles.get(period, period)}",
        colour=LOBBY_COLOUR,
    )
    if not board.rows:
        embed.description = (
            f"No one has played {board.min_games}+ finished games here in that time yet."
        )
    else:
        lines = []
        for row in board.rows:
            accuracy = "—" if row.bid_accuracy is None else f"{row.bid_accuracy:.0%}"
            lines.append(
                f"**{row.rank}.** {discord.utils.escape_markdown(row.display_name)} — "
                f"{row.wins} wins · {row.points} pts · avg {row.average:.1f} · "
                f"win rate {row.win_rate:.0%} · bids {accuracy} ({row.games} games)"
            )
        embed.description = "\n".join(lines)
    embed.set_footer(
        text=f"Sorted by {sort.replace('_', ' ')} · page {board.page} of {board.page_count}"
        f" · at least {board.min_games} games"
    )
    view = controls.layout(
        [
            discord.ui.Button(
                custom_id=component_id("board", interaction.guild_id or 0, max(1, page - 1),
                                       sort.replace("_", "-"), period),
                label="◀ Previous", disabled=page <= 1,
            ),
            discord.ui.Button(
                custom_id=component_id("board", interaction.guild_id or 0, page + 1,
                                       sort.replace("_", "-"), period),
                label="Next ▶", disabled=page >= board.page_count,
            ),
        ]
    )
    if interaction.response.is_done():
        await interaction.followup.send(embed=embed, view=view)
    else:
        await interaction.response.send_message(embed=embed, view=view)


async def send_stats(
    bot: BotParts, interaction: discord.Interaction, user: discord.abc.User
) -> None:
    try:
        stats = await bot.storage.player_stats(interaction.guild_id, user.id)
    except StorageError as exc:
        await reply(interaction, exc.player_message)
        return
    embed = discord.Embed(title=f"Kachuful stats — {user.display_name}", colour=LOBBY_COLOUR)
    if not stats.games:
        embed.description = "No finished games in this server yet."
    else:
        def pct(value: float | None) -> str:
            return "—" if value is None else f"{value:.0%}"

        embed.add_field(name="Games", value=str(stats.games))
        embed.add_field(name="Wins", value=f"{stats.wins} ({pct(stats.win_rate)})")
        embed.add_field(name="Average score", value=f"{stats.average_score or 0:.1f}")
        embed.add_field(name="Best score", value=str(stats.best_score))
        embed.add_field(name="Bid accuracy", value=pct(stats.bid_accuracy))
        zero = f"{stats.zero_hits}/{stats.zero_bids} ({pct(stats.zero_bid_success)})"
        embed.add_field(name="Zero bids made", value=zero)
        embed.add_field(name="Hooked as dealer", value=str(stats.hooked_as_dealer))
        if stats.last_played is not None:
            last = discord.utils.format_dt(stats.last_played, "R")
            embed.add_field(name="Last played", value=last)
        by_size = " · ".join(
            f"{row.hand_size}: {pct(row.accuracy)}" for row in stats.by_hand_size if row.deals
        )
        if by_size:
            embed.add_field(name="Bid accuracy by hand size", value=by_size, inline=False)
    await interaction.response.send_message(embed=embed)


