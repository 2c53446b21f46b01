"""The score pad's effects as Discord calls: one pad message in the channel, edited
as entries come in, and a score-sheet picture after each scored deal (the same
renderer as online games), then the final standings.

Errors go up to the delivery's one failure policy, like every other message; a pad
whose channel is lost is cancelled, and its people are told in DMs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.adapter.outbound import pictures
from bot.adapter.outbound.calls import best_effort, edit_or_send
from bot.adapter.outbound.message_book import MessageBook
from bot.adapter.outbound.presenting import send_direct
from bot.adapter.words.game_words import points, render_options
from bot.adapter.words.languages import LanguageBook
from bot.adapter.words.pad_view import pad_controls, pad_embed
from bot.adapter.words.texts import signed
from bot.core.effects import Effect, Place, shown_in_dm
from bot.core.pad_effects import PadIdleClosed, PadSnapshot, ShowPad, ShowPadSheet, TellPadPeople
from i18n import Words
from render.scoresheet import render_score_sheet
from render.standings import render_final_standings

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()


class PadPresenter:
    def __init__(self, client: discord.Client, book: MessageBook, languages: LanguageBook
                 ) -> None:
        self._client = client
        self._book = book
        self._languages = languages

    async def show(self, effect: Effect) -> None:
        if isinstance(effect, TellPadPeople):
            await self._tell(effect)
            return
        if isinstance(effect, ShowPad) and effect.fresh:
            self._book.pad_channel_back(effect.place.channel_id)
        if self._book.pad_channel_lost(effect.place.channel_id) and not shown_in_dm(effect):
            return  # the channel is gone: no more refusals to collect there
        words = await self._languages.server(effect.place.guild_id)
        channel = self._client.get_partial_messageable(effect.place.channel_id)
        if isinstance(effect, ShowPad):
            await self._show_pad(words, channel, effect)
        elif isinstance(effect, ShowPadSheet):
            await self._show_sheet(words, channel, effect)
        elif isinstance(effect, PadIdleClosed):
            await channel.send(words.n(
                "This score pad had no entry for {count} hour, so it is closed. Nothing "
                "counts; `/kachuful scorepad` opens a new one.",
                "This score pad had no entry for {count} hours, so it is closed. Nothing "
                "counts; `/kachuful scorepad` opens a new one.", effect.hours),
                allowed_mentions=NO_MENTIONS)

    async def _tell(self, effect: TellPadPeople) -> None:
        for user_id in effect.user_ids:
            words = await self._languages.person(user_id, effect.place.guild_id)
            text = words.t("The score pad of your table game in {where} was cancelled: its "
                           "channel was deleted or can no longer be used. Nothing counts.",
                           where=self._where(words, effect.place))
            await best_effort(f"{user_id} not told of a lost score pad",
                              send_direct(self._client, user_id, text))

    def _where(self, words: Words, place: Place) -> str:
        guild = self._client.get_guild(place.guild_id)
        name = getattr(self._client.get_channel(place.channel_id), "name", None)
        guild_name = guild.name if guild else words.t("your server")
        return f"**{guild_name}** · " + (f"#{name}" if name else words.t("a deleted channel"))

    async def _show_pad(self, words: Words, channel: discord.PartialMessageable,
                        effect: ShowPad) -> None:
        pad = effect.pad
        embed, view = pad_embed(words, pad), pad_controls(words, pad)
        message_id = None if effect.fresh else await self._book.pad_message(pad.pad_id)
        payload: dict[str, Any] = {"embed": embed, "allowed_mentions": NO_MENTIONS}
        if view is not None:
            payload["view"] = view
        elif message_id is not None:
            payload["view"] = None  # an edit takes the controls off
        sent = await edit_or_send(channel, message_id, **payload)
        if sent.id != message_id:
            await self._book.remember_pad_message(pad.pad_id, sent.id)

    async def _show_sheet(self, words: Words, channel: discord.PartialMessageable,
                          effect: ShowPadSheet) -> None:
        pad = effect.pad
        names = list(pad.names)
        options = render_options(words, pad.rules)  # Call Break's scores in tenths
        if effect.final:
            png = await asyncio.to_thread(render_final_standings, names, pad.totals, options,
                                          results=pad.results)
            await channel.send(final_text(words, pad, effect.rating_changes),
                               file=pictures.as_file(png, "final-standings.png"),
                               allowed_mentions=NO_MENTIONS)
            return
        png = await asyncio.to_thread(render_score_sheet, names, pad.results, options,
                                      deal_count=pad.deal_count)
        await channel.send(sheet_text(words, pad),
                           file=pictures.as_file(png, f"scores-{len(pad.results)}.png"),
                           allowed_mentions=NO_MENTIONS)


def sheet_text(words: Words, pad: PadSnapshot) -> str:
    last = pad.results[-1]
    text = words.t("Score pad: deal {number} of {count} scored.", number=last.number,
                   count=pad.deal_count)
    if pad.corrected:
        text += " " + words.t("Corrected by the keeper: deal {numbers}",
                              numbers=", ".join(map(str, pad.corrected)))
    return text


def final_text(words: Words, pad: PadSnapshot,
               rating_changes: Sequence[int | None] = ()) -> str:
    best = max(pad.totals)
    winners = ", ".join(discord.utils.escape_markdown(pad.seats[s].name)
                        for s, total in enumerate(pad.totals) if total == best)
    text = words.n("Score pad finished after {count} deal: {winners} won with {points}. It "
                   "counts on the leaderboard as a table game (guests don't rank). "
                   "`/kachuful record` gives its record.",
                   "Score pad finished after {count} deals: {winners} won with {points}. It "
                   "counts on the leaderboard as a table game (guests don't rank). "
                   "`/kachuful record` gives its record.", len(pad.results),
                   winners=winners, points=points(pad.rules, best))
    changes = [
        f"{discord.utils.escape_markdown(pad.seats[seat].name)} "
        + words.t("rating {change}", change=signed(change))
        for seat, change in enumerate(rating_changes) if change is not None
    ]
    return text + ("\n" + " · ".join(changes) if changes else "")
