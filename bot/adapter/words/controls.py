"""Buttons and menus. Each one's custom id says what it does (see ``custom_ids``).

Clicks are routed by the bot's single interaction router, not by view objects held
in memory: so every button works after a restart, and a forged or stale id still
gets an answer (a view-based dispatcher silently drops ids it cannot match, which
Discord shows as "This interaction failed"). Views here are only a way to lay out
components; they are stopped before sending so discord.py does not keep them.

No control carries what its reader may not see: the one-card blind deal's button
says "my hidden card", never the card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from bot.adapter.words.custom_ids import (
    Confirmation,
    DealReviewButton,
    GameButton,
    LobbyButton,
    MoveButton,
    SeatButton,
    Subject,
)
from bot.adapter.words.game_words import bid_numbers
from bot.adapter.words.texts import card_button_label
from bot.core.computers import PLAYABLE_LEVELS
from bot.core.effects import CloseHand, HandSnapshot, LobbySnapshot
from bot.core.move_choice import MoveChoice
from engine import CallBreakRules, Phase
from engine.display_order import hand_order
from i18n import N_, Words

BUTTONS_PER_ROW: Final = 5
MAX_ROWS: Final = 5
MAX_ITEMS: Final = BUTTONS_PER_ROW * MAX_ROWS
LEVEL_LABELS: Final = {
    "easy": (N_("Easy"), N_("plays plausibly, makes mistakes")),
    "medium": (N_("Medium"), N_("a sound rule-based player")),
    "hard": (N_("Hard"), N_("searches ahead, bids sharply")),
}

Item = discord.ui.Item[discord.ui.View]


def layout(items: Sequence[Item]) -> discord.ui.View:
    """A view that only carries components (see the module docstring)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def button(
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


def lobby_controls(words: Words, lobby: LobbySnapshot) -> discord.ui.View | None:
    """The lobby's buttons while it is open; none once it started or closed."""
    if lobby.state != "open":
        return None
    gid = lobby.game_id
    full = len(lobby.seats) >= lobby.capacity
    level_menu: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=LobbyButton("addbot", gid).encode(),
        placeholder=words.t("Add a computer player…"),
        options=[
            discord.SelectOption(label=words.t(LEVEL_LABELS[level][0]), value=level,
                                 description=words.t(LEVEL_LABELS[level][1]))
            for level in PLAYABLE_LEVELS
        ],
        disabled=full,
        row=1,
    )
    has_bot = any(seat.user_id is None for seat in lobby.seats)
    return layout(
        [
            button(LobbyButton("join", gid).encode(), words.t("Join"), discord.ButtonStyle.primary,
                   disabled=full, row=0),
            button(LobbyButton("leave", gid).encode(), words.t("Leave"), row=0),
            button(LobbyButton("dropbot", gid).encode(), words.t("Remove computer player"),
                   disabled=not has_bot, row=0),
            level_menu,
            button(LobbyButton("start", gid).encode(), words.t("Start"),
                   discord.ButtonStyle.success,
                   disabled=not lobby.can_start, row=2),
            button(LobbyButton("close", gid).encode(), words.t("Cancel"),
                   discord.ButtonStyle.danger,
                   row=2),
        ]
    )


def hand_controls(words: Words, game_id: int, seat: int, hand: HandSnapshot) -> discord.ui.View:
    """The controls of a hand message: only moves that are legal now are enabled."""
    view = hand.view
    items: list[Item] = []
    if hand.away:
        return layout([back_control(words, game_id, seat)])
    if hand.may_bid_blind:
        if hand.yours:
            items += bid_controls(words, game_id, seat, hand, blind=True)
        items.append(look_control(words, game_id, seat))
    elif hand.yours and view.phase is Phase.BIDDING:
        items += bid_controls(words, game_id, seat, hand, blind=False)
    elif hand.yours and view.phase is Phase.PLAYING:
        if view.hand_hidden:
            items.append(button(
                MoveButton(game_id, hand.counter, seat, MoveChoice(hidden_card=True)).encode(),
                words.t("Play my hidden card"), discord.ButtonStyle.primary))
        else:
            items += card_controls(game_id, seat, hand)
    items.append(quit_control(words, game_id, seat))
    return layout(items)


