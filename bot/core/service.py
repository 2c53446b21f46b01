"""``GameService``: every request the adapter makes of a running game.

Each method is "lock → verify → save → apply → effects": it either raises a
:class:`~bot.core.refusals.Refusal` with nothing changed, or leaves a consistent
saved state and hands what should be shown to the effect sink — whatever happens
to those effects afterwards.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Literal

from bot.core.actors import Actor
from bot.core.catch_up import CatchUp
from bot.core.computers import DEFAULT_LEVEL, ComputerPlayers
from bot.core.context import CoreContext
from bot.core.database_clock import DatabaseClock
from bot.core.dm_fallback import mark_dms_closed
from bot.core.due_claims import DueClaims
from bot.core.effects import (
    CloseHand,
    EditTable,
    Effect,
    EffectSink,
    HandSnapshot,
    Note,
    Place,
    ShowLobby,
    TellPlayers,
)
from bot.core.game_end import cancel
from bot.core.lobby import Lobbies
from bot.core.lobby_idle import LOBBY_IDLE_SECONDS, LobbyIdle
from bot.core.move_choice import MoveChoice
from bot.core.progress import GameProgress
from bot.core.refusals import Refusal
from bot.core.registry import SessionRegistry
from bot.core.restore import Restorer
from bot.core.session import GameSession
from bot.core.sharing import GameLookup
from bot.core.showing import confirm as confirm_shown_step
from bot.core.snapshots import hand_snapshot, place_of, table_snapshot
from bot.core.turn_pings import TurnPings, note_turns
from bot.core.turns import (
    apply_action,
    hand_effects,
    new_deal_effects,
)
from bot.core.workbench import Workbench
from bot.storage import GameStateConflict, Storage, StorageError
from engine import Bid, IllegalAction, Play
from engine.kinds import AnyGame, replay_copy

log = logging.getLogger(__name__)


class GameService:
    def __init__(
        self,
        storage: Storage,
        sink: EffectSink,
        *,
        work_slots: int,
        time_scale: float = 1.0,
        lobby_idle_seconds: float = LOBBY_IDLE_SECONDS,
        thread_mode: Callable[[int], Awaitable[bool]] | None = None,
        computers: ComputerPlayers | None = None,
        shared: bool = False,
    ) -> None:
        """``shared``: other bot processes use this database too (see
        :mod:`bot.core.sharing`)."""
        registry = SessionRegistry()
        bench = Workbench(storage, work_slots,
                          CatchUp(storage, registry, sink) if shared else None)
        self.ctx = CoreContext(
            storage, sink, bench, TurnPings(bench, sink, time_scale), registry,
            computers=computers or ComputerPlayers(), time_scale=time_scale,
            clock=DatabaseClock() if shared else time.time, thread_mode=thread_mode,
        )
        self.progress = GameProgress(self.ctx)
        self.timers = self.progress.timers
        self.lobby_idle = LobbyIdle(self.ctx, lobby_idle_seconds)
        self.restorer = Restorer(self.ctx, self.progress, self.lobby_idle)
        self.lookup = GameLookup(self.ctx, self.lobby_idle.watch, self.restorer.resume)
        """Where the adapter finds a game (summaries, never sessions)."""
        self.lobbies = Lobbies(self.ctx, self._first_deal, self.lobby_idle, self.lookup,
                               thread_mode=thread_mode or _no_threads)
        """The lobby's steps (snapshots in, permission decided from the ``Actor``)."""
        self.due = DueClaims(self.ctx, self.lookup.find, self.progress.carry_on,
                             self.lobby_idle.close_claimed) if shared else None

    @property
    def registry(self) -> SessionRegistry:
        return self.ctx.registry

    def is_loaded(self, game_id: int) -> bool:
        """This process holds a copy of the game (a click on one it has not loaded is
        acknowledged before the load)."""
        return self.ctx.registry.get(game_id) is not None

    def open_games(self) -> int:
        return len(self.ctx.registry)

    # --- looking things up ----------------------------------------------------------------

    async def playing(self, game_id: int, user_id: int) -> tuple[GameSession, int]:
        """The running game and the person's seat in it, or a refusal saying why not."""
        session = await self.lookup.find(game_id)
        if session is not None and (not session.is_active or session.seat_of(user_id) is None):
            # A copy here may be behind (a lobby another process started): it refuses
            # nothing before it has caught up.
            await self.ctx.bench.caught_up(session)
        if session is None or not session.is_active:
            raise Refusal("game_not_running")
        seat = session.seat_of(user_id)
        if seat is None:
            raise Refusal("not_in_game")
        return session, seat

    async def player_seat(self, game_id: int, user_id: int) -> int:
        """The person's seat in the running game (the adapter's check before it answers
        a seat's button), or a refusal saying why not."""
        _, seat = await self.playing(game_id, user_id)
        return seat

    def place(self, game_id: int) -> Place | None:
        session = self.ctx.registry.get(game_id)
        return None if session is None else place_of(session)

    def attach_thread(self, game_id: int, thread_id: int) -> None:
        """Thread mode: the adapter opened the game's thread (commands there find it)."""
        session = self.ctx.registry.get(game_id)
        if session is not None:
            session.thread_id = thread_id

    def game_copy(self, game_id: int) -> tuple[AnyGame, tuple[int | None, ...]] | None:
        """A copy of a running game (replayed from its log) and its seats' user ids,
        for work done outside the game's lock (reviews); ``None`` if not running here."""
        session = self.ctx.registry.get(game_id)
        game = None if session is None else session.game
        if session is None or game is None:
            return None
        copy = replay_copy(game)
        return copy, tuple(seat.user_id for seat in session.seats)

    async def hand_of(self, game_id: int, user_id: int) -> tuple[int, HandSnapshot]:
        """The person's seat and hand as they are now (shared: caught up first)."""
        session, seat = await self.playing(game_id, user_id)
        if self.ctx.shared:
            async with self.ctx.working_on(session):
                if not session.is_active:
                    raise Refusal("game_not_running")
                return seat, hand_snapshot(session, seat)
        return seat, hand_snapshot(session, seat)

    # --- moves ----------------------------------------------------------------------------

    async def check_move(
        self, game_id: int, user_id: int, seat: int, counter: int
    ) -> GameSession:
        """The quick checks, before the click is acknowledged; the game they passed in.
        Shared, this copy may be behind: only a counter it has passed is stale here."""
        session, mine = await self.playing(game_id, user_id)
        if seat != mine:
            raise Refusal("not_your_controls")
        now = session.control_counter(seat)
        if counter < now or (counter != now and not self.ctx.shared):
            raise Refusal("stale_controls")
        return session

    async def move(
        self, game_id: int, user_id: int, seat: int, counter: int, choice: MoveChoice
    ) -> HandSnapshot | None:
        """Apply a person's move; returns their hand as it is now (``None`` once the
        game has ended)."""
        session = await self.check_move(game_id, user_id, seat, counter)
        async with self.ctx.working_on(session):
            game = session.game
            if not session.is_active or game is None or counter != session.control_counter(seat):
                raise Refusal("move_already_made")
            action: Bid | Play
            if choice.blind and session.seats[seat].looked:
                raise Refusal("stale_controls")  # a blind bid's button, after a look
            if choice.bid is not None:
                action = Bid(seat, choice.bid, blind=choice.blind)
            elif choice.hidden_card and game.hand(seat):
                action = Play(seat, game.hand(seat)[0])
            elif choice.card is not None:
                action = Play(seat, choice.card)
            else:
                raise Refusal("stale_controls")
            try:
                effects = await apply_action(self.ctx, session, action)
            except IllegalAction as exc:
                # ``error``: the adapter words it by its type, in the player's language.
                raise Refusal("illegal_move", text=str(exc), error=exc) from None
            except GameStateConflict:
                # Another process saved a move of this turn first (SQLite, shared).
                raise Refusal("move_already_made") from None
            except StorageError as exc:
                raise Refusal("storage", error=exc) from None
            await self.progress.after_move(session, effects)
            return hand_snapshot(session, seat) if session.is_active else None

    async def look(self, game_id: int, user_id: int, seat: int) -> HandSnapshot:
        """Blind bids: the person looks at their hand (and gives up bidding blind)."""
        session, mine = await self.playing(game_id, user_id)
        if seat != mine:
            raise Refusal("not_your_controls")
        async with self.ctx.working_on(session):
            game = session.game
            if game is not None and not session.seats[seat].looked:
                # Stored, so that no process takes a blind bid from them this deal.
                await self._saving(self.ctx.storage.games.update_seat(
                    game_id, seat, looked_deal=game.deal_number))
            session.seats[seat].looked = True
            snapshot = hand_snapshot(session, seat)
            self.ctx.show(session, hand_effects(session, [seat], fresh=False))
            return snapshot

    # --- presence -------------------------------------------------------------------------

    async def back(self, game_id: int, user_id: int) -> None:
        session, seat = await self.playing(game_id, user_id)
        async with self.ctx.working_on(session):
            state = session.seats[seat]
            _still_playing(session)
            if not state.autoplay:
                raise Refusal("already_playing")
            await self._saving(self.ctx.storage.games.update_seat(
                game_id, seat, autoplay=False, missed_turns=0))
            state.autoplay = False
            state.missed_turns = 0
            effects: list[Effect] = [Note(place_of(session), "back", name=state.name),
                                     EditTable(place_of(session), table_snapshot(session))]
            effects += hand_effects(session, [seat], fresh=False)
            note_turns(session, previous=session.shown_controls - {seat})
            self.ctx.show(session, effects)
            await self.timers.arm(session)

    async def leave_game(self, game_id: int, user_id: int) -> None:
        """A person leaves mid-game: a computer player takes the seat."""
        session, seat = await self.playing(game_id, user_id)
        async with self.ctx.working_on(session):
            _still_playing(session)
            state = session.seats[seat]
            level = state.level or DEFAULT_LEVEL
            await self._saving(self.ctx.storage.games.update_seat(
                game_id, seat, left_game=True, computer_level=level))
            place = place_of(session)
            effects: list[Effect] = []
            if state.user_id is not None:
                effects.append(CloseHand(place, game_id, seat, state.user_id, "left"))
            state.left = True
            state.level = level
            session.shown_controls.discard(seat)
            if not session.humans():
                effects += await self._cancelling(session, "abandoned", abandoned=True)
                self.ctx.show(session, effects)
                return
            effects += [Note(place, "left", name=state.name),
                        EditTable(place, table_snapshot(session))]
            await self.progress.after_move(session, effects)

    async def dms_closed(self, game_id: int, seat: int) -> None:
        """The adapter found this person's DMs closed: they play with "My hand"."""
        await mark_dms_closed(self.ctx, game_id, seat)

    async def shown(self, game_id: int, shown: int) -> None:
        """The adapter delivered a step (a ``ConfirmShown``): it no longer owes it."""
        await confirm_shown_step(self.ctx, game_id, shown)

    # --- ending ---------------------------------------------------------------------------

    async def check_cancel(self, game_id: int, actor: Actor) -> None:
        """Refuse now what ``cancel`` would refuse (before asking to confirm)."""
        session = await self.lookup.find(game_id)
        if session is None or session.status not in ("lobby", "active"):
            raise Refusal("game_not_running")
        if not actor.may_manage(session.host_id):
            raise Refusal("only_host_or_manager")

    async def cancel(self, game_id: int, actor: Actor) -> None:
        """Cancel a lobby or a game: the host or a server manager may."""
        await self.check_cancel(game_id, actor)
        session = await self.lookup.find(game_id)
        assert session is not None
        await self.ctx.bench.caught_up(session)  # a lobby here may have started elsewhere
        if session.status == "lobby":
            snapshot = await self.lobbies.close(game_id, actor)
            self.ctx.show(session, [ShowLobby(place_of(session), snapshot)])
            return
        async with self.ctx.working_on(session):
            _still_playing(session)
            self.ctx.show(session, await self._cancelling(session, "cancelled",
                                                          by=actor.name))

    async def channel_lost(self, game_id: int, how: Literal["deleted", "unwritable"]) -> None:
        """The game's channel is gone or refuses the bot.

        Deleted: the game cannot be shown any more, so it is cancelled (counted
        nowhere) and the players are told in DMs. Unwritable: the game goes on — every
        move can still be made in DMs or with ``/kachuful hand`` — and the players are
        told once, in DMs."""
        session = await self.lookup.find(game_id)
        if session is None or session.status not in ("lobby", "active"):
            return
        people = tuple(session.humans())
        place = place_of(session)
        if how == "unwritable":
            if not session.told_channel_unwritable:
                session.told_channel_unwritable = True
                self.ctx.show(session, [TellPlayers(place, game_id, people,
                                                    "channel_unwritable")])
            return
        async with self.ctx.working_on(session):
            if session.status not in ("lobby", "active"):
                return
            try:
                effects = await self._cancelling(session, "channel_lost")
            except Refusal:
                return
            effects.append(TellPlayers(place, game_id, people, "cancelled_channel_lost"))
            self.ctx.show(session, effects)

    async def _cancelling(
        self, session: GameSession, note: Literal["cancelled", "abandoned", "channel_lost"],
        *, by: str = "", abandoned: bool = False,
    ) -> list[Effect]:
        self.timers.cancel(session)
        self.progress.retries.cancel(session.game_id)
        try:
            return await cancel(self.ctx, session, note, by=by, abandoned=abandoned)
        except StorageError as exc:
            raise Refusal("storage", error=exc) from None

    # --- after every step -----------------------------------------------------------------

    async def _first_deal(self, session: GameSession, effects: list[Effect]) -> None:
        effects += new_deal_effects(session)
        await self.progress.after_move(session, effects)

    async def _saving(self, step: Awaitable[None]) -> None:
        try:
            await step
        except StorageError as exc:
            raise Refusal("storage", error=exc) from None

    # --- lifetime -------------------------------------------------------------------------

    async def restore(self, *, wait: bool = True) -> None:
        """Pick every unfinished game up where it was (lobbies, games, their ends).

        Shared: games are loaded when first touched, and what fell due meanwhile is
        claimed from storage like any deadline — nothing is loaded at start-up. One
        process: restored in the background, a game touched meanwhile first (``wait``:
        return once all are)."""
        if self.due is not None:
            self.due.start()
            self.lookup.start_forgetting()
            return
        await self.restorer.start(self.lookup)
        if wait:
            await self.restorer.wait()

    async def close(self, grace: float) -> None:
        """Stop timers and retries, then let the steps in flight finish (saved, their
        effects handed over) for up to ``grace`` seconds."""
        if self.due is not None:
            await self.due.close()
        await self.restorer.close()
        await self.lookup.close()
        await self.progress.close()
        await self.lobby_idle.close()
        try:
            async with asyncio.timeout(grace):
                await self.ctx.bench.idle.wait()
        except TimeoutError:
            log.warning("stopping with %s steps unfinished", self.ctx.bench.in_flight)
        self.ctx.computers.close()


def _still_playing(session: GameSession) -> None:
    """Refuse to change a game that is over: its end may still be being recorded (a
    failed save is retried), and nobody comes back to, leaves or cancels it then."""
    if not session.is_active:
        raise Refusal("game_not_running")
    if session.game is not None and session.game.is_over:
        raise Refusal("game_over")


async def _no_threads(guild_id: int) -> bool:
    return False
