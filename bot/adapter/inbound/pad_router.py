"""The score pad's clicks, menus and forms (``kf:pad…`` ids), handed to the core.

A click that changes the pad is acknowledged at once; the pad's message then follows
from the core's effects. A refusal is answered to the clicker alone and changes
nothing. Only the keeper's controls check the keeper here, to answer before showing
a form; every entry is checked again by the core.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Final

import discord

from bot.adapter.inbound.parts import BotParts
from bot.adapter.inbound.replies import interaction_data, reply
from bot.adapter.words import controls, pad_view
from bot.adapter.words.custom_ids import BadComponent, PadControl, PadKind
from bot.core.refusals import Refusal
from bot.core.scorepad_state import MAX_NAME

PadHandler = Callable[[BotParts, discord.Interaction, PadControl], Awaitable[None]]

async def _enter(bot: BotParts, interaction: discord.Interaction, cid: PadControl,
                 entry: dict[str, Any], *, counter: bool = True) -> None:
    if not interaction.response.is_done():
        await interaction.response.defer()
    await bot.pads.enter(cid.pad_id, interaction.user.id, entry,
                         cid.step if counter else None)


def _keeper(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    if bot.pads.get(cid.pad_id).state.keeper_id != interaction.user.id:
        raise Refusal("pad_only_keeper")


def _chosen(interaction: discord.Interaction) -> int:
    values = interaction_data(interaction).get("values") or []
    text = str(values[0]) if values else ""
    if not text.isdigit() or len(text) > 1:
        raise BadComponent("bad seat choice")
    return int(text)


async def on_join(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    await _enter(bot, interaction, cid,
                 {"do": "join", "name": interaction.user.display_name[:MAX_NAME]})


async def on_leave(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    seat = bot.pads.get(cid.pad_id).state.seat_of(interaction.user.id)
    if seat is None:
        words = await bot.languages.asker(interaction)
        await reply(interaction, words.t("You're not at this table."))
        return
    await _enter(bot, interaction, cid, {"do": "leave", "seat": seat})


async def on_guest(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    _keeper(bot, interaction, cid)
    words = await bot.languages.asker(interaction)
    modal = discord.ui.Modal(title=words.t("Add a guest"),
                             custom_id=PadControl("padguest", cid.pad_id).encode())
    modal.add_item(discord.ui.TextInput(label=words.t("The guest's name"), custom_id="name",
                                        min_length=1, max_length=MAX_NAME))
    modal.stop()
    await interaction.response.send_modal(modal)


async def on_move_up(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    await _enter(bot, interaction, cid, {"do": "move", "seat": _chosen(interaction), "up": True})


async def on_start(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    entry: dict[str, Any] = {"do": "start"}
    if cid.kind == "paddealer":
        entry["dealer"] = _chosen(interaction)
    await _enter(bot, interaction, cid, entry)


async def on_trump(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    suit = None if cid.suit == "none" else cid.suit
    await _enter(bot, interaction, cid, {"do": "trump", "suit": suit})


async def on_number(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    seat, value = cid.seat, cid.number
    if seat is None or value is None:
        raise BadComponent("bad entry")
    if cid.kind == "padbid":
        entry: dict[str, Any] = {"do": "bid", "seat": seat, "bid": value}
    else:
        entry = {"do": "tricks", "seat": seat, "tricks": value}
    if not bot.pads.get(cid.pad_id).state.may_enter_for(interaction.user.id, seat):
        raise Refusal("pad_not_your_row")
    await _enter(bot, interaction, cid, entry)


async def on_blind(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    """The button offers the blind bids (a menu only the clicker sees); the menu enters
    the one chosen, marked blind."""
    seat = cid.seat
    if seat is None:
        raise BadComponent("bad blind bid")
    pad = bot.pads.get(cid.pad_id)
    if not pad.state.may_enter_for(interaction.user.id, seat):
        raise Refusal("pad_not_your_row")
    words = await bot.languages.asker(interaction)
    if cid.follow_up:
        values = interaction_data(interaction).get("values") or []
        text = str(values[0]) if values else ""
        if not text.isdigit() or len(text) > 2:
            raise BadComponent("bad blind bid")
        await bot.pads.enter(cid.pad_id, interaction.user.id,
                             {"do": "bid", "seat": seat, "bid": int(text), "blind": True},
                             cid.step)
        await interaction.response.edit_message(content=words.t("Done."), view=None)
        return
    snapshot = pad.snapshot()
    if snapshot.counter != cid.step:
        raise Refusal("pad_stale")
    if snapshot.bidder != seat or not snapshot.may_bid_blind:
        raise Refusal("pad_no_deal")
    text = words.t("A blind bid is made before looking at the cards: made exactly, it "
                   "scores double.")
    if snapshot.forbidden is not None:
        text += " " + words.t("{name} is the dealer and can't bid {number}: the bids would "
                              "total {size}, the tricks in this deal.",
                              name=snapshot.seats[seat].name, number=snapshot.forbidden,
                              size=snapshot.hand_size)
    await reply(interaction, text,
                view=controls.layout([pad_view.blind_bid_menu(words, snapshot, seat)]))


async def on_undo(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    _keeper(bot, interaction, cid)
    await _enter(bot, interaction, cid, {"do": "undo"}, counter=False)


async def on_revoke(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    """The button asks whom (a menu only the keeper sees); the menu marks them."""
    _keeper(bot, interaction, cid)
    if cid.follow_up:
        seat = _chosen(interaction)
        await bot.pads.enter(cid.pad_id, interaction.user.id, {"do": "revoke", "seat": seat},
                             cid.step)
        words = await bot.languages.asker(interaction)
        await interaction.response.edit_message(content=words.t("Marked."), view=None)
        return
    pad = bot.pads.get(cid.pad_id)
    words = await bot.languages.asker(interaction)
    menu: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=PadControl("padrevoke", cid.pad_id, cid.step, follow_up=True).encode(),
        placeholder=words.t("Who revoked? (choose again to take it back)"),
        options=[discord.SelectOption(label=seat.name[:100], value=str(index))
                 for index, seat in enumerate(pad.state.seats)])
    await reply(interaction, words.t("A player caught revoking scores 0 for this deal, "
                                     "whatever their tricks."), view=controls.layout([menu]))


async def on_fix(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    _keeper(bot, interaction, cid)
    words = await bot.languages.asker(interaction)
    modal = discord.ui.Modal(title=words.t("Correct a scored deal"),
                             custom_id=PadControl("padfix", cid.pad_id).encode())
    modal.add_item(discord.ui.TextInput(label=words.t("Deal number"), custom_id="deal",
                                        max_length=2))
    modal.add_item(discord.ui.TextInput(label=words.t("What: bids or tricks"), custom_id="what",
                                        max_length=6))
    modal.add_item(discord.ui.TextInput(
        label=words.t("The numbers, in seat order"), custom_id="values", max_length=40,
        placeholder="1 0 2 1"))
    modal.stop()
    await interaction.response.send_modal(modal)


async def on_end(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    """Finish (or, before the first deal, cancel) — after the keeper confirms."""
    _keeper(bot, interaction, cid)
    started = bot.pads.get(cid.pad_id).state.started
    words = await bot.languages.asker(interaction)
    if not cid.follow_up:
        label = words.t("Finish the game") if started else words.t("Cancel the score pad")
        confirm = controls.layout([controls.button(
            PadControl("padend", cid.pad_id, cid.step, follow_up=True).encode(), label,
            discord.ButtonStyle.danger)])
        question = (words.t("Finish now? The scored deals count, as a table game.") if started
                    else words.t("Cancel this score pad? Nothing will count."))
        await reply(interaction, question, view=confirm)
        return
    await interaction.response.edit_message(content=words.t("Done."), view=None)
    await bot.pads.enter(cid.pad_id, interaction.user.id,
                         {"do": "finish" if started else "cancel"})


# --- forms ---------------------------------------------------------------------------------

def modal_values(interaction: discord.Interaction) -> dict[str, str]:
    """Each text input's value by its custom id, in rows or in labels."""
    found: dict[str, str] = {}

    def walk(items: Any) -> None:
        for item in items or []:
            if not isinstance(item, dict):
                continue
            if "value" in item and "custom_id" in item:
                found[str(item["custom_id"])] = str(item["value"])
            walk(item.get("components"))
            if isinstance(item.get("component"), dict):
                walk([item["component"]])

    walk(interaction_data(interaction).get("components"))
    return found