def bid_controls(words: Words, game_id: int, seat: int, hand: HandSnapshot, *, blind: bool,
                 ) -> list[Item]:
    """Bid buttons 0..hand size; the ones not allowed (the hooked number) disabled.
    ``blind``: the buttons make blind bids (the hand has not been looked at)."""
    legal = hand.view.legal_bids
    return [
        button(
            MoveButton(game_id, hand.counter, seat, MoveChoice(bid=bid, blind=blind)).encode(),
            words.t("{bid} blind", bid=bid) if blind else str(bid),
            discord.ButtonStyle.primary if bid in legal else discord.ButtonStyle.secondary,
            disabled=bid not in legal,
            row=min(bid // BUTTONS_PER_ROW, MAX_ROWS - 2),
        )
        for bid in bid_numbers(hand.view)
    ]


def look_control(words: Words, game_id: int, seat: int) -> Item:
    """With blind bids: see the hand (and give up bidding blind this deal)."""
    return button(SeatButton("blind", game_id, seat).encode(), words.t("Look at my hand"),
                  discord.ButtonStyle.success, row=MAX_ROWS - 1)


def card_controls(game_id: int, seat: int, hand: HandSnapshot) -> list[Item]:
    """One button per card, in the order of the hand picture's index numbers; cards that
    may not be played are shown disabled so the numbers line up with the picture."""
    view = hand.view
    legal = set(view.legal_cards)
    items: list[Item] = []
    for position, card in enumerate(hand_order(view.hand, view.trump), start=1):
        playable = card in legal
        items.append(button(
            MoveButton(game_id, hand.counter, seat, MoveChoice(card=card)).encode(),
            card_button_label(position, card),
            discord.ButtonStyle.primary if playable else discord.ButtonStyle.secondary,
            disabled=not playable,
            row=min((position - 1) // BUTTONS_PER_ROW, MAX_ROWS - 1),
        ))
    return items


def quit_control(words: Words, game_id: int, seat: int) -> Item:
    return button(SeatButton("quit", game_id, seat).encode(), words.t("Leave game"),
                  discord.ButtonStyle.danger, row=MAX_ROWS - 1)


def table_controls(words: Words, game_id: int) -> discord.ui.View:
    return layout([button(GameButton("hand", game_id).encode(), words.t("My hand"),
                          discord.ButtonStyle.primary)])


def back_control(words: Words, game_id: int, seat: int) -> Item:
    return button(SeatButton("back", game_id, seat).encode(), words.t("I'm back"),
                  discord.ButtonStyle.success)


def review_controls(words: Words, game_id: int, closed: CloseHand) -> discord.ui.View | None:
    """A finished deal's hand message offers its review (and, at the end, the game's)."""
    if closed.result is None or closed.why not in ("deal_over", "game_over") \
            or isinstance(closed.rules, CallBreakRules):  # reviews are Kachuful's only
        return None
    items: list[Item] = [button(DealReviewButton(game_id, closed.result.number).encode(),
                                words.t("Review this deal"))]
    if closed.why == "game_over":
        items.append(button(GameButton("reviewall", game_id).encode(), words.t("Review my game")))
    return layout(items)


def finished_controls(words: Words, game_id: int) -> discord.ui.View:
    return layout([
        button(GameButton("rematch", game_id).encode(), words.t("Rematch"),
               discord.ButtonStyle.success),
        button(GameButton("record", game_id).encode(), words.t("Download the record")),
    ])


def confirm_controls(words: Words, subject: Subject, subject_id: int, yes_label: str,
                     ) -> discord.ui.View:
    return layout([
        button(Confirmation(subject, subject_id, yes=True).encode(), yes_label,
               discord.ButtonStyle.danger),
        button(Confirmation(subject, subject_id, yes=False).encode(), words.t("Keep it")),
    ])
