"""The ``/kachuful`` slash commands (servers only)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Final, Literal

import discord
from discord import app_commands

from bot import controls, gameplay, lobby, pictures, texts
from bot.custom_ids import component_id
from bot.replies import reply
from bot.router import show_hand
from bot.settings import MAX_TURN_TIMEOUT, MIN_TURN_TIMEOUT
from bot.storage import GuildSettings, StorageError
from engine import Rules, RulesError
from engine.record import game_to_record, record_to_json
from engine.rules import PRESETS

if TYPE_CHECKING:
    from bot.app import KachufulBot

log = logging.getLogger(__name__)

REQUIRED: Final = {
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}
THREAD_PERMISSIONS: Final = {
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}

PresetChoice = Literal["classic", "judgement", "oh-hell", "short", "one-to-seven"]
ScheduleChoice = Literal["down-up", "up-down", "down", "up"]
TrumpChoice = Literal["cycle", "cycle-no-trump", "turn-up", "none", "no-trump-one-card"]
ScoringChoice = Literal["classic", "ten-times", "trick-plus-bonus", "penalty-per-trick",
                        "judgement", "quadratic", "ten-per-trick"]
ZeroChoice = Literal["formula", "five", "five-plus-cards"]
BiddingChoice = Literal["in-turn", "simultaneous"]
SortChoice = Literal["wins", "points", "average", "win_rate", "bid_accuracy"]
PeriodChoice = Literal["all", "30d", "7d"]


def build_group(bot: KachufulBot) -> app_commands.Group:
    group = app_commands.Group(
        name="kachuful", description="Play Kachuful (Oh Hell / Judgement)", guild_only=True
    )

    @group.command(name="start", description="Open a Kachuful table in this channel")
    @app_commands.describe(
        preset="Rules to start from (default: the server's)",
        players="Table size: Start fills empty seats with computer players",
        schedule="Order of hand sizes",
        max_hand="Largest hand (default: 52 / players)",
        trump="How trump is chosen",
        hook="The dealer may not make the bids total the tricks",
        bidding="Bid in turn, or all at once",
        scoring="How a deal is scored",
        zero_bid_reward="What an exact bid of 0 scores",
        zero_bid_limit="5+ players: no more than five zero bids in a row",
        blind_bids="Allow bidding before looking (exact scores double)",
        one_card_blind="One-card deal: see everyone's card but your own",
        turn_timeout="Seconds per move (15 to 86400)",
    )
    async def start(
        interaction: discord.Interaction,
        preset: PresetChoice | None = None,
        players: app_commands.Range[int, 3, 8] | None = None,
        schedule: ScheduleChoice | None = None,
        max_hand: app_commands.Range[int, 1, 17] | None = None,
        trump: TrumpChoice | None = None,
        hook: bool | None = None,
        bidding: BiddingChoice | None = None,
        scoring: ScoringChoice | None = None,
        zero_bid_reward: ZeroChoice | None = None,
        zero_bid_limit: bool | None = None,
        blind_bids: bool | None = None,
        one_card_blind: bool | None = None,
        turn_timeout: app_commands.Range[int, MIN_TURN_TIMEOUT, MAX_TURN_TIMEOUT] | None = None,
    ) -> None:
        options: dict[str, Any] = {
            key: value
            for key, value in {
                "schedule": schedule, "max_hand": max_hand, "trump": trump, "hook": hook,
                "bidding": bidding, "scoring": scoring, "zero_bid_reward": zero_bid_reward,
                "zero_bid_limit": zero_bid_limit, "blind_bids": blind_bids,
                "one_card_blind": one_card_blind,
            }.items()
            if value is not None
        }
        await start_command(bot, interaction, preset, players, options, turn_timeout)

    @group.command(name="rules", description="The rules of this channel's game")
    async def rules(interaction: discord.Interaction) -> None:
        session = bot.registry.in_channel(interaction.channel_id or 0)
        if session is None:
            settings = await _settings(bot, interaction.guild_id or 0)
            text = texts.rules_help(PRESETS[settings.default_preset], None)
            text += "\n\n**Presets**\n" + texts.presets_help()
        else:
            text = texts.rules_help(session.rules, len(session.seats) or None)
        await reply(interaction, text)

    @group.command(name="hand", description="Show me my hand again (only to me)")
    async def hand(interaction: discord.Interaction) -> None:
        session = bot.registry.of_user(interaction.user.id)
        if session is None or session.status != "active":
            await reply(interaction, "You're not in a game that is being played.")
            return
        seat = session.seat_of(interaction.user.id)
        assert seat is not None
        await show_hand(bot, interaction, session, seat)

    @group.command(name="leaderboard", description="This server's best players")
    @app_commands.describe(period="Time range", sort="Rank by", page="Page number")
    async def leaderboard(
        interaction: discord.Interaction,
        period: PeriodChoice = "all",
        sort: SortChoice = "wins",
        page: app_commands.Range[int, 1, 10_000] = 1,
    ) -> None:
        await send_leaderboard(bot, interaction, sort, period, page)

    @group.command(name="stats", description="A player's record in this server")
    async def stats(interaction: discord.Interaction, player: discord.User | None = None) -> None:
        await send_stats(bot, interaction, player or interaction.user)

    @group.command(name="cancel", description="Cancel this channel's game (host or managers)")
    async def cancel(interaction: discord.Interaction) -> None:
        session = bot.registry.in_channel(interaction.channel_id or 0)
        if session is None:
            await reply(interaction, "There is no game in this channel.")
            return
        if not _is_host_or_manager(interaction, session.host_id):
            await reply(interaction, "Only the host or someone with Manage Server can cancel.")
            return
        await reply(
            interaction,
            "Cancel this game for everyone? It will not count in any leaderboard.",
            view=controls.confirm_controls("cancelyes", "cancelno", session.game_id,
                                           "Cancel the game"),
        )

    @group.command(name="settings", description="Server defaults (Manage Server)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        preset="Default rules for new games",
        turn_timeout="Default seconds per move (15 to 86400)",
        thread_mode="Play each game in its own thread",
    )
    async def settings(
        interaction: discord.Interaction,
        preset: PresetChoice | None = None,
        turn_timeout: app_commands.Range[int, MIN_TURN_TIMEOUT, MAX_TURN_TIMEOUT] | None = None,
        thread_mode: bool | None = None,
    ) -> None:
        await settings_command(bot, interaction, preset, turn_timeout, thread_mode)

    @group.command(name="forget-me", description="Delete all my stats from every server")
    async def forget_me(interaction: discord.Interaction) -> None:
        await reply(
            interaction,
            "Delete all your Kachuful stats in every server? This cannot be undone.",
            view=controls.confirm_controls("forgetyes", "forgetno", interaction.user.id,
                                           "Delete my stats"),
        )

    @group.command(name="reset-leaderboard", description="Reset this server's leaderboard")
    @app_commands.default_permissions(manage_guild=True)
    async def reset_leaderboard(interaction: discord.Interaction) -> None:
        if not _is_manager(interaction):
            await reply(interaction, "Only someone with Manage Server can reset the leaderboard.")
            return
        await reply(
            interaction,
            "Reset this server's leaderboard and stats for everyone? This cannot be undone.",
            view=controls.confirm_controls("resetyes", "resetno", interaction.guild_id or 0,
                                           "Reset the leaderboard"),
        )

    @group.command(name="record", description="Download a finished game's record")
    @app_commands.describe(game="The game's number (default: the last one in this channel)")
    async def record(interaction: discord.Interaction, game: int | None = None) -> None:
        game_id = game if game is not None else bot.last_finished.get(interaction.channel_id or 0)
        if game_id is None:
            await reply(interaction, "No finished game here yet: give the game's number.")
            return
        await send_record(bot, interaction, game_id)

    return group


async def _settings(bot: KachufulBot, guild_id: int) -> GuildSettings:
    found = await bot.storage.guild_settings(guild_id)
    return found or GuildSettings(guild_id=guild_id, turn_timeout=bot.settings.turn_timeout)


def _is_manager(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return bool(permissions.manage_guild)


def _is_host_or_manager(interaction: discord.Interaction, host_id: int) -> bool:
    return interaction.user.id == host_id or _is_manager(interaction)


def missing_permissions(interaction: discord.Interaction, thread_mode: bool) -> list[str]:
    """What the bot lacks in this channel, named as Discord's settings name it."""
    have = interaction.app_permissions
    needed = dict(REQUIRED)
    if thread_mode:
        needed.update(THREAD_PERMISSIONS)
    return [label for flag, label in needed.items() if not getattr(have, flag)]