def correction(values: dict[str, str]) -> dict[str, Any]:
    """The correction a form asks for; a form that makes no sense is a refusal."""
    deal = values.get("deal", "").strip()
    what = values.get("what", "").strip().lower()
    numbers = values.get("values", "").replace(",", " ").split()
    if not deal.isdigit() or what not in ("bids", "tricks") or not all(
        n.isdigit() and len(n) <= 2 for n in numbers
    ):
        raise Refusal("pad_illegal", text="deal number, bids or tricks, then the numbers")
    return {"do": "correct", "deal": int(deal), "field": what,
            "values": [int(n) for n in numbers]}


async def on_modal(bot: BotParts, interaction: discord.Interaction, cid: PadControl) -> None:
    values = modal_values(interaction)
    words = await bot.languages.asker(interaction)
    if cid.kind == "padguest":
        await bot.pads.enter(cid.pad_id, interaction.user.id,
                             {"do": "guest", "name": values.get("name", "")})
        await reply(interaction, words.t("Guest added."))
    elif cid.kind == "padfix":
        await bot.pads.enter(cid.pad_id, interaction.user.id, correction(values))
        await reply(interaction, words.t("Corrected: the totals are recomputed."))
    else:
        raise BadComponent("not a form of this bot")


PAD_HANDLERS: Final[dict[PadKind, PadHandler]] = {
    "padjoin": on_join,
    "padleave": on_leave,
    "padguest": on_guest,
    "padup": on_move_up,
    "paddealer": on_start,
    "padstart": on_start,
    "padtrump": on_trump,
    "padbid": on_number,
    "padblind": on_blind,
    "padtricks": on_number,
    "padundo": on_undo,
    "padrevoke": on_revoke,
    "padfix": on_fix,
    "padend": on_end,
}
