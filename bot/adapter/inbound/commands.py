"""The ``/kachuful`` slash commands (servers only)."""

from __future__ import annotations

import logging
from typing import Any, Final

import discord
from discord import app_commands

from bot.adapter.inbound.after_game import send_record
from bot.adapter.inbound.board import send_leaderboard, send_stats
from bot.adapter.inbound.channel_permissions import missing_permissions
from bot.adapter.inbound.hand_reply import send_hand
from bot.adapter.inbound.lobby_answer import open_lobby
from bot.adapter.inbound.pad_commands import add_pad_commands, send_pad_record
from bot.adapter.inbound.parts import BotParts
from bot.adapter.inbound.replies import reply
from bot.adapter.inbound.review_answer import send_review
from bot.adapter.inbound.router_checks import actor_of
from bot.adapter.inbound.rules_options import game_rules
from bot.adapter.words import controls, texts
from bot.adapter.words.command_choices import (
    RULE_OPTION_WORDS,
    BiddingChoice,
    GameChoice,
    GamesChoice,
    PeriodChoice,
    PresetChoice,
    ScheduleChoice,
    ScoringChoice,
    SortChoice,
    TrumpChoice,
    ZeroChoice,
    chosen_options,
)
from bot.core.standings import BoardQuery
from bot.settings import MAX_TURN_TIMEOUT, MIN_TURN_TIMEOUT
from bot.storage import GuildSettings
from engine import RulesError
from engine.rules import PRESETS
from i18n import LANGUAGES, N_, Words
from i18n.rules_words import presets_help

log = logging.getLogger(__name__)

LANGUAGE_CHOICES: Final = [app_commands.Choice(name=name, value=code)
                           for code, name in LANGUAGES.items()]
"""Each language by its own name, which needs no translating."""



