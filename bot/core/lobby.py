"""The lobby: seats, computer players, the host's Start — and the game's first deal.

A lobby is a stored game in status ``lobby``; seats and the target table size are
saved as they change, so a restart keeps them. An idle lobby closes itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Final

from ai.names import computer_name
from bot.core.computers import DEFAULT_LEVEL, PLAYABLE_LEVELS
from bot.core.context import CoreContext
from bot.core.effects import (
    AnnounceStart,
    Effect,
    LobbySnapshot,
    Note,
    OpenThread,
    ShowLobby,
)
from bot.core.refusals import Refusal
from bot.core.seats import SeatState
from bot.core.session import GameSession
from bot.core.snapshots import can_start, lobby_snapshot, place_of, table_snapshot
from bot.core.stored_sessions import TARGET_KEY
from bot.core.tasks import KeyedTasks
from bot.storage import NewSeat, StorageError
from engine import Game, KachufulError, Rules
from engine.shuffle import new_seed

log = logging.getLogger(__name__)

LOBBY_IDLE_SECONDS: Final = 15 * 60

Started = Callable[[GameSession, list[Effect]], Awaitable[None]]


def new_seat(seat: SeatState) -> NewSeat:
    if seat.user_id is not None:
        return NewSeat.human(seat.user_id, seat.name)
    return NewSeat.computer(seat.level or DEFAULT_LEVEL, seat.name)


class Lobbies:
    def __init__(
        self, ctx: CoreContext, started: Started, idle_seconds: float = LOBBY_IDLE_SECONDS,
        *, thread_mode: Callable[[int], Awaitable[bool]],
    ) -> None:
        self._ctx = ctx
        self._started = started
        self._idle = idle_seconds
        self._thread_mode = thread_mode
        self._timers = KeyedTasks("lobby")
        self.find: Callable[[int], Awaitable[GameSession | None]] = self._registered
        """Where a lobby is found (shared: also loaded from storage)."""

    async def _registered(self, game_id: int) -> GameSession | None:
        return self._ctx.registry.get(game_id)

    # --- opening ------------------------------------------------------------------------

    async def open(
        self, *, guild_id: int, channel_id: int, host_id: int, host_name: str, rules: Rules,
        target_players: int | None, turn_timeout: int, rematch_of: int | None = None,
        seats: Sequence[SeatState] = (),
    ) -> GameSession:
        """Create and save a lobby. Raises ``StorageError`` with nothing created."""
        seed = new_seed()
        seated = list(seats) or [SeatState(name=host_name, user_id=host_id)]
        game_id = await self._ctx.storage.create_game(
            guild_id=guild_id, channel_id=channel_id, rules=rules, seed=seed,
            turn_timeout=turn_timeout, host_user_id=host_id,
            seats=[new_seat(seat) for seat in seated], rematch_of=rematch_of,
        )
        if target_players is not None:
            try:
                await self._ctx.storage.update_game_messages(
                    game_id, bot_state={TARGET_KEY: target_players}
                )
            except StorageError:
                # A stored lobby nobody holds would block the channel and the host
                # until a restart: take it back (best effort), then refuse as promised.
                with contextlib.suppress(StorageError):
                    await self._ctx.storage.cancel_game(game_id)
                raise
        session = GameSession(
            game_id=game_id, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            rules=rules, seed=seed, turn_timeout=turn_timeout, seats=seated,
            target_players=target_players, rematch_of=rematch_of,
        )
        self._ctx.registry.add(session)
        self.touch(session)
        return session

    def touch(self, session: GameSession) -> None:
        """Restart the idle timer (any change to the lobby)."""
        self._timers.start(session.game_id, self._close_when_idle(session))

    # --- seats --------------------------------------------------------------------------

    async def lobby(self, game_id: int) -> GameSession:
        session = await self.find(game_id)
        if session is None or session.status != "lobby":
            raise Refusal("lobby_closed")
        return session

    async def join(self, game_id: int, user_id: int, name: str) -> LobbySnapshot:
        session = await self.lobby(game_id)
        async with self._ctx.working_on(session):
            self._check_open(session)
            if session.seat_of(user_id) is not None:
                raise Refusal("already_seated")
            if self._ctx.registry.of_user(user_id) is not None:
                raise Refusal("seated_elsewhere")
            if len(session.seats) >= session.lobby_capacity():
                raise Refusal("table_full")
            await self._storing(self._ctx.storage.add_seat(game_id, NewSeat.human(user_id, name)))
            session.seats.append(SeatState(name=name, user_id=user_id))
            return self._changed(session)

    async def leave(self, game_id: int, user_id: int) -> LobbySnapshot:
        session = await self.lobby(game_id)
        async with self._ctx.working_on(session):
            self._check_open(session)
            seat = session.seat_of(user_id)
            if seat is None:
                raise Refusal("not_at_table")
            if user_id == session.host_id:
                raise Refusal("host_cannot_leave")
            await self._storing(self._ctx.storage.remove_seat(game_id, seat))
            del session.seats[seat]
            return self._changed(session)

    async def add_computer(self, game_id: int, user_id: int, level: str) -> LobbySnapshot:
        session = await self.lobby(game_id)
        if level not in PLAYABLE_LEVELS:
            raise Refusal("bad_level")
        async with self._ctx.working_on(session):
            self._check_open(session)
            if session.seat_of(user_id) is None:
                raise Refusal("join_to_add_computers")
            if len(session.seats) >= session.lobby_capacity():
                raise Refusal("table_full")
            await self._storing(self._add_computer(session, level))
            return self._changed(session)

    async def remove_computer(self, game_id: int, user_id: int) -> LobbySnapshot:
        session = await self.lobby(game_id)
        async with self._ctx.working_on(session):
            self._check_open(session)
            if session.seat_of(user_id) is None:
                raise Refusal("not_at_table")
            computers = [i for i, seat in enumerate(session.seats) if seat.user_id is None]
            if not computers:
                raise Refusal("no_computer_to_remove")
            await self._storing(self._ctx.storage.remove_seat(game_id, computers[-1]))
            del session.seats[computers[-1]]
            return self._changed(session)

    async def close(self, game_id: int) -> LobbySnapshot:
        """Cancel the lobby (the adapter checks the host or a server manager)."""
        session = await self.lobby(game_id)
        async with self._ctx.working_on(session):
            self._check_open(session)
            await self._storing(self._end(session))
            return lobby_snapshot(session, "cancelled")

    # --- start --------------------------------------------------------------------------

    async def start(self, game_id: int, user_id: int) -> None:
        """Seat the computers, deal, open the table. The effects go to the sink."""
        session = await self.lobby(game_id)
        if user_id != session.host_id:
            raise Refusal("only_host_starts")
        async with self._ctx.working_on(session):
            if session.status != "lobby":
                raise Refusal("already_started")
            if not can_start(session):
                raise Refusal("need_players", most=session.rules.max_players())
            await self._storing(self._fill_and_start(session))
        # The first deal's effects and computer moves come from the game service.

    async def _fill_and_start(self, session: GameSession) -> None:
        while session.target_players and len(session.seats) < session.target_players:
            await self._add_computer(session, DEFAULT_LEVEL)
        try:
            game = Game(session.rules, session.names(), session.seed,
                        chance_version=session.chance_version)
        except KachufulError as exc:  # rules that cannot seat this table
            raise Refusal("need_players", most=session.rules.max_players(),
                          detail=str(exc)) from None
        await self._ctx.storage.start_game(session.game_id)
        self._timers.cancel(session.game_id)
        session.game = game
        session.status = "active"
        session.deal_start_counter = game.action_count
        place = place_of(session)
        effects: list[Effect] = [ShowLobby(place, lobby_snapshot(session, "started"))]
        if await self._thread_mode(session.guild_id):
            effects.append(OpenThread(place, session.game_id, tuple(session.humans())))
        effects.append(AnnounceStart(place, table_snapshot(session)))
        await self._started(session, effects)

    # --- helpers ------------------------------------------------------------------------

    def _check_open(self, session: GameSession) -> None:
        if session.status != "lobby":
            raise Refusal("lobby_closed")

    async def _storing(self, step: Awaitable[object]) -> None:
        try:
            await step
        except StorageError as exc:
            raise Refusal("storage", error=exc) from None

    async def _add_computer(self, session: GameSession, level: str) -> None:
        computers = sum(1 for seat in session.seats if seat.user_id is None)
        name = computer_name(level, computers)
        await self._ctx.storage.add_seat(session.game_id, NewSeat.computer(level, name))
        session.seats.append(SeatState(name=name, level=level))

    def _changed(self, session: GameSession) -> LobbySnapshot:
        self.touch(session)
        return lobby_snapshot(session, "open")

    async def _end(self, session: GameSession) -> None:
        await self._ctx.storage.cancel_game(session.game_id)
        self._timers.cancel(session.game_id)
        session.status = "cancelled"
        self._ctx.registry.remove(session.game_id)

    async def _close_when_idle(self, session: GameSession) -> None:
        await asyncio.sleep(self._idle)
        self._timers.discard(session.game_id)
        async with self._ctx.working_on(session):
            if session.status != "lobby":
                return
            try:
                await self._end(session)
            except StorageError as exc:
                log.warning("idle lobby %s not closed: %s", session.game_id, exc)
                return
            place = place_of(session)
            self._ctx.show(session, [
                Note(place, "lobby_idle", detail=str(int(self._idle // 60))),
                ShowLobby(place, lobby_snapshot(session, "idle")),
            ])

    async def close_all(self) -> None:
        await self._timers.close()
