"""The server's leaderboard and a player's stats, as embeds."""

from __future__ import annotations

import discord

from bot.adapter.inbound.parts import BotParts
from bot.adapter.outbound import pictures
from bot.adapter.words import controls
from bot.adapter.words.custom_ids import BadComponent, BoardPage
from bot.adapter.words.lobby_view import LOBBY_COLOUR
from bot.adapter.words.texts import rating_number, signed
from bot.core.standings import BoardQuery, board_query
from bot.storage import LeaderboardRow, PlayerStats
from bot.storage.ratings import PROVISIONAL_GAMES
from i18n import N_, Words

PERIODS = {"all": N_("Kachuful leaderboard — all time"),
           "30d": N_("Kachuful leaderboard — the last 30 days"),
           "7d": N_("Kachuful leaderboard — the last 7 days")}
CALLBREAK_PERIODS = {"all": N_("Call Break leaderboard — all time"),
                     "30d": N_("Call Break leaderboard — the last 30 days"),
                     "7d": N_("Call Break leaderboard — the last 7 days")}
GAMES = {"all": N_("online and table games"), "online": N_("online games only"),
         "table": N_("table games only (score pads)")}
SORTS = {"rating": N_("Sorted by skill rating"),
         "wins": N_("Sorted by wins"), "points": N_("Sorted by points"),
         "average": N_("Sorted by average"), "win_rate": N_("Sorted by win rate"),
         "bid_accuracy": N_("Sorted by bid accuracy")}

async def send_leaderboard(bot: BotParts, interaction: discord.Interaction,
                           query: BoardQuery) -> None:
    board = await bot.standings.leaderboard(query)
    sort, period, page, games = query.sort, query.period, query.page, query.kinds
    # A leaderboard is posted for the whole channel: the server's language.
    words = await bot.languages.server(interaction.guild_id)
    rated = sort == "rating"
    callbreak = board.game == "callbreak"
    titles = CALLBREAK_PERIODS if callbreak else PERIODS
    embed = discord.Embed(title=words.t(titles.get(period, titles["all"])),
                          colour=LOBBY_COLOUR)
    if not board.rows and rated:
        embed.description = words.t("No one has a skill rating here yet: finish a game.")
    elif not board.rows:
        embed.description = words.n(
            "No one has played {count}+ finished game here in that time yet.",
            "No one has played {count}+ finished games here in that time yet.",
            board.min_games)
    else:
        lines = []
        for row in board.rows:
            if rated:
                lines.append(_rating_line(words, row))
                continue
            accuracy = "—" if row.bid_accuracy is None else f"{row.bid_accuracy:.0%}"
            figures = _callbreak_figures(words, row) if callbreak else words.n(
                "{wins} wins · {points} pts · avg {average} · win rate {rate} · bids "
                "{accuracy} ({count} game)",
                "{wins} wins · {points} pts · avg {average} · win rate {rate} · bids "
                "{accuracy} ({count} games)", row.games, wins=row.wins,
                points=row.points, average=f"{row.average:.1f}",
                rate=f"{row.win_rate:.0%}", accuracy=accuracy)
            name = discord.utils.escape_markdown(row.display_name)
            lines.append(f"**{row.rank}.** {name} — {figures}")
        embed.description = "\n".join(lines)
    embed.set_footer(text=" · ".join((
        words.t(SORTS.get(sort, SORTS["rating"])),
        *([words.t("a rating counts every game here")] if rated else []),
        words.t(GAMES.get(games, GAMES["all"])),
        words.t("page {page} of {pages}", page=board.page, pages=board.page_count),
        words.n("at least {count} game", "at least {count} games", board.min_games))))
    view = controls.layout(
        [
            discord.ui.Button(
                custom_id=BoardPage(interaction.guild_id or 0, max(1, page - 1), sort, period,
                                    games, board.game).encode(),
                label=words.t("◀ Previous"), disabled=page <= 1,
            ),
            discord.ui.Button(
                custom_id=BoardPage(interaction.guild_id or 0, page + 1, sort, period,
                                    games, board.game).encode(),
                label=words.t("Next ▶"), disabled=page >= board.page_count,
            ),
        ]
    )
    if interaction.response.is_done():
        await interaction.followup.send(embed=embed, view=view)
    else:
        await interaction.response.send_message(embed=embed, view=view)