async def start_command(
    bot: KachufulBot,
    interaction: discord.Interaction,
    preset: str | None,
    players: int | None,
    options: dict[str, Any],
    turn_timeout: int | None,
) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        await reply(interaction, "Kachuful is played in a server channel.")
        return
    existing = bot.registry.in_channel(interaction.channel_id)
    if existing is not None:
        where = f"https://discord.com/channels/{existing.guild_id}/{existing.channel_id}"
        if existing.lobby_message_id:
            where += f"/{existing.lobby_message_id}"
        await reply(interaction, f"This channel already has a game: {where}")
        return
    if bot.registry.of_user(interaction.user.id) is not None:
        await reply(interaction, "You're already seated in an unfinished game: finish or "
                    "leave it first.")
        return
    server = await _settings(bot, interaction.guild_id)
    missing = missing_permissions(interaction, server.thread_mode)
    if missing:
        await reply(interaction, "I can't run a game here: I need these permissions in this "
                    f"channel: {', '.join(missing)}.")
        return
    if players == 8:
        options["allow_eight_players"] = True
    try:
        rules = Rules.from_options(options, preset or server.default_preset)
        if players is not None:
            rules.check_players(players)
    except RulesError as exc:
        await reply(interaction, f"Those rules don't work: {exc}")
        return
    try:
        await lobby.open_lobby(
            bot,
            interaction,
            rules,
            target_players=players,
            turn_timeout=turn_timeout or server.turn_timeout,
        )
    except StorageError as exc:
        await reply(interaction, exc.player_message)


