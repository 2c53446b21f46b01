"""THE inbound error handler: whatever a command, a click or a form raises is answered
here, privately and in the asker's language. Nothing else in the adapter catches a
refusal, a storage fault or a Discord error of an interaction."""

from __future__ import annotations

import contextlib
import logging
from typing import Final

import discord
from discord import app_commands

from bot.adapter.inbound.replies import interaction_data, reply
from bot.adapter.outbound.discord_codes import ALREADY_ACKNOWLEDGED
from bot.adapter.words.custom_ids import BadComponent
from bot.adapter.words.languages import LanguageBook
from bot.adapter.words.refusal_words import refusal_text
from bot.adapter.words.storage_words import storage_error_text
from bot.core.refusals import Refusal
from bot.storage import StorageError
from i18n import N_, Words, words_for
from i18n.languages import DEFAULT_LANGUAGE

log = logging.getLogger(__name__)

OUR_FAULT: Final = N_("Something went wrong on my side; nothing changed.")
NOT_OURS: Final = N_("That control isn't one of this game's buttons.")


def failure_text(words: Words, error: BaseException) -> str | None:
    """The answer to a failed interaction, or ``None`` when none is owed (another
    process answered it already)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, Refusal):
        return refusal_text(words, error)
    if isinstance(error, StorageError):
        return storage_error_text(words, error)
    if isinstance(error, BadComponent):
        return words.t(NOT_OURS)
    if isinstance(error, discord.HTTPException) and error.code == ALREADY_ACKNOWLEDGED:
        # The same click reached another process (its shard runs there too), which
        # answered it and makes the move: nothing to do here.
        return None
    if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
        return str(error)
    return words.t(OUR_FAULT)


async def answer_failure(
    languages: LanguageBook, interaction: discord.Interaction, error: BaseException,
) -> None:
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    expected = isinstance(original, Refusal | StorageError | BadComponent)
    if not expected and not (isinstance(original, discord.HTTPException)
                             and original.code == ALREADY_ACKNOWLEDGED):
        what = interaction_data(interaction).get("custom_id") or getattr(
            interaction.command, "qualified_name", "command")
        log.error("%s failed", what, exc_info=original)
    try:
        words = await languages.asker(interaction)
    except StorageError:  # the language could not be read: answer all the same
        words = words_for(DEFAULT_LANGUAGE)
    text = failure_text(words, original)
    if text is None:
        log.info("interaction %s answered by another process", interaction.id)
        return
    if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
        # A "thinking…" placeholder stands for what failed: take it away, then explain.
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    await reply(interaction, text)
