"""Buttons and menus. Each one's custom id says what it does (see ``custom_ids``).

Clicks are routed by the bot's single interaction router, not by view objects held
in memory: so every button works after a restart, and a forged or stale id still
gets an answer (a view-based dispatcher silently drops ids it cannot match, which
Discord shows as "This interaction failed"). Views here are only a way to lay out
components; they are stopped before sending so discord.py does not keep them.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.computer import LEVEL_LABELS, LEVELS
from bot.custom_ids import component_id
from bot.session import GameSession
from bot.texts import card_button_label
from engine import Card

BUTTONS_PER_ROW = 5
MAX_ROWS = 5


def layout(items: Sequence[discord.ui.Item[discord.ui.View]]) -> discord.ui.View:
    """A view that only carries components (see the module docstring)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def _button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    *,
    disabled: bool = False,
    row: int | None = None,
) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(
        custom_id=custom_id, label=label[:80], style=style, disabled=disabled, row=row
    )


def lobby_controls(session: GameSession, full: bool) -> discord.ui.View:
    gid = session.game_id
    level_menu: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=component_id("addbot", gid),
        placeholder="Add a computer player…",
        options=[
            discord.SelectOption(label=LEVEL_LABELS[level].split(" — ")[0], value=level,
                                 description=LEVEL_LABELS[level].split(" — ")[1])
            for level in LEVELS
            if level != "reference"
        ],
        disabled=full,
        row=1,
    )
    has_bot = any(seat.user_id is None for seat in session.seats)
    return layout(
        [
            _button(component_id("join", gid), "Join", discord.ButtonStyle.primary,
                    disabled=full, row=0),
            _button(component_id("leave", gid), "Leave", row=0),
            _button(component_id("dropbot", gid), "Remove computer player",
                    disabled=not has_bot, row=0),
            level_menu,
            _button(component_id("start", gid), "Start", discord.ButtonStyle.success,
                    disabled=len(session.seats) < 3, row=2),
            _button(component_id("close", gid), "Cancel", discord.ButtonStyle.danger, row=2),
        ]
    )


def bid_controls(
    session: GameSession,
    seat: int,
    legal: Sequence[int],
    hand_size: int,
    *,
    offer_blind: bool = False,
    blind: bool = False,
) -> list[discord.ui.Item[discord.ui.View]]:
    """Bid buttons 0..hand size; the ones not allowed (the hooked number) disabled.
    ``blind``: the buttons make blind bids (the hand has not been looked at)."""
    gid = session.game_id
    counter = session.control_counter(seat)
    items: list[discord.ui.Item[discord.ui.View]] = []
    flags = ("b",) if blind else ()
    for bid in range(hand_size + 1):
        items.append(
            _button(
                component_id("bid", gid, counter, seat, bid, *flags),
                f"{bid} blind" if blind else str(bid),
                discord.ButtonStyle.primary if bid in legal else discord.ButtonStyle.secondary,
                disabled=bid not in legal,
                row=min(bid // BUTTONS_PER_ROW, MAX_ROWS - 2),
            )
        )
    if offer_blind:
        items += look_control(session, seat)
    return items


def look_control(session: GameSession, seat: int) -> list[discord.ui.Item[discord.ui.View]]:
    """With blind bids: see the hand (and give up bidding blind this deal)."""
    return [
        _button(component_id("blind", session.game_id, 0, seat), "Look at my hand",
                discord.ButtonStyle.success, row=MAX_ROWS - 1)
    ]


def card_controls(
    session: GameSession, seat: int, ordered_hand: Sequence[Card], legal: Sequence[Card]
) -> list[discord.ui.Item[discord.ui.View]]:
    """One button per card, in the order of the hand picture's index numbers; cards that
    may not be played are shown disabled so the numbers line up with the picture."""
    gid = session.game_id
    counter = session.control_counter(seat)
    items: list[discord.ui.Item[discord.ui.View]] = []
    legal_set = set(legal)
    for position, card in enumerate(ordered_hand, start=1):
        playable = card in legal_set
        items.append(
            _button(
                component_id("play", gid, counter, seat, card.code),
                card_button_label(position, card),
                discord.ButtonStyle.primary if playable else discord.ButtonStyle.secondary,
                disabled=not playable,
                row=min((position - 1) // BUTTONS_PER_ROW, MAX_ROWS - 1),
            )
        )
    return items


def hidden_card_control(session: GameSession, seat: int, card: Card) -> discord.ui.Item[
    discord.ui.View
]:
    """The one-card blind deal: play the card you cannot see."""
    return _button(
        component_id("play", session.game_id, session.control_counter(seat), seat, card.code),
        "Play my hidden card",
        discord.ButtonStyle.primary,
    )


def quit_control(session: GameSession, seat: int) -> discord.ui.Item[discord.ui.View]:
    return _button(component_id("quit", session.game_id, 0, seat), "Leave game",
                   discord.ButtonStyle.danger, row=MAX_ROWS - 1)


def table_controls(session: GameSession) -> discord.ui.View:
    return layout(
        [_button(component_id("hand", session.game_id), "My hand", discord.ButtonStyle.primary)]
    )


def back_control(session: GameSession, seat: int) -> discord.ui.Item[discord.ui.View]:
    return _button(component_id("back", session.game_id, 0, seat), "I'm back",
                   discord.ButtonStyle.success)


def finished_controls(session: GameSession) -> discord.ui.View:
    return layout(
        [
            _button(component_id("rematch", session.game_id), "Rematch",
                    discord.ButtonStyle.success),
            _button(component_id("record", session.game_id), "Download the record"),
        ]
    )


def confirm_controls(yes_kind: str, no_kind: str, target: int, yes_label: str) -> discord.ui.View:
    return layout(
        [
            _button(component_id(yes_kind, target), yes_label,  # type: ignore[arg-type]
                    discord.ButtonStyle.danger),
            _button(component_id(no_kind, target), "Keep it"),  # type: ignore[arg-type]
        ]
    )