async def settings_command(
    bot: KachufulBot,
    interaction: discord.Interaction,
    preset: str | None,
    turn_timeout: int | None,
    thread_mode: bool | None,
) -> None:
    if not _is_manager(interaction):
        await reply(interaction, "Only someone with Manage Server can change the settings.")
        return
    guild_id = interaction.guild_id or 0
    current = await _settings(bot, guild_id)
    if preset is None and turn_timeout is None and thread_mode is None:
        await reply(interaction, _settings_text(current))
        return
    new = GuildSettings(
        guild_id=guild_id,
        default_preset=preset or current.default_preset,
        turn_timeout=turn_timeout or current.turn_timeout,
        thread_mode=current.thread_mode if thread_mode is None else thread_mode,
    )
    try:
        await bot.storage.save_guild_settings(new)
    except StorageError as exc:
        await reply(interaction, exc.player_message)
        return
    await reply(interaction, "Saved. " + _settings_text(new))


def _settings_text(settings: GuildSettings) -> str:
    return (
        f"Default preset: **{settings.default_preset}** · turn timer: "
        f"**{texts.format_duration(settings.turn_timeout)}** · games in threads: "
        f"**{'yes' if settings.thread_mode else 'no'}**"
    )


async def send_leaderboard(
    bot: KachufulBot, interaction: discord.Interaction, sort: str, period: str, page: int
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
        colour=lobby.LOBBY_COLOUR,
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
    bot: KachufulBot, interaction: discord.Interaction, user: discord.abc.User
) -> None:
    try:
        stats = await bot.storage.player_stats(interaction.guild_id, user.id)
    except StorageError as exc:
        await reply(interaction, exc.player_message)
        return
    embed = discord.Embed(title=f"Kachuful stats — {user.display_name}", colour=lobby.LOBBY_COLOUR)
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


async def send_record(bot: KachufulBot, interaction: discord.Interaction, game_id: int) -> None:
    try:
        stored = await bot.storage.load_game(game_id)
    except StorageError as exc:
        await reply(interaction, exc.player_message)
        return
    if stored.guild_id != interaction.guild_id and interaction.guild_id is not None:
        await reply(interaction, "That game was played in another server.")
        return
    if stored.status != "finished" or stored.game is None:
        await reply(interaction, "A game's record is available once it has finished "
                    "(it shows every hand).")
        return
    record = game_to_record(stored.game, include_seed=True)
    file = pictures.as_file(record_to_json(record).encode(), f"kachuful-game-{game_id}.json")
    await reply(interaction, f"The record of game {game_id}. Check it with "
                "`kachuful verify FILE`.", file=file)


async def confirm_cancel(
    bot: KachufulBot, interaction: discord.Interaction, game_id: int, yes: bool
) -> None:
    if not yes:
        await interaction.response.edit_message(content="The game goes on.", view=None)
        return
    session = bot.registry.get(game_id)
    if session is None:
        await interaction.response.edit_message(content="That game has already ended.", view=None)
        return
    if not _is_host_or_manager(interaction, session.host_id):
        await reply(interaction, "Only the host or someone with Manage Server can cancel.")
        return
    await interaction.response.edit_message(content="Cancelled.", view=None)
    async with bot.working_on(session):
        if session.status == "lobby":
            await lobby.close_lobby(bot, session, "This lobby was cancelled.")
        elif session.status == "active":
            await gameplay.cancel(bot, session, f"The game was cancelled by "
                                  f"{interaction.user.display_name}. It counts in no leaderboard.")


async def confirm_forget(
    bot: KachufulBot, interaction: discord.Interaction, user_id: int, yes: bool
) -> None:
    if interaction.user.id != user_id:
        await reply(interaction, "Only the person who asked can confirm this.")
        return
    if not yes:
        await interaction.response.edit_message(content="Your stats are kept.", view=None)
        return
    try:
        deleted = await bot.storage.forget_user(user_id)
    except StorageError as exc:
        await reply(interaction, exc.player_message)
        return
    await interaction.response.edit_message(
        content=f"Done: your stats are deleted everywhere ({deleted} game results).", view=None
    )


async def confirm_reset(
    bot: KachufulBot, interaction: discord.Interaction, guild_id: int, yes: bool
) -> None:
    if interaction.guild_id != guild_id or not _is_manager(interaction):
        await reply(interaction, "Only someone with Manage Server here can confirm this.")
        return
    if not yes:
        await interaction.response.edit_message(content="The leaderboard is kept.", view=None)
        return
    deleted = await bot.storage.reset_guild_leaderboard(guild_id)
    await interaction.response.edit_message(
        content=f"This server's leaderboard is reset ({deleted} game results removed).",
        view=None,
    )
