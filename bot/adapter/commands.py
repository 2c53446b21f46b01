"""The ``/kachuful`` slash commands (servers only)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Final, Literal

import discord
from discord import app_commands

from bot.adapter import controls, texts
from bot.adapter.after_game import send_record
from bot.adapter.board import send_leaderboard, send_stats
from bot.adapter.hand_reply import send_hand
from bot.adapter.lobby_answer import open_lobby
from bot.adapter.replies import reply
from bot.adapter.router_checks import is_host_or_manager, is_manager
from bot.settings import MAX_TURN_TIMEOUT, MIN_TURN_TIMEOUT
from bot.storage import GuildSettings, StorageError
from engine import Rules, RulesError
from engine.rules import PRESETS

if TYPE_CHECKING:
    from bot.adapter.parts import BotParts

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


def build_group(bot: BotParts) -> app_commands.Group:
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
        session = bot.service.registry.in_channel(interaction.channel_id or 0)
        if session is None:
            settings = await _settings(bot, interaction.guild_id or 0)
            text = texts.rules_help(PRESETS[settings.default_preset], None)
            text += "\n\n**Presets**\n" + texts.presets_help()
        else:
            text = texts.rules_help(session.rules, len(session.seats) or None)
        await reply(interaction, text)

    @group.command(name="hand", description="Show me my hand again (only to me)")
    async def hand(interaction: discord.Interaction) -> None:
        session = bot.service.registry.of_user(interaction.user.id)
        if session is None or session.status != "active":
            await reply(interaction, "You're not in a game that is being played.")
            return
        await send_hand(bot, interaction, session.game_id)

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
        session = bot.service.registry.in_channel(interaction.channel_id or 0)
        if session is None:
            await reply(interaction, "There is no game in this channel.")
            return
        if not is_host_or_manager(interaction, session.host_id):
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
        if not is_manager(interaction):
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
        finished = bot.service.registry.last_finished
        game_id = game if game is not None else finished.get(interaction.channel_id or 0)
        if game_id is None:
            await reply(interaction, "No finished game here yet: give the game's number.")
            return
        await send_record(bot, interaction, game_id)

    return group


async def _settings(bot: BotParts, guild_id: int) -> GuildSettings:
    found = await bot.storage.guild_settings(guild_id)
    return found or GuildSettings(guild_id=guild_id, turn_timeout=bot.settings.turn_timeout)


def missing_permissions(interaction: discord.Interaction, thread_mode: bool) -> list[str]:
    """What the bot lacks in this channel, named as Discord's settings name it."""
    have = interaction.app_permissions
    needed = dict(REQUIRED)
    if thread_mode:
        needed.update(THREAD_PERMISSIONS)
    return [label for flag, label in needed.items() if not getattr(have, flag)]


async def start_command(
    bot: BotParts,
    interaction: discord.Interaction,
    preset: str | None,
    players: int | None,
    options: dict[str, Any],
    turn_timeout: int | None,
) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        await reply(interaction, "Kachuful is played in a server channel.")
        return
    existing = bot.service.registry.in_channel(interaction.channel_id)
    if existing is not None:
        where = f"https://discord.com/channels/{existing.guild_id}/{existing.channel_id}"
        messages = bot.book.known(existing.game_id)
        if messages is not None and messages.lobby_message_id:
            where += f"/{messages.lobby_message_id}"
        await reply(interaction, f"This channel already has a game: {where}")
        return
    if bot.service.registry.of_user(interaction.user.id) is not None:
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
        await open_lobby(
            bot,
            interaction,
            rules,
            target_players=players,
            turn_timeout=turn_timeout or server.turn_timeout,
        )
    except StorageError as exc:
        await reply(interaction, exc.player_message)


async def settings_command(
    bot: BotParts,
    interaction: discord.Interaction,
    preset: str | None,
    turn_timeout: int | None,
    thread_mode: bool | None,
) -> None:
    if not is_manager(interaction):
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


