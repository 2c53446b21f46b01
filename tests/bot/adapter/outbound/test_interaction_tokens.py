"""A click's token edits its message for 14 minutes; then, or once refused, the bot
token does."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.adapter.outbound.interaction_tokens import TOKEN_USE_SECONDS, InteractionTokens


def click(user_id: int, message_id: int | None, *, ephemeral: bool = False) -> discord.Interaction:
    message = None if message_id is None else SimpleNamespace(
        id=message_id, flags=SimpleNamespace(ephemeral=ephemeral))
    return cast(discord.Interaction, SimpleNamespace(user=SimpleNamespace(id=user_id),
                                                     message=message))


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_latest_click_edits_its_own_message_only() -> None:
    tokens = InteractionTokens(Clock())
    first, second = click(7, 100), click(7, 101)
    tokens.saw(first)
    assert cast(Any, tokens.for_message(7, 100)).interaction is first
    tokens.saw(second)
    assert tokens.for_message(7, 100) is None, "a new deal's message: the old token can't"
    assert cast(Any, tokens.for_message(7, 101)).interaction is second
    assert tokens.for_message(8, 101) is None, "another person's message"


def test_a_token_older_than_its_use_time_is_not_used() -> None:
    clock = Clock()
    tokens = InteractionTokens(clock)
    tokens.saw(click(7, 100))
    clock.now += TOKEN_USE_SECONDS - 1
    assert tokens.for_message(7, 100) is not None
    clock.now += 2  # past 14 minutes: the bot token shows the hand
    assert tokens.for_message(7, 100) is None
    assert len(tokens) == 0


def test_a_spent_token_is_dropped_and_ephemeral_or_messageless_clicks_are_not_kept() -> None:
    tokens = InteractionTokens(Clock())
    tokens.saw(click(7, 100))
    held = tokens.for_message(7, 100)
    assert held is not None
    held.spent = True
    assert tokens.for_message(7, 100) is None
    tokens.saw(click(8, 200, ephemeral=True))
    tokens.saw(click(9, None))
    assert len(tokens) == 0
    assert TOKEN_USE_SECONDS < 15 * 60


def test_the_hand_message_is_the_newer_of_the_books_and_the_last_clicked_one() -> None:
    tokens = InteractionTokens(Clock())
    assert tokens.hand_message(7, 1, 100) == 100, "no click: the book's"
    tokens.saw(click(7, 150), game_id=1)
    # Another process posted message 150 (a new deal's hand); this book still says 100.
    assert tokens.hand_message(7, 1, 100) == 150
    assert tokens.hand_message(7, 1, None) == 150
    assert tokens.hand_message(7, 1, 200) == 200, "posted here after the click: the book's"
    assert tokens.hand_message(7, 2, 100) == 100, "a click in another game says nothing"
    tokens.saw(click(8, 300))
    assert tokens.hand_message(8, 1, 100) == 100, "a click of no game says nothing"
