"""Which effects must reach the players, and when a failed one is tried again.

discord.py retries a 429 or a 5xx a few times, then raises. What a player needs to go on
playing — their hand and its controls, the table — must not be lost to that: the delivery
tries it again, waiting longer each time, until it gets through or a newer view of the
same message makes it pointless (see ``Delivery._deliver_until_shown``). Side messages
(pings, reminders, notes) are not retried: a newer turn or move soon says the same."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

import aiohttp
import discord

from bot.adapter.outbound import budget
from bot.core import effects as fx
from bot.core import pad_effects as pad_fx

MUST_ARRIVE: Final[frozenset[type[fx.Effect]]] = frozenset({
    fx.ShowLobby, fx.AnnounceStart, fx.PostTable, fx.EditTable, fx.CloseTable, fx.ShowTrick,
    fx.ShowFinal, fx.ShowHand, fx.CloseHand, pad_fx.ShowPad,
    pad_fx.ShowPadSheet,
})
"""The state of a game or pad, as its players see it."""

URGENCY_OF: Final[dict[type[fx.Effect], int]] = {
    fx.ShowHand: budget.HAND, fx.CloseHand: budget.HAND,
    fx.PingTurn: budget.SIDE, fx.RemindTurn: budget.SIDE, fx.Note: budget.SIDE,
    fx.OfferBack: budget.SIDE, fx.TellPlayers: budget.SIDE,
}
"""How urgent an effect's bot-token requests are when the budget is short (the rest:
``budget.TABLE``)."""

FIRST_WAIT_SECONDS: Final = 1.0
LONGEST_WAIT_SECONDS: Final = 30.0


def passing(exc: BaseException) -> bool:
    """A failure that says "not now" rather than "never": a rate limit discord.py gave up
    waiting out, a server error, the network."""
    if isinstance(exc, discord.HTTPException):
        return exc.status == 429 or exc.status >= 500
    return isinstance(exc, discord.RateLimited | aiohttp.ClientError | TimeoutError)


def waits(first: float = FIRST_WAIT_SECONDS, longest: float = LONGEST_WAIT_SECONDS,
          rng: random.Random | None = None) -> Iterable[float]:
    """Seconds before each new try: doubling up to ``longest``, with a little jitter so
    that many games held up together do not all come back in the same instant."""
    draw = rng or random.Random()
    wait = first
    while True:
        yield wait * (0.8 + 0.4 * draw.random())
        wait = min(wait * 2, longest)
