"""The bot: a discord.py client that owns storage, the open games and their timers."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord import app_commands

import render
from bot import gameplay, health, router
from bot.commands import build_group
from bot.lobby import LOBBY_IDLE_SECONDS, LobbyTimers
from bot.memory import limit_malloc_arenas
from bot.registry import SessionRegistry
from bot.replies import interaction_data, reply
from bot.session import GameSession, SeatState
from bot.settings import Settings, SettingsError, configure_logging, load_settings
from bot.storage import Storage, StorageError, StoredGame
from bot.tables import TableMessages
from bot.timers import TurnTimers
from engine import DealCards

log = logging.getLogger(__name__)

SHUTDOWN_GRACE_SECONDS = 10.0


class KachufulBot(discord.Client):
    """Default intents only: the bot needs no privileged ones (it reads no messages)."""

    def __init__(
        self,
        settings: Settings,
        *,
        table_edit_interval: float = 1.2,
        lobby_idle_seconds: float = LOBBY_IDLE_SECONDS,
        time_scale: float = 1.0,
        status_interval: float = health.INTERVAL,
        work_slots: int | None = None,
        **client_options: Any,
    ) -> None:
        """``time_scale`` shrinks turn timers (tests run a 15 s timer in 0.15 s);
        ``work_slots`` overrides the ``WORK_SLOTS`` setting."""
        # No message cache: the bot edits by id and never reads its own messages back,
        # and discord.py searches that cache on every edit.
        client_options.setdefault("max_messages", None)
        super().__init__(intents=discord.Intents.default(), **client_options)
        self.settings = settings
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(build_group(self))
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        self.registry = SessionRegistry()
        self.tables = TableMessages(self, table_edit_interval)
        self.timers = TurnTimers(self, time_scale)
        self.lobbies = LobbyTimers(self, lobby_idle_seconds)
        self.last_finished: dict[int, int] = {}
        self._storage: Storage | None = None
        self._health: asyncio.Task[None] | None = None
        self._status_interval = status_interval
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.work_slots = asyncio.Semaphore(work_slots or settings.work_slots)

    @contextlib.asynccontextmanager
    async def working_on(self, session: GameSession) -> AsyncIterator[None]:
        """Hold the game's lock and one of the bot's work slots (``Settings.work_slots``).

        The lock comes first: a game waiting for a slot then blocks only its own
        clicks, and a slot never sits idle behind a game's lock."""
        async with session.lock, self.work_slots:
            yield

    @contextlib.asynccontextmanager
    async def busy(self) -> AsyncIterator[None]:
        """Mark work that a graceful shutdown lets finish (a move being applied)."""
        self._in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()

    @property
    def storage(self) -> Storage:
        if self._storage is None:
            raise RuntimeError("storage is opened in setup_hook")
        return self._storage

    # --- start-up ------------------------------------------------------------------

    async def setup_hook(self) -> None:
        self._storage = await Storage.open(
            self.settings.database_path, durability=self.settings.database_durability
        )
        # Build the card art and palettes once, off the event loop, before any game.
        await asyncio.to_thread(render.warm_up)
        if self.settings.status_path is not None:
            self._health = asyncio.create_task(
                health.keep_writing(self, self.settings.status_path, self._status_interval),
                name="health",
            )
        await self.sync_commands()
        await self.restore_games()

    def _command_target(self) -> discord.Object | None:
        guild = self.settings.dev_guild_id
        return None if guild is None else discord.Object(guild)

    def _commands_fingerprint(self) -> str:
        guild = self._command_target()
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands()]
        text = json.dumps({"guild": guild.id if guild else None, "commands": payload},
                          sort_keys=True)
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

    async def restore_games(self) -> None:
        """Pick every unfinished game up where it was."""
        for stored in await self.storage.load_unfinished_games():
            if stored.replay_error:
                log.error("game %s cannot be replayed: %s", stored.game_id, stored.replay_error)
                continue
            session = session_from_storage(stored)
            self.registry.add(session)
            if session.status == "lobby":
                self.lobbies.touch(session)
            else:
                self.loop.create_task(
                    self._resume(session, stored), name=f"resume-{stored.game_id}"
                )

    async def _resume(self, session: GameSession, stored: StoredGame) -> None:
        await self.wait_until_ready()
        async with self.busy(), self.working_on(session):
            deadlines = [s.turn_deadline for s in stored.seats if s.turn_deadline is not None]
            await self.tables.flush(session)
            await gameplay.play_computer_moves(self, session)
            if session.game is not None and not session.game.is_over:
                deadline = min(deadlines).timestamp() if deadlines else None
                if deadline is not None and deadline < time.time():
                    deadline = time.time() + 5  # expired while down: a short grace period
                self.timers.arm(session, deadline)

    # --- interactions ----------------------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return  # slash commands go through the command tree
        try:
            async with self.busy():
                await router.on_component(self, interaction)
        except StorageError as exc:
            await reply(interaction, exc.player_message)
        except Exception:
            log.exception("component %s failed", interaction_data(interaction).get("custom_id"))
            await reply(interaction, "Something went wrong on my side; nothing changed.")

    async def _on_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, StorageError):
            await reply(interaction, original.player_message)
            return
        if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
            await reply(interaction, str(error))
            return
        log.exception("command failed", exc_info=original)
        await reply(interaction, "Something went wrong on my side; nothing changed.")

    # --- shutdown ----------------------------------------------------------------------

    async def close(self) -> None:
        if self._health is not None:
            self._health.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._health
            self._health = None
        await self.timers.close()
        await self.lobbies.close()
        await self.tables.close()
        # Let the moves being applied finish (saved, shown) before the gateway closes.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(SHUTDOWN_GRACE_SECONDS):
                await self._idle.wait()
        await super().close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None


