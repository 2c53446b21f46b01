"""The score pad's message: what it says (an embed) and its controls.

The pad is the channel's, so it is in the server's language. Its buttons carry the
pad's deal number as their counter: a click on an earlier deal's message is stale.
"""

from __future__ import annotations

from typing import Final

import discord

from bot.adapter.words import controls
from bot.adapter.words.custom_ids import PadControl, PadKind
from bot.adapter.words.game_words import is_callbreak, points
from bot.adapter.words.lobby_view import LOBBY_COLOUR
from bot.core.pad_effects import PadSnapshot
from engine import Suit
from i18n import Words, suit_name

SUIT_BUTTONS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
NUMBER_ROWS: Final = 4
"""Rows of number buttons; the fifth row is the keeper's."""


def _seat_name(pad: PadSnapshot, seat: int, words: Words) -> str:
    label = discord.utils.escape_markdown(pad.seats[seat].name)
    if pad.seats[seat].user_id is None:
        return words.t("{name} (guest)", name=label)
    if pad.seats[seat].user_id == pad.keeper_id:
        return words.t("{name} (keeper)", name=label)
    return label


def pad_embed(words: Words, pad: PadSnapshot) -> discord.Embed:
    title = (words.t("Score pad — Call Break with real cards") if is_callbreak(pad.rules)
             else words.t("Score pad — a game with real cards"))
    if pad.status == "finished":
        title = words.t("Score pad — finished (a table game)")
    elif pad.status == "cancelled":
        title = words.t("Score pad — cancelled")
    embed = discord.Embed(title=title, colour=LOBBY_COLOUR)
    lines: list[str] = []
    if pad.phase == "seating":
        lines.append(words.t("Join with the button. The keeper adds guests (people without "
                             "Discord), puts the seats in playing order and starts."))
        lines += [f"{seat + 1}. {_seat_name(pad, seat, words)}" for seat in range(len(pad.seats))]
    else:
        lines += _deal_lines(words, pad)
    embed.description = "\n".join(lines)
    if pad.corrected:
        embed.set_footer(text=words.t("Corrected by the keeper: deal {numbers}",
                                      numbers=", ".join(map(str, pad.corrected))))
    return embed


def _deal_lines(words: Words, pad: PadSnapshot) -> list[str]:
    lines: list[str] = []
    callbreak = is_callbreak(pad.rules)
    if pad.phase in ("bids", "tricks", "trump") and pad.dealer is not None:
        trump = words.t("no trump") if pad.trump is None else suit_name(words, pad.trump.symbol)
        if pad.phase == "trump":
            trump = words.t("chosen by the turned-up card")
        first = pad.first_to_bid if pad.first_to_bid is not None else 0
        if callbreak:
            lines.append(words.t(
                "**Deal {number} of {count}**: {size} cards · trump: {trump} · {dealer} deals "
                "· {first} calls first", number=pad.deal_number, count=pad.deal_count,
                size=pad.hand_size or "?", trump=trump, dealer=pad.seats[pad.dealer].name,
                first=pad.seats[first].name))
        else:
            lines.append(words.t(
                "**Deal {number} of {count}**: {size} cards · trump: {trump} · {dealer} deals · "
                "{first} bids first", number=pad.deal_number, count=pad.deal_count,
                size=pad.hand_size or "?", trump=trump, dealer=pad.seats[pad.dealer].name,
                first=pad.seats[first].name))
    for seat in range(len(pad.seats)):
        bid = "—" if pad.bids[seat] is None else str(pad.bids[seat])
        if pad.bids[seat] is not None and pad.blind[seat]:
            bid = words.t("{bid} blind", bid=bid)
        won = "—" if pad.tricks[seat] is None else str(pad.tricks[seat])
        if callbreak:
            line = words.t("{name}: call {call} · tricks {tricks} · total {total}",
                           name=_seat_name(pad, seat, words), call=bid, tricks=won,
                           total=points(pad.rules, pad.totals[seat]))
        else:
            line = words.t("{name}: bid {bid} · tricks {tricks} · total {total}",
                           name=_seat_name(pad, seat, words), bid=bid, tricks=won,
                           total=pad.totals[seat])
        if pad.revokes[seat]:
            line += " · " + words.t("revoked: scores 0 this deal")
        lines.append(line)
    if pad.phase == "trump":
        lines.append(words.t("Keeper: which suit did the turned-up card show?"))
    if pad.bidder is not None and callbreak:
        lines.append(words.t("**{name}** to call.", name=pad.seats[pad.bidder].name))
    elif pad.bidder is not None:
        lines.append(words.t("**{name}** to bid.", name=pad.seats[pad.bidder].name))
        if pad.forbidden is not None:
            lines.append(words.t("{name} is the dealer and can't bid {number}: the bids would "
                                 "total {size}, the tricks in this deal.",
                                 name=pad.seats[pad.bidder].name, number=pad.forbidden,
                                 size=pad.hand_size))
    if pad.counting is not None:
        lines.append(words.t("After play: how many tricks did **{name}** win?",
                             name=pad.seats[pad.counting].name))
    if pad.phase == "over":
        lines.append(words.t("Every deal is scored: the keeper finishes the game."))
    return lines


