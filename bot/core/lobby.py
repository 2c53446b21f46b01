"""The lobby: seats, computer players, the host's Start, a rematch's seating — and the
game's first deal.

A lobby is a stored game in status ``lobby``; seats and the target table size are
saved as they change, so a restart keeps them. An idle lobby closes itself
(``lobby_idle``). What the adapter gets back is a snapshot, never the session; who may
start or close is decided here, from the ``Actor``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from ai.names import computer_name
from bot.core.actors import Actor
from bot.core.computers import DEFAULT_LEVEL, PLAYABLE_LEVELS
from bot.core.context import CoreContext
from bot.core.effects import (
    AnnounceStart,
    Effect,
    LobbySnapshot,
    OpenThread,
    ShowLobby,
)
from bot.core.lobby_idle import LobbyIdle
from bot.core.refusals import Refusal
from bot.core.seats import SeatState
from bot.core.session import GameSession
from bot.core.shared_timers import owed_progress_due, owed_showing_due
from bot.core.sharing import GameLookup
from bot.core.snapshots import can_start, lobby_snapshot, place_of, table_snapshot
from bot.core.stored_sessions import TARGET_KEY
from bot.storage import GameStateConflict, NewSeat, StorageError, fail_point
from engine import KachufulError
from engine.kinds import AnyRules, kind_of
from engine.shuffle import new_seed

log = logging.getLogger(__name__)


Started = Callable[[GameSession, list[Effect]], Awaitable[None]]
T = TypeVar("T")


def new_seat(seat: SeatState) -> NewSeat:
    if seat.user_id is not None:
        return NewSeat.human(seat.user_id, seat.name)
    return NewSeat.computer(seat.level or DEFAULT_LEVEL, seat.name)


class Lobbies:
    def __init__(
        self, ctx: CoreContext, started: Started, idle: LobbyIdle, lookup: GameLookup,
        *, thread_mode: Callable[[int], Awaitable[bool]],
    ) -> None:
        self._ctx = ctx
        self._started = started
        self._idle = idle
        self._lookup = lookup
        self._thread_mode = thread_mode

    # --- opening ------------------------------------------------------------------------

    async def open(
        self, *, guild_id: int, channel_id: int, host_id: int, host_name: str, rules: AnyRules,
        target_players: int | None, turn_timeout: int, rematch_of: int | None = None,
        seats: Sequence[SeatState] = (),
    ) -> LobbySnapshot:
        """Create and save a lobby. Raises ``StorageError`` with nothing created."""
        seed = new_seed()
        seated = list(seats) or [SeatState(name=host_name, user_id=host_id)]
        game_id = await self._ctx.storage.games.create_game(
            guild_id=guild_id, channel_id=channel_id, rules=rules, seed=seed,
            turn_timeout=turn_timeout, host_user_id=host_id,
            seats=[new_seat(seat) for seat in seated], rematch_of=rematch_of,
            idle_due=self._idle.due(),
        )
        if target_players is not None:
            try:
                await self._ctx.storage.games.update_game_messages(
                    game_id, bot_state={TARGET_KEY: target_players}
                )
            except StorageError:
                # A stored lobby nobody holds would block the channel and the host
                # until a restart: take it back (best effort), then refuse as promised.
                with contextlib.suppress(StorageError):
                    await self._ctx.storage.games.cancel_game(game_id)
                raise
        session = GameSession(
            game_id=game_id, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            rules=rules, seed=seed, turn_timeout=turn_timeout, seats=seated,
            target_players=target_players, rematch_of=rematch_of,
        )
        self._ctx.registry.add(session)
        self._idle.watch(session)
        return lobby_snapshot(session, "open")

    async def rematch(self, game_id: int, actor: Actor, *, guild_id: int,
                      channel_id: int) -> LobbySnapshot:
        """A new lobby for a finished game's table: the asker hosts it, the other people
        who stayed to the end and are free now sit down again, and so do the computers."""
        if await self._lookup.in_channel(channel_id) is not None:
            raise Refusal("channel_has_game")
        if await self._lookup.of_user(actor.user_id) is not None:
            raise Refusal("seated_elsewhere")
        stored = await self._ctx.storage.games.load_game(game_id)
        if not any(seat.user_id == actor.user_id for seat in stored.seats):
            raise Refusal("only_players_rematch")
        seats = [SeatState(name=actor.name, user_id=actor.user_id)]
        for seat in stored.seats:
            if seat.user_id == actor.user_id:
                continue
            if seat.user_id is None:
                seats.append(SeatState(name=seat.display_name, level=seat.computer_level))
            elif not seat.left_game and await self._lookup.of_user(seat.user_id) is None:
                seats.append(SeatState(name=seat.display_name, user_id=seat.user_id))
        return await self.open(
            guild_id=guild_id, channel_id=channel_id, host_id=actor.user_id,
            host_name=actor.name, rules=stored.rules, target_players=None,
            turn_timeout=stored.turn_timeout, rematch_of=game_id, seats=seats)

    # --- seats --------------------------------------------------------------------------

    async def _lobby(self, game_id: int) -> GameSession:
        session = await self._lookup.find(game_id)
        if session is None or session.status != "lobby":
            raise Refusal("lobby_closed")
        return session

    async def join(self, game_id: int, user_id: int, name: str) -> LobbySnapshot:
        session = await self._lobby(game_id)
        async with self._ctx.working_on(session):
            self._check_open(session)
            if session.seat_of(user_id) is not None:
                raise Refusal("already_seated")
            if len(session.seats) >= session.lobby_capacity():
                raise Refusal("table_full")
            # Seated elsewhere is for storage to say: this process's copies of other
            # games may have ended in another process.
            try:
                await self._ctx.storage.games.add_seat(game_id, NewSeat.human(user_id, name),
                                                       idle_due=self._idle.due())
            except GameStateConflict as exc:
                if exc.code == "seated_elsewhere":
                    raise Refusal("seated_elsewhere") from None
                raise Refusal("storage", error=exc) from None
            except StorageError as exc:
                raise Refusal("storage", error=exc) from None
            session.seats.append(SeatState(name=name, user_id=user_id))
            return self._changed(session)

    async def leave(self, game_id: int, user_id: int) -> LobbySnapshot:
        session = await self._lobby(game_id)
        async with self._ctx.working_on(session):
            self._check_open(session)
            if session.seat_of(user_id) is None:
                raise Refusal("not_at_table")
            if user_id == session.host_id:
                raise Refusal("host_cannot_leave")
            # By the person, not a seat number: this copy's numbers may be behind.
            freed = await self._storing(self._ctx.storage.games.remove_player(
                game_id, user_id, idle_due=self._idle.due()))
            seat = session.seat_of(user_id)
            if seat is not None:
                del session.seats[seat]
            if freed is None:
                raise Refusal("not_at_table")
            return self._changed(session)

    async def add_computer(self, game_id: int, user_id: int, level: str) -> LobbySnapshot:
        session = await self._lobby(game_id)
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
        session = await self._lobby(game_id)
        async with self._ctx.working_on(session):
            self._check_open(session)
            if session.seat_of(user_id) is None:
                raise Refusal("not_at_table")
            computers = [i for i, seat in enumerate(session.seats) if seat.user_id is None]
            if not computers:
                raise Refusal("no_computer_to_remove")
            freed = await self._storing(self._ctx.storage.games.remove_last_computer(
                game_id, idle_due=self._idle.due()))
            del session.seats[computers[-1]]
            if freed is None:
                raise Refusal("no_computer_to_remove")
            return self._changed(session)

    async def close(self, game_id: int, actor: Actor) -> LobbySnapshot:
        """Cancel the lobby: the host or a server manager may."""
        session = await self._lobby(game_id)
        if not actor.may_manage(session.host_id):
            raise Refusal("only_host_closes_lobby")
        async with self._ctx.working_on(session):
            self._check_open(session)
            await self._storing(self._idle.end(session))
            return lobby_snapshot(session, "cancelled")

    # --- start --------------------------------------------------------------------------

    async def start(self, game_id: int, actor: Actor) -> None:
        """Seat the computers, deal, open the table. The effects go to the sink."""
        session = await self._lobby(game_id)
        if actor.user_id != session.host_id:
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
            game = session.kind.new_game(session.rules, session.names(), session.seed,
                                         session.chance_version)
        except KachufulError as exc:  # rules that cannot seat this table
            raise Refusal("need_players", most=session.rules.max_players(),
                          detail=str(exc)) from None
        if self._ctx.shared:
            # Started and owing its first moves and deadlines, at once: if this process
            # dies before making them, another claims the mark and does.
            await self._ctx.storage.games.start_game(
                session.game_id, progress_due=owed_progress_due(self._ctx),
                showing_due=owed_showing_due(self._ctx))
            session.progress_owed = True
        else:
            await self._ctx.storage.games.start_game(
                session.game_id, showing_due=owed_showing_due(self._ctx))
        fail_point.after_commit("start")
        session.showing_owed = True
        self._idle.started(session.game_id)
        session.game = game
        session.status = "active"
        session.deal_start_counter = game.action_count
        place = place_of(session)
        effects: list[Effect] = [ShowLobby(place, lobby_snapshot(session, "started"))]
        if await self._thread_mode(session.guild_id):
            effects.append(OpenThread(place, session.game_id, tuple(session.humans()),
                                          kind_of(session.rules).name))
        effects.append(AnnounceStart(place, table_snapshot(session)))
        await self._started(session, effects)

    # --- helpers ------------------------------------------------------------------------

    def _check_open(self, session: GameSession) -> None:
        if session.status != "lobby":
            raise Refusal("lobby_closed")

    async def _storing(self, step: Awaitable[T]) -> T:
        try:
            return await step
        except StorageError as exc:
            raise Refusal("storage", error=exc) from None

    async def _add_computer(self, session: GameSession, level: str) -> None:
        computers = sum(1 for seat in session.seats if seat.user_id is None)
        name = computer_name(level, computers)
        await self._ctx.storage.games.add_seat(session.game_id, NewSeat.computer(level, name),
                                               idle_due=self._idle.due())
        session.seats.append(SeatState(name=name, level=level))

    async def current(self, game_id: int) -> LobbySnapshot | None:
        """The lobby as it is now (``None``: no longer a lobby)."""
        session = await self._lookup.find(game_id)
        if session is None or session.status != "lobby":
            return None
        return lobby_snapshot(session, "open")

    def _changed(self, session: GameSession) -> LobbySnapshot:
        self._idle.touch(session)
        return lobby_snapshot(session, "open")

