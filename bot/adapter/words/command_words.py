"""Slash commands in the reader's language: discord.py asks this for every name and
description when it syncs the commands, once per Discord locale.

Discord has a Hindi locale but none for Nepali or Gujarati; clients in those
languages see the English names (and the bot answers in the language the person
chose with ``/kachuful language``).
"""

from __future__ import annotations

from typing import Final

import discord
from discord import app_commands

from i18n import LANGUAGES, Words, pN_, words_for
from i18n.languages import DISCORD_LOCALES

COMMAND_NAME: Final = "slash command"
"""The gettext context of command and option names (lowercase, no spaces: Discord's rule)."""

NAMES: Final = (
    pN_("slash command", "kachuful"), pN_("slash command", "start"),
    pN_("slash command", "rules"), pN_("slash command", "hand"),
    pN_("slash command", "leaderboard"), pN_("slash command", "stats"),
    pN_("slash command", "cancel"), pN_("slash command", "settings"),
    pN_("slash command", "forget-me"), pN_("slash command", "reset-leaderboard"),
    pN_("slash command", "record"), pN_("slash command", "language"),
    pN_("slash command", "preset"), pN_("slash command", "players"),
    pN_("slash command", "schedule"), pN_("slash command", "max_hand"),
    pN_("slash command", "trump"), pN_("slash command", "hook"),
    pN_("slash command", "bidding"), pN_("slash command", "scoring"),
    pN_("slash command", "zero_bid_reward"), pN_("slash command", "zero_bid_limit"),
    pN_("slash command", "blind_bids"), pN_("slash command", "one_card_blind"),
    pN_("slash command", "turn_timeout"), pN_("slash command", "period"),
    pN_("slash command", "sort"), pN_("slash command", "page"),
    pN_("slash command", "player"), pN_("slash command", "thread_mode"),
    pN_("slash command", "game"), pN_("slash command", "review"),
    pN_("slash command", "deal"), pN_("slash command", "scorepad"),
    pN_("slash command", "games"), pN_("slash command", "eight_players"),
)
"""Every command and option name, so that extraction puts them in the catalogues."""

_NAMES: Final = frozenset((
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
))
_TEXTS: Final = frozenset((
    app_commands.TranslationContextLocation.command_description,
    app_commands.TranslationContextLocation.group_description,
    app_commands.TranslationContextLocation.parameter_description,
))


def _words_of(locale: discord.Locale) -> Words | None:
    for language, discord_locale in DISCORD_LOCALES.items():
        if str(locale) == discord_locale and language in LANGUAGES and language != "en":
            return words_for(language)
    return None


class CommandTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        words = _words_of(locale)
        if words is None:
            return None  # Discord shows the English
        message = string.message
        if context.location in _NAMES and words.has(message, COMMAND_NAME):
            return words.p(COMMAND_NAME, message)
        if context.location in _TEXTS and words.has(message):
            return words.t(message)[:100]
        return None
