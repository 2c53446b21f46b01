"""The interaction tokens a person's clicks leave behind, kept to show them their hand.

Discord's budget of 50 bot-token requests a second is shared by every process of the
bot; a click's interaction token is not part of it. For 15 minutes after a click, its
token can edit the message that was clicked — a person's hand message in their DMs —
so the hand that follows a move, and the hand that shows their next turn, are edited
through the person's own latest token. A new deal's hand is a follow-up on that token
(a new message in their DMs), which the token can edit too. The bot token pays only when
no token will do (before a person's first click in their DMs, a token near its end, a
token Discord refused)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, overload

import discord

TOKEN_USE_SECONDS: Final = 14 * 60.0
"""A token is used for 14 of its 15 minutes: a delivery may wait in a queue a while."""


@dataclass
class HeldToken:
    interaction: discord.Interaction
    message_id: int
    """The message the token edits (``@original``): the one that was clicked."""
    until: float
    game_id: int | None = None
    """The game whose control was clicked there (a hand message of that game)."""
    spent: bool = False
    """Discord refused the token: the bot token pays from now on."""
    followups: set[int] = field(default_factory=set)
    """Messages sent as follow-ups on this token: it can edit them too."""

    def edits(self, message_id: int) -> bool:
        return message_id == self.message_id or message_id in self.followups

    def usable(self, now: float | None = None) -> bool:
        return not self.spent and (time.monotonic() if now is None else now) < self.until


class InteractionTokens:
    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 lifetime: float = TOKEN_USE_SECONDS) -> None:
        self._clock = clock
        self._lifetime = lifetime
        self._latest: dict[int, HeldToken] = {}

    def saw(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """A click on a message the bot keeps editing (a hand in DMs of ``game_id``),
        acknowledged with a deferred update: its token can edit that message."""
        message = interaction.message
        if message is None or message.flags.ephemeral:
            return
        self._latest[interaction.user.id] = HeldToken(
            interaction, message.id, self._clock() + self._lifetime, game_id=game_id)

    @overload
    def hand_message(self, user_id: int, game_id: int, known: int) -> int: ...

    @overload
    def hand_message(self, user_id: int, game_id: int, known: None) -> int | None: ...

    @overload
    def hand_message(self, user_id: int, game_id: int, known: int | None) -> int | None: ...

    def hand_message(self, user_id: int, game_id: int, known: int | None) -> int | None:
        """The message showing this person's hand of this game now: ``known`` (this
        process's book), or the newer one they last clicked a control of the game on.
        Another process may have posted that deal's hand, and this process read the
        hand's id from storage before that process wrote it (ids are snowflakes: a
        later post has a larger id)."""
        held = self._latest.get(user_id)
        if held is None or held.game_id != game_id:
            return known
        return held.message_id if known is None or held.message_id > known else known

    def for_message(self, user_id: int, message_id: int | None) -> HeldToken | None:
        """The person's token that can still edit this message, if any."""
        held = self._latest.get(user_id)
        if held is None or message_id is None or not held.edits(message_id):
            return None
        if not held.usable(self._clock()):
            del self._latest[user_id]
            return None
        return held

    def latest(self, user_id: int) -> HeldToken | None:
        """The person's latest usable token: its follow-ups go to their DMs (every token
        kept is a click on a hand message there)."""
        held = self._latest.get(user_id)
        if held is None or not held.usable(self._clock()):
            self._latest.pop(user_id, None)
            return None
        return held

    def __len__(self) -> int:
        return len(self._latest)