def session_from_storage(stored: StoredGame) -> GameSession:
    seats = [
        SeatState(
            name=seat.display_name,
            user_id=seat.user_id,
            level=seat.computer_level,
            dms_closed=seat.dms_closed,
            autoplay=seat.autoplay,
            missed_turns=seat.missed_turns,
            left=seat.left_game,
            dm_channel_id=seat.dm_channel_id,
            dm_message_id=seat.dm_message_id,
            looked=True,
            deadline_saved=seat.turn_deadline is not None,
        )
        for seat in stored.seats
    ]
    session = GameSession(
        game_id=stored.game_id,
        guild_id=stored.guild_id,
        channel_id=stored.channel_id,
        host_id=stored.host_user_id or 0,
        rules=stored.rules,
        seed=stored.seed,
        turn_timeout=stored.turn_timeout,
        seats=seats,
        status="lobby" if stored.status == "lobby" else "active",
        game=stored.game,
        thread_id=stored.thread_id,
        lobby_message_id=stored.lobby_message_id,
        table_message_id=stored.table_message_id,
        rematch_of=stored.rematch_of,
    )
    if stored.game is not None:
        session.deal_start_counter = _deal_start(stored)
        session.shown_controls = set(session.awaiting_humans())
    return session


def _deal_start(stored: StoredGame) -> int:
    """The action count at which the current deal's bidding opened."""
    game = stored.game
    assert game is not None
    log_ = game.log
    for index in range(len(log_) - 1, -1, -1):
        if isinstance(log_[index], DealCards):
            return index + 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """``kachuful-bot`` / ``python -m bot``."""
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    limit_malloc_arenas()  # before the first thread starts
    try:
        asyncio.run(run_until_stopped(settings))
    except discord.LoginFailure:
        print("error: Discord refused DISCORD_TOKEN: check the token in .env", file=sys.stderr)
        return 2
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as exc:
        print(f"error: cannot reach Discord ({exc}); check the network and try again",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


async def run_until_stopped(settings: Settings) -> None:
    """Run the bot until Discord disconnects for good or SIGTERM/SIGINT arrives; then
    shut down gracefully: moves being applied finish and are saved, timers stop, the
    database is closed and the gateway says goodbye."""
    bot = KachufulBot(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # not on every platform
            loop.add_signal_handler(signal_number, stop.set)
    async with bot:
        runner = asyncio.create_task(bot.start(settings.discord_token.get_secret_value()))
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("stopping: finishing the moves in progress")
            await bot.close()
        else:
            stopper.cancel()
        await runner
