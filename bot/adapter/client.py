"""The bot: a discord.py client that wires the game core to Discord."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

import render
from bot import health
from bot.adapter.inbound import router
from bot.adapter.inbound.click_routing import ClickRouting
from bot.adapter.inbound.commands import build_group
from bot.adapter.inbound.errors import answer_failure
from bot.adapter.outbound.budget import BotTokenBudget
from bot.adapter.outbound.delivery import Delivery
from bot.adapter.outbound.interaction_tokens import InteractionTokens
from bot.adapter.outbound.message_book import MessageBook
from bot.adapter.outbound.pad_showing import PadPresenter
from bot.adapter.outbound.presenter import Presenter
from bot.adapter.outbound.presenting import ShowContext
from bot.adapter.outbound.reports import ChannelLost, DmsClosed, Reports, Shown, ThreadOpened
from bot.adapter.outbound.review_summary import FinalSummaries
from bot.adapter.outbound.reviews import Reviews
from bot.adapter.words.command_words import CommandTranslator
from bot.adapter.words.languages import LanguageBook
from bot.core.game_records import GameRecords
from bot.core.lobby_idle import LOBBY_IDLE_SECONDS
from bot.core.people import People
from bot.core.scorepad import ScorePads
from bot.core.server_settings import ServerSettings
from bot.core.service import GameService
from bot.core.standings import Standings
from bot.core.tasks import stop_task
from bot.settings import Settings
from bot.storage import Storage, open_storage
from i18n.catalogues import catalogues_digest

log = logging.getLogger(__name__)

SHUTDOWN_GRACE_SECONDS = 10.0


class KachufulBot(discord.Client):
    """Default intents only: the bot needs no privileged ones (it reads no messages)."""

    def __init__(
        self,
        settings: Settings,
        *,
        table_edit_interval: float = 1.2,
        table_edit_spacing: float | None = None,
        lobby_idle_seconds: float = LOBBY_IDLE_SECONDS,
        time_scale: float = 1.0,
        status_interval: float = health.INTERVAL,
        work_slots: int | None = None,
        **client_options: Any,
    ) -> None:
        """``time_scale`` shrinks turn timers (tests run a 15 s timer in 0.15 s);
        ``work_slots`` overrides the ``WORK_SLOTS`` setting; ``table_edit_spacing`` the
        ``TABLE_PACE_SECONDS`` setting (tests)."""
        # No message cache: the bot edits by id and never reads its own messages back,
        # and discord.py searches that cache on every edit.
        client_options.setdefault("max_messages", None)
        # Every bot-token request waits its turn in Discord's budget before it is sent.
        self.budget = BotTokenBudget(settings.discord_global_rate)
        client_options.setdefault("http_trace", self.budget.trace_config())
        super().__init__(intents=discord.Intents.default(), **client_options)
        self.settings = settings
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(build_group(self))
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        self.work_slot_count = work_slots or settings.work_slots
        self._options = (table_edit_interval, lobby_idle_seconds, time_scale)
        self._table_pace = (float(settings.table_pace_seconds) if table_edit_spacing is None
                            else table_edit_spacing)
        self._storage: Storage | None = None
        self._service: GameService | None = None
        self._pads: ScorePads | None = None
        self._delivery: Delivery | None = None
        self._book: MessageBook | None = None
        self._presenter: Presenter | None = None
        self._languages: LanguageBook | None = None
        self._asks: tuple[People, ServerSettings, GameRecords, Standings] | None = None
        self._health: asyncio.Task[None] | None = None
        self._status_interval = status_interval
        self.reviews = Reviews()
        self.tokens = InteractionTokens()
        """People's latest click tokens (see ``interaction_tokens``)."""
        self._reports = Reports()
        self._passing: asyncio.Task[None] | None = None
        self._routing: ClickRouting | None = None

    # --- the parts, once set up ---------------------------------------------------------

    @property
    def storage(self) -> Storage:
        if self._storage is None:
            raise RuntimeError("storage is opened in setup_hook")
        return self._storage

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the game service starts in setup_hook")
        return self._service

    @property
    def pads(self) -> ScorePads:
        if self._pads is None:
            raise RuntimeError("the score pads start in setup_hook")
        return self._pads

    @property
    def routing(self) -> ClickRouting | None:
        """Set by a process sharing the shards through PostgreSQL (``shards``)."""
        return self._routing

    @property
    def book(self) -> MessageBook:
        assert self._book is not None
        return self._book

    @property
    def presenter(self) -> Presenter:
        assert self._presenter is not None
        return self._presenter

    @property
    def delivery(self) -> Delivery:
        assert self._delivery is not None
        return self._delivery

    @property
    def languages(self) -> LanguageBook:
        assert self._languages is not None
        return self._languages

    @property
    def people(self) -> People:
        assert self._asks is not None
        return self._asks[0]

    @property
    def server_settings(self) -> ServerSettings:
        assert self._asks is not None
        return self._asks[1]

    @property
    def records(self) -> GameRecords:
        assert self._asks is not None
        return self._asks[2]

    @property
    def standings(self) -> Standings:
        assert self._asks is not None
        return self._asks[3]

    def open_games(self) -> int:
        return 0 if self._service is None else self._service.open_games()

    # --- start-up ------------------------------------------------------------------------

    async def setup_hook(self) -> None:
        storage = self._storage = await open_storage(self.settings)
        self.budget.share(storage.budget)  # on PostgreSQL, with the database's other processes
        table_interval, idle, scale = self._options
        slots = self.work_slot_count
        self._book = MessageBook(storage)
        self._languages = LanguageBook(storage, self.get_guild)
        context = ShowContext(self, self._book, self._reports, self._languages,
                              FinalSummaries(self.reviews, storage), self.tokens)
        self._presenter = Presenter(context, PadPresenter(self, self._book, self._languages))
        self._delivery = Delivery(self._presenter, self._book, self._reports, table_interval,
                                  slots, table_pace=self._table_pace)
        self._service = GameService(storage, self._delivery, work_slots=slots, time_scale=scale,
                                    lobby_idle_seconds=idle, thread_mode=self._thread_mode,
                                    shared=self.settings.shares_database)
        self._pads = ScorePads(storage, self._delivery, shared=self.settings.shares_database,
                               bench=self._service.ctx.bench)
        self._asks = (People(storage, self._pads),
                      ServerSettings(storage, self.settings.turn_timeout),
                      GameRecords(storage, self._service), Standings(storage))
        self._passing = asyncio.create_task(self._pass_reports(), name="reports")
        # Build the card art and palettes once, off the event loop, before any game.
        await asyncio.to_thread(render.warm_up)
        if self.settings.status_path is not None:
            self._health = asyncio.create_task(
                health.keep_writing(self, self.settings.status_path, self._status_interval),
                name="health",
            )
        await self.tree.set_translator(CommandTranslator())
        await self.sync_commands()
        # Games are restored while the gateway connects; one clicked meanwhile first.
        await self._service.restore(wait=False)
        await self._pads.restore()

    async def _thread_mode(self, guild_id: int) -> bool:
        return await self.server_settings.thread_mode(guild_id)

    def _command_target(self) -> discord.Object | None:
        guild = self.settings.dev_guild_id
        return None if guild is None else discord.Object(guild)

    def _commands_fingerprint(self) -> str:
        guild = self._command_target()
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands()]
        # Localisations are added at sync from the catalogues: a new translation re-syncs.
        text = json.dumps({"guild": guild.id if guild else None, "commands": payload,
                           "catalogues": catalogues_digest()}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()

    async def sync_commands(self) -> None:
        """Register the slash commands, but only when they changed since the last sync
        (global syncs are rate limited and take time to spread)."""
        marker = Path(f"{self.settings.database_path}.commands")
        fingerprint = self._commands_fingerprint()
        with contextlib.suppress(OSError):
            if marker.read_text().strip() == fingerprint:
                log.info("slash commands unchanged; not syncing")
                return
        guild = self._command_target()
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)
        with contextlib.suppress(OSError):
            marker.write_text(fingerprint)
        log.info("slash commands synced%s", f" to server {guild.id}" if guild else "")

    # --- events ----------------------------------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if self._languages is not None:
            # Every interaction tells us the person's client language, for later DMs.
            self._languages.saw_client(interaction.user.id, str(interaction.locale))
        if interaction.type is discord.InteractionType.modal_submit:
            handle = router.on_modal
        elif interaction.type is discord.InteractionType.component:
            handle = router.on_component
        else:
            return  # slash commands go through the command tree
        try:
            await handle(self, interaction)
        except Exception as exc:
            await answer_failure(self.languages, interaction, exc)

    async def _on_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await answer_failure(self.languages, interaction, error)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    async def on_thread_delete(self, thread: discord.Thread) -> None:
        await self._channel_gone(thread.id)

    async def _channel_gone(self, channel_id: int) -> None:
        """A game's channel (or thread) was deleted: the game ends cleanly."""
        if self._service is None:
            return
        session = await self._service.lookup.in_channel(channel_id)
        if session is not None:
            messages = self.book.known(session.game_id)
            if messages is not None:
                messages.channel_state = "gone"
            await self._service.channel_lost(session.game_id, "deleted")
        if self._pads is not None:
            await self._pads.channel_gone(channel_id)

    async def _pass_reports(self) -> None:
        """The one way back from showing to the core: what Discord's refusals (or a
        new thread) taught the outbound side, passed on in order."""
        while True:
            report = await self._reports.get()
            try:
                match report:
                    case DmsClosed(game_id, seat):
                        await self.service.dms_closed(game_id, seat)
                    case ChannelLost(table, how) if table.kind == "pad":
                        await self.pads.lose_channel(table.id)
                    case ChannelLost(table, how):
                        await self.service.channel_lost(table.id, how)
                    case ThreadOpened(game_id, thread_id):
                        self.service.attach_thread(game_id, thread_id)
                    case Shown(game_id, shown):
                        await self.service.shown(game_id, shown)
            except Exception:  # one report's trouble must not stop the next ones
                log.exception("report %s not passed to the core", report)

    # --- shutdown ----------------------------------------------------------------------------

    async def close(self) -> None:
        await stop_task(self._health)
        self._health = None
        # Let the steps being applied finish (saved, shown) before the gateway closes.
        if self._service is not None:
            await self._service.close(SHUTDOWN_GRACE_SECONDS)
        if self._pads is not None:
            await self._pads.close()
        if self._delivery is not None:
            await self._delivery.drain(SHUTDOWN_GRACE_SECONDS)
        await stop_task(self._passing)
        # Before the HTTP session closes: a summary still being worked out is dropped.
        if self._presenter is not None and self._presenter.context.summaries is not None:
            self._presenter.context.summaries.close()
        await super().close()
        await self.budget.close()
        self.reviews.close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None