def pad_controls(words: Words, pad: PadSnapshot) -> discord.ui.View | None:
    if pad.status != "open":
        return None
    items: list[controls.Item] = []
    if pad.phase == "seating":
        items += _seating_controls(words, pad)
        return controls.layout(items)
    if pad.phase == "trump":
        items += [_button(words, pad, "padtrump", suit_name(words, suit.symbol), 0,
                          suit=suit.letter)
                  for suit in SUIT_BUTTONS]
        items.append(_button(words, pad, "padtrump", words.t("No trump"), 0, suit="none"))
    elif pad.bidder is not None:
        items += _numbers(pad, "padbid", pad.bidder, pad.legal_bids)
        if pad.may_bid_blind:
            items.append(_button(words, pad, "padblind", words.t("Bid blind…"),
                                 _row_after_numbers(pad.hand_size), seat=pad.bidder))
    elif pad.counting is not None:
        items += _numbers(pad, "padtricks", pad.counting, None)
    keeper_row = NUMBER_ROWS
    items += [
        _button(words, pad, "padundo", words.t("Undo"), keeper_row),
        *([] if is_callbreak(pad.rules)  # no revoke marks in Call Break
          else [_button(words, pad, "padrevoke", words.t("Revoke…"), keeper_row)]),
        _button(words, pad, "padfix", words.t("Correct a deal…"), keeper_row),
        _button(words, pad, "padend", words.t("Finish"), keeper_row,
                style=discord.ButtonStyle.danger),
    ]
    return controls.layout(items)


def _button(words: Words, pad: PadSnapshot, kind: PadKind, label: str, row: int, *,
            seat: int | None = None, suit: str | None = None,
            style: discord.ButtonStyle = discord.ButtonStyle.secondary,
            disabled: bool = False) -> controls.Item:
    control = PadControl(kind, pad.pad_id, pad.counter, seat=seat, suit=suit)
    return controls.button(control.encode(), label, style, disabled=disabled, row=row)


def _numbers(pad: PadSnapshot, kind: PadKind, seat: int, allowed: tuple[int, ...] | None
             ) -> list[controls.Item]:
    """0 … hand size for ``seat``; with ``allowed`` (the bids), the others are shown
    disabled (Kachuful's hooked number, Call Break's calls outside 1 … 8)."""
    per_row = controls.BUTTONS_PER_ROW
    return [
        controls.button(PadControl(kind, pad.pad_id, pad.counter, seat=seat,
                                   number=value).encode(), str(value),
                        discord.ButtonStyle.primary,
                        disabled=allowed is not None and value not in allowed,
                        row=min(value // per_row, NUMBER_ROWS - 1))
        for value in range(min(pad.hand_size, NUMBER_ROWS * per_row - 1) + 1)
    ]


def _row_after_numbers(hand_size: int) -> int:
    """The first number row with room left after 0 … ``hand_size``."""
    per_row = controls.BUTTONS_PER_ROW
    buttons = hand_size + 1
    last = min(hand_size // per_row, NUMBER_ROWS - 1)
    in_last = buttons - last * per_row
    return last if in_last < per_row else min(last + 1, NUMBER_ROWS - 1)


def blind_bid_menu(words: Words, pad: PadSnapshot, seat: int) -> controls.Item:
    """The bids ``seat`` may make blind (the hooked number left out), as a menu."""
    options = [discord.SelectOption(label=words.t("{bid} blind", bid=bid), value=str(bid))
               for bid in pad.legal_bids]
    return discord.ui.Select(
        custom_id=PadControl("padblind", pad.pad_id, pad.counter, seat=seat,
                             follow_up=True).encode(),
        placeholder=words.t("Blind bid for {name}…", name=pad.seats[seat].name[:60]),
        options=options)


def _seating_controls(words: Words, pad: PadSnapshot) -> list[controls.Item]:
    items: list[controls.Item] = [
        _button(words, pad, "padjoin", words.t("Join"), 0, style=discord.ButtonStyle.success),
        _button(words, pad, "padleave", words.t("Leave"), 0),
        _button(words, pad, "padguest", words.t("Add a guest…"), 0),
        _button(words, pad, "padstart", words.t("Start: draw the first dealer"), 0,
                style=discord.ButtonStyle.primary, disabled=len(pad.seats) < 3),
        _button(words, pad, "padend", words.t("Cancel"), 0, style=discord.ButtonStyle.danger),
    ]
    seats = [discord.SelectOption(label=pad.seats[s].name[:100], value=str(s))
             for s in range(len(pad.seats))]
    if len(seats) > 1:
        items.append(discord.ui.Select(
            custom_id=PadControl("padup", pad.pad_id).encode(), row=1,
            placeholder=words.t("Move a seat up one place…"), options=seats[1:]))
    if len(seats) >= 3:
        items.append(discord.ui.Select(
            custom_id=PadControl("paddealer", pad.pad_id).encode(), row=2,
            placeholder=words.t("Or choose the first dealer and start…"), options=seats))
    return items
