"""The permissions the bot needs in a channel before it opens a table there (an
online game's lobby or a score pad), named as Discord's settings name them."""

from __future__ import annotations

from typing import Final

import discord

from i18n import N_, Words

REQUIRED: Final = {
    "send_messages": N_("Send Messages"),
    "embed_links": N_("Embed Links"),
    "attach_files": N_("Attach Files"),
    "read_message_history": N_("Read Message History"),
}
THREAD_PERMISSIONS: Final = {
    "create_public_threads": N_("Create Public Threads"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
}


def missing_permissions(words: Words, interaction: discord.Interaction, thread_mode: bool,
                        ) -> list[str]:
    """What the bot lacks in this channel, named as Discord's settings name it."""
    have = interaction.app_permissions
    needed = dict(REQUIRED)
    if thread_mode:
        needed.update(THREAD_PERMISSIONS)
    return [words.t(label) for flag, label in needed.items() if not getattr(have, flag)]