def build_group(bot: BotParts) -> app_commands.Group:
    group = app_commands.Group(
        name="kachuful", description=N_("Play Kachuful (Oh Hell / Judgement)"), guild_only=True
    )

    @group.command(name="start", description=N_("Open a Kachuful table in this channel"))
    @app_commands.describe(
        **RULE_OPTION_WORDS,
        players=N_("Table size: Start fills empty seats with computer players"),
        one_card_blind=N_("One-card deal: see everyone's card but your own"),
        turn_timeout=N_("Seconds per move (15 to 86400)"),
        game=N_("Which game: Kachuful (the default) or Call Break"),
        deals=N_("Call Break: deals in the match (default 5)"),
    )
    async def start(
        interaction: discord.Interaction,
        game: GameChoice | None = None,
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
        deals: app_commands.Range[int, 1, 50] | None = None,
    ) -> None:
        options = chosen_options(
            schedule=schedule, max_hand=max_hand, trump=trump, hook=hook, bidding=bidding,
            scoring=scoring, zero_bid_reward=zero_bid_reward, zero_bid_limit=zero_bid_limit,
            blind_bids=blind_bids, one_card_blind=one_card_blind, deals=deals,
        )
        await start_command(bot, interaction, preset, players, options, turn_timeout,
                            game or "kachuful")

    @group.command(name="rules", description=N_("The rules of this channel's game"))
    async def rules(interaction: discord.Interaction) -> None:
        session = await bot.service.lookup.in_channel(interaction.channel_id or 0)
        words = await bot.languages.asker(interaction)
        if session is None:
            settings = await bot.server_settings.of(interaction.guild_id or 0)
            text = texts.rules_help(words, PRESETS[settings.default_preset], None)
            text += "\n\n" + words.t("**Presets**") + "\n" + presets_help(words)
        else:
            text = texts.rules_help(words, session.rules, session.seat_count or None)
        await reply(interaction, text)

    @group.command(name="hand", description=N_("Show me my hand again (only to me)"))
    async def hand(interaction: discord.Interaction) -> None:
        session = await bot.service.lookup.of_user(interaction.user.id)
        if session is None or session.status != "active":
            words = await bot.languages.asker(interaction)
            await reply(interaction, words.t("You're not in a game that is being played."))
            return
        await send_hand(bot, interaction, session.game_id)

    @group.command(name="review", description=N_("How your bid and play compared with the best "
                                                 "(only to you)"))
    @app_commands.describe(deal=N_("The deal's number (default: the last finished one)"))
    async def review(interaction: discord.Interaction,
                     deal: app_commands.Range[int, 1, 99] | None = None) -> None:
        current = await bot.service.lookup.of_user(interaction.user.id)
        game_id = (current.game_id if current is not None and current.dealt
                   else await bot.service.lookup.last_finished_of(interaction.user.id))
        if game_id is None:
            words = await bot.languages.asker(interaction)
            await reply(interaction, words.t(
                "You have no game to review yet: play one, then ask again."))
            return
        await send_review(bot, interaction, game_id, deal)

    @group.command(name="leaderboard", description=N_("This server's best players"))
    @app_commands.describe(period=N_("Time range"), sort=N_("Rank by"), page=N_("Page number"),
                           games=N_("Games played here, at a table (score pad), or both"),
                           game=N_("Which game: Kachuful (the default) or Call Break"))
    async def leaderboard(
        interaction: discord.Interaction,
        period: PeriodChoice = "all",
        sort: SortChoice = "rating",
        page: app_commands.Range[int, 1, 10_000] = 1,
        games: GamesChoice = "all",
        game: GameChoice = "kachuful",
    ) -> None:
        await send_leaderboard(bot, interaction, BoardQuery(
            interaction.guild_id or 0, sort, period, page, games, game))

    @group.command(name="stats", description=N_("A player's record in this server"))
    @app_commands.describe(games=N_("Games played here, at a table (score pad), or both"),
                           game=N_("Which game: Kachuful (the default) or Call Break"))
    async def stats(interaction: discord.Interaction, player: discord.User | None = None,
                    games: GamesChoice = "all", game: GameChoice = "kachuful") -> None:
        await send_stats(bot, interaction, player or interaction.user, games, game)

    @group.command(name="cancel", description=N_("Cancel this channel's game (host or managers)"))
    async def cancel(interaction: discord.Interaction) -> None:
        session = await bot.service.lookup.in_channel(interaction.channel_id or 0)
        words = await bot.languages.asker(interaction)
        if session is None:
            await reply(interaction, words.t("There is no game in this channel."))
            return
        await bot.service.check_cancel(session.game_id, actor_of(interaction))
        await reply(
            interaction,
            words.t("Cancel this game for everyone? It will not count in any leaderboard."),
            view=controls.confirm_controls(words, "cancel", session.game_id,
                                           words.t("Cancel the game")),
        )

    @group.command(name="settings", description=N_("Server defaults (Manage Server)"))
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        preset=N_("Default rules for new games"),
        turn_timeout=N_("Default seconds per move (15 to 86400)"),
        thread_mode=N_("Play each game in its own thread"),
        language=N_("The language this server's channels see"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings(
        interaction: discord.Interaction,
        preset: PresetChoice | None = None,
        turn_timeout: app_commands.Range[int, MIN_TURN_TIMEOUT, MAX_TURN_TIMEOUT] | None = None,
        thread_mode: bool | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        await settings_command(bot, interaction, preset, turn_timeout, thread_mode,
                               None if language is None else language.value)

    @group.command(name="language", description=N_("The language the bot uses with me"))
    @app_commands.describe(language=N_("Your language; 'auto' follows your Discord app"))
    @app_commands.choices(language=[*LANGUAGE_CHOICES, app_commands.Choice(name="auto",
                                                                           value="auto")])
    async def language(
        interaction: discord.Interaction, language: app_commands.Choice[str]
    ) -> None:
        await language_command(bot, interaction, language.value)

    @group.command(name="forget-me", description=N_("Delete all my stats from every server"))
    async def forget_me(interaction: discord.Interaction) -> None:
        words = await bot.languages.asker(interaction)
        await reply(
            interaction,
            words.t("Delete all your Kachuful stats in every server? This cannot be undone."),
            view=controls.confirm_controls(words, "forget", interaction.user.id,
                                           words.t("Delete my stats")),
        )

    @group.command(name="reset-leaderboard", description=N_("Reset this server's leaderboard"))
    @app_commands.default_permissions(manage_guild=True)
    async def reset_leaderboard(interaction: discord.Interaction) -> None:
        words = await bot.languages.asker(interaction)
        bot.people.check_reset(actor_of(interaction), interaction.guild_id or 0,
                               interaction.guild_id)
        await reply(
            interaction,
            words.t("Reset this server's leaderboard and stats for everyone? This cannot be "
                    "undone."),
            view=controls.confirm_controls(words, "reset",
                                           interaction.guild_id or 0,
                                           words.t("Reset the leaderboard")),
        )

    @group.command(name="record", description=N_("Download a finished game's record"))
    @app_commands.describe(game=N_("The game's number (default: the last one in this channel)"))
    async def record(interaction: discord.Interaction, game: int | None = None) -> None:
        if game is None and await send_pad_record(bot, interaction):
            return
        game_id = game if game is not None else await bot.service.lookup.last_finished_in(
            interaction.channel_id or 0)
        if game_id is None:
            words = await bot.languages.asker(interaction)
            await reply(interaction, words.t("No finished game here yet: give the game's "
                                             "number."))
            return
        await send_record(bot, interaction, game_id)

    add_pad_commands(group, bot)
    return group


async def start_command(
    bot: BotParts,
    interaction: discord.Interaction,
    preset: str | None,
    players: int | None,
    options: dict[str, Any],
    turn_timeout: int | None,
    game: str = "kachuful",
) -> None:
    words = await bot.languages.asker(interaction)
    if interaction.guild_id is None or interaction.channel_id is None:
        await reply(interaction, words.t("Kachuful is played in a server channel."))
        return
    existing = await bot.service.lookup.in_channel(interaction.channel_id)
    if existing is not None:
        where = f"https://discord.com/channels/{existing.guild_id}/{existing.channel_id}"
        messages = bot.book.known(existing.game_id)
        if messages is not None and messages.lobby_message_id:
            where += f"/{messages.lobby_message_id}"
        await reply(interaction, words.t("This channel already has a game: {link}", link=where))
        return
    if await bot.service.lookup.of_user(interaction.user.id) is not None:
        await reply(interaction, words.t("You're already seated in an unfinished game: finish "
                                         "or leave it first."))
        return
    server = await bot.server_settings.of(interaction.guild_id)
    missing = missing_permissions(words, interaction, server.thread_mode)
    if missing:
        await reply(interaction, words.t("I can't run a game here: I need these permissions "
                                         "in this channel: {permissions}.",
                                         permissions=", ".join(missing)))
        return
    try:
        rules = game_rules(game, options, preset, server.default_preset, players)
        if players is not None:
            rules.check_players(players)
    except RulesError as exc:
        # The engine explains in English: its messages name options, which stay English.
        await reply(interaction, words.t("Those rules don't work: {reason}", reason=str(exc)))
        return
    user = interaction.user
    await open_lobby(bot, interaction, lambda guild_id, channel_id: bot.service.lobbies.open(
        guild_id=guild_id, channel_id=channel_id, host_id=user.id, host_name=user.display_name,
        rules=rules, target_players=players, turn_timeout=turn_timeout or server.turn_timeout))


async def settings_command(
    bot: BotParts,
    interaction: discord.Interaction,
    preset: str | None,
    turn_timeout: int | None,
    thread_mode: bool | None,
    language: str | None = None,
) -> None:
    words = await bot.languages.asker(interaction)
    actor, guild_id = actor_of(interaction), interaction.guild_id or 0
    bot.server_settings.check_change(actor)
    if preset is None and turn_timeout is None and thread_mode is None and language is None:
        await reply(interaction, await _settings_text(bot, words,
                                                      await bot.server_settings.of(guild_id)))
        return
    new = await bot.server_settings.change(actor, guild_id, preset=preset,
                                           turn_timeout=turn_timeout, thread_mode=thread_mode,
                                           language=language)
    bot.languages.server_chose(guild_id, new.language)
    await reply(interaction, words.t("Saved.") + " " + await _settings_text(bot, words, new))


async def _settings_text(bot: BotParts, words: Words, settings: GuildSettings) -> str:
    language = await bot.languages.server_language(settings.guild_id)
    return words.t(
        "Default preset: **{preset}** · turn timer: **{timer}** · games in threads: "
        "**{threads}** · language: **{language}**", preset=settings.default_preset,
        timer=texts.format_duration(words, settings.turn_timeout),
        threads=words.t("yes") if settings.thread_mode else words.t("no"),
        language=LANGUAGES[language])


async def language_command(bot: BotParts, interaction: discord.Interaction, choice: str,
                           ) -> None:
    """``/kachuful language``: what only this person sees; ``auto`` follows their app."""
    chosen = None if choice == "auto" else choice
    await bot.languages.person_chose(interaction.user.id, chosen)
    words = await bot.languages.asker(interaction)
    if chosen is None:
        await reply(interaction, words.t("I'll follow your Discord app's language."))
    else:
        await reply(interaction, words.t("I'll speak {language} with you.",
                                         language=LANGUAGES[chosen]))


