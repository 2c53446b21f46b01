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

import discord

from bot.adapter import pictures
from bot.adapter.discord_codes import UNKNOWN_MESSAGE
from bot.adapter.languages import LanguageBook
from bot.adapter.pad_view import pad_controls, pad_embed
from bot.adapter.texts import signed
from bot.core.effects import Effect, Place, shown_in_dm
from bot.core.pad_effects import PadIdleClosed, PadSnapshot, ShowPad, ShowPadSheet, TellPadPeople
from bot.core.scorepad import ScorePads
from i18n import Words
from render.scoresheet import render_score_sheet
from render.standings import render_final_standings

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()


class PadPresenter:
    def __init__(self, client: discord.Client, pads: ScorePads, languages: LanguageBook
                 ) -> None:
        self._client = client
        self._pads = pads
        self._languages = languages

    async def show(self, queue_id: int, effect: Effect) -> None:
        if isinstance(effect, TellPadPeople):
            await self._tell(effect)
            return
        if self._pads.channel_lost(effect.place.channel_id) and not shown_in_dm(effect):
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
            try:
                user = self._client.get_user(user_id) or await self._client.fetch_user(user_id)
                await user.send(text)
            except discord.HTTPException as exc:
                log.info("could not tell %s of a lost score pad: %s", user_id, exc)

    def _where(self, words: Words, place: Place) -> str:
        guild = self._client.get_guild(place.guild_id)
        name = getattr(self._client.get_channel(place.channel_id), "name", None)
        guild_name = guild.name if guild else words.t("your server")
        return f"**{guild_name}** · " + (f"#{name}" if name else words.t("a deleted channel"))

    async def _show_pad(self, words: Words, channel: discord.PartialMessageable,
                        effect: ShowPad) -> None:
        pad = effect.pad
        embed, view = pad_embed(words, pad), pad_controls(words, pad)
        message_id = None if effect.fresh else self._pads.message_of(pad.pad_id)
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(embed=embed, view=view)
                return
            except discord.NotFound as exc:
                if exc.code != UNKNOWN_MESSAGE:
                    raise
        if view is None:
            sent = await channel.send(embed=embed, allowed_mentions=NO_MENTIONS)
        else:
            sent = await channel.send(embed=embed, view=view, allowed_mentions=NO_MENTIONS)
        await self._pads.remember_message(pad.pad_id, sent.id)

    async def _show_sheet(self, words: Words, channel: discord.PartialMessageable,
                          effect: ShowPadSheet) -> None:
        pad = effect.pad
        names = list(pad.names)
        options = pictures.options_in(words)
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
                   winners=winners, points=best)
    changes = [
        f"{discord.utils.escape_markdown(pad.seats[seat].name)} "
        + words.t("rating {change}", change=signed(change))
        for seat, change in enumerate(rating_changes) if change is not None
    ]
    return text + ("\n" + " · ".join(changes) if changes else "")
