"""``/kachuful scorepad``: a score pad for a game played with real cards, and its
record. The rule options are those of ``/kachuful start``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.adapter.inbound.channel_permissions import missing_permissions
from bot.adapter.inbound.parts import BotParts
from bot.adapter.inbound.replies import reply
from bot.adapter.inbound.rules_options import game_rules
from bot.adapter.outbound.pictures import as_file
from bot.adapter.words.command_choices import (
    RULE_OPTION_WORDS,
    BiddingChoice,
    GameChoice,
    PresetChoice,
    ScheduleChoice,
    ScoringChoice,
    TrumpChoice,
    ZeroChoice,
    chosen_options,
)
from bot.core.scorepad_state import MAX_NAME
from engine import RulesError
from engine.record import record_to_json
from i18n import N_


def add_pad_commands(group: app_commands.Group, bot: BotParts) -> None:
    @group.command(name="scorepad",
                   description=N_("Keep the score of a game played with real cards"))
    @app_commands.describe(
        **RULE_OPTION_WORDS,
        eight_players=N_("Allow 8 players (the largest hand is then 6)"),
        game=N_("Which game: Kachuful (the default) or Call Break"),
        deals=N_("Call Break: deals in the match (default 5)"),
    )
    async def scorepad(
        interaction: discord.Interaction,
        game: GameChoice | None = None,
        preset: PresetChoice | None = None,
        schedule: ScheduleChoice | None = None,
        max_hand: app_commands.Range[int, 1, 17] | None = None,
        trump: TrumpChoice | None = None,
        hook: bool | None = None,
        bidding: BiddingChoice | None = None,
        scoring: ScoringChoice | None = None,
        zero_bid_reward: ZeroChoice | None = None,
        zero_bid_limit: bool | None = None,
        blind_bids: bool | None = None,
        eight_players: bool | None = None,
        deals: app_commands.Range[int, 1, 50] | None = None,
    ) -> None:
        options = chosen_options(
            schedule=schedule, max_hand=max_hand, trump=trump, hook=hook, bidding=bidding,
            scoring=scoring, zero_bid_reward=zero_bid_reward, zero_bid_limit=zero_bid_limit,
            blind_bids=blind_bids, allow_eight_players=eight_players, deals=deals,
        )
        await scorepad_command(bot, interaction, preset, options, game or "kachuful")


async def scorepad_command(bot: BotParts, interaction: discord.Interaction,
                           preset: str | None, options: dict[str, Any],
                           game: str = "kachuful") -> None:
    words = await bot.languages.asker(interaction)
    if interaction.guild_id is None or interaction.channel_id is None:
        await reply(interaction, words.t("Kachuful is played in a server channel."))
        return
    if await bot.service.lookup.in_channel(interaction.channel_id) is not None:
        # One table per channel (see ``open_lobby``), a thread of an online game included.
        await reply(interaction, words.t("This channel has an online game: keep the score of a "
                                         "table game in another channel."))
        return
    missing = missing_permissions(words, interaction, thread_mode=False)
    if missing:
        # Checked first, as for an online game: a pad whose channel refuses its message
        # or its score sheets is cancelled (see the delivery's failure policy).
        await reply(interaction, words.t("I can't run a game here: I need these permissions "
                                         "in this channel: {permissions}.",
                                         permissions=", ".join(missing)))
        return
    settings = await bot.server_settings.of(interaction.guild_id)
    try:
        rules = game_rules(game, options, preset, settings.default_preset, None)
    except RulesError as exc:
        await reply(interaction, words.t("Those rules don't work: {reason}", reason=str(exc)))
        return
    await bot.pads.open(guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                        keeper_id=interaction.user.id,
                        keeper_name=interaction.user.display_name[:MAX_NAME], rules=rules)
    await reply(interaction, words.t("Score pad opened: you keep the score. Players join "
                                     "with the button below it."))


async def send_pad_record(bot: BotParts, interaction: discord.Interaction) -> bool:
    """The record of this channel's score pad (open, or the last finished); ``False``
    when the channel has none."""
    record = bot.pads.channel_record(interaction.channel_id or 0)
    if record is None:
        return False
    words = await bot.languages.asker(interaction)
    if not record:
        await reply(interaction, words.t("The score pad has no deal yet."))
        return True
    file = as_file(record_to_json(record).encode(), "kachuful-table-game.json")
    await reply(interaction, words.t("The score pad's record (a table game). Check it with "
                                     "`kachuful replay FILE`."), file=file)
    return True