def _callbreak_figures(words: Words, row: LeaderboardRow) -> str:
    """A Call Break row: points in tenths shown with one decimal, calls made (not bids)."""
    made = "—" if row.bid_accuracy is None else f"{row.bid_accuracy:.0%}"
    return words.n(
        "{wins} wins · {points} pts · avg {average} · win rate {rate} · calls made {made} "
        "({count} game)",
        "{wins} wins · {points} pts · avg {average} · win rate {rate} · calls made {made} "
        "({count} games)", row.games, wins=row.wins, points=points_of("callbreak", row.points),
        average=f"{row.average / 10:.1f}", rate=f"{row.win_rate:.0%}", made=made)


def points_of(game: str, value: int) -> str:
    """Points as a leaderboard reads them: Call Break's are kept in tenths."""
    return f"{value / 10:.1f}" if game == "callbreak" else str(value)


def _rating_line(words: Words, row: LeaderboardRow) -> str:
    figures = words.n("rating **{rating}** ({count} rated game)",
                      "rating **{rating}** ({count} rated games)", row.rated_games,
                      rating=rating_number(row.rating or 0))
    if row.provisional:
        figures += " · " + words.t("provisional")
    name = discord.utils.escape_markdown(row.display_name)
    return f"**{row.rank}.** {name} — {figures}"


async def send_stats(
    bot: BotParts, interaction: discord.Interaction, user: discord.abc.User, games: str = "all",
    game: str = "kachuful",
) -> None:
    query = board_query(interaction.guild_id or 0, "rating", "all", 1, games, game)
    if query is None:
        raise BadComponent("not a choice of the stats command")
    stats = await bot.standings.player_stats(interaction.guild_id, user.id, query.kinds,
                                             query.game)
    words = await bot.languages.server(interaction.guild_id)
    callbreak = stats.game == "callbreak"
    title = (words.t("Call Break stats — {name}", name=user.display_name) if callbreak
             else words.t("Kachuful stats — {name}", name=user.display_name))
    embed = discord.Embed(title=title, colour=LOBBY_COLOUR)
    embed.set_footer(text=words.t(GAMES.get(games, GAMES["all"])))
    if not stats.games:
        embed.description = words.t("No finished games in this server yet.")
    else:
        def pct(value: float | None) -> str:
            return "—" if value is None else f"{value:.0%}"

        embed.add_field(name=words.t("Games"), value=str(stats.games))
        embed.add_field(name=words.t("Wins"), value=f"{stats.wins} ({pct(stats.win_rate)})")
        average = (stats.average_score or 0) / (10 if callbreak else 1)
        embed.add_field(name=words.t("Average score"), value=f"{average:.1f}")
        embed.add_field(name=words.t("Best score"),
                        value=points_of(stats.game, stats.best_score or 0))
        if callbreak:  # no zero calls and no hook in Call Break
            embed.add_field(name=words.t("Calls made"), value=pct(stats.bid_accuracy))
        else:
            embed.add_field(name=words.t("Bid accuracy"), value=pct(stats.bid_accuracy))
            zero = f"{stats.zero_hits}/{stats.zero_bids} ({pct(stats.zero_bid_success)})"
            embed.add_field(name=words.t("Zero bids made"), value=zero)
            embed.add_field(name=words.t("Hooked as dealer"),
                            value=str(stats.hooked_as_dealer))
        if stats.last_played is not None:
            last = discord.utils.format_dt(stats.last_played, "R")
            embed.add_field(name=words.t("Last played"), value=last)
        by_size = " · ".join(
            f"{row.hand_size}: {pct(row.accuracy)}" for row in stats.by_hand_size if row.deals
        )
        if by_size:
            embed.add_field(name=words.t("Bid accuracy by hand size"), value=by_size,
                            inline=False)
    if stats.rating is not None:
        embed.add_field(name=words.t("Skill rating"), value=_rating_value(words, stats),
                        inline=False)
        if len(stats.rating_history) >= 2:
            # People would rather look than read: the rating over their last games.
            chart = await pictures.rating_chart_file(words, list(stats.rating_history))
            embed.set_image(url=f"attachment://{chart.filename}")
            await interaction.response.send_message(embed=embed, file=chart)
            return
    await interaction.response.send_message(embed=embed)


def _rating_value(words: Words, stats: PlayerStats) -> str:
    value = words.n("**{rating}** after {count} rated game", "**{rating}** after {count} "
                    "rated games", stats.rated_games, rating=rating_number(stats.rating or 0))
    if stats.rating_change is not None:
        value += " · " + words.t("{change} in the last game", change=signed(stats.rating_change))
    if stats.rated_games < PROVISIONAL_GAMES:
        value += " · " + words.t("provisional")
    return value


