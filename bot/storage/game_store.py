"""Games as stored: lobbies, seats, the action log, the end; and, for processes that
share one database, holding a game, catching up with it and claiming what fell due.

``storage.games`` (see :class:`~bot.storage.store.Storage` for how a move is saved)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime, timedelta
from typing import Any

from bot.storage import (
    due_claims,
    ending,
    game_changes,
    game_setup,
    idle_lobbies,
    loading,
    moves,
)
from bot.storage.backend import Backend
from bot.storage.due_claims import DEFAULT_CLAIM_LEASE, DueDeadline
from bot.storage.errors import GameNotFound
from bot.storage.game_changes import GameChanges
from bot.storage.models import (
    NewSeat,
    StoredGame,
)
from bot.storage.moves import UNSET, Unset
from bot.storage.summary import SeatResult
from engine import CHANCE_VERSION, Bid, Play
from engine.kinds import AnyGame, AnyRules


class GameStore:
    def __init__(self, db: Backend) -> None:
        self._db = db

    # --- lobby -----------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        rules: AnyRules,
        seed: bytes | int | str,
        turn_timeout: int,
        host_user_id: int | None = None,
        seats: Sequence[NewSeat] = (),
        thread_id: int | None = None,
        rematch_of: int | None = None,
        now: datetime | None = None,
        chance_version: int = CHANCE_VERSION,
        idle_due: datetime | None = None,
    ) -> int:
        """Open a lobby (status ``lobby``) and return the game's id. ``chance_version``
        is how the seed becomes cards; the engine game must be built with the same.

        Refused (:class:`GameStateConflict`) when the channel already has an open game
        or a human seat's user is seated in another open game. ``idle_due``: when the
        lobby closes itself unless used (see :meth:`claim_idle_lobbies`).
        """
        return await game_setup.create_game(
            self._db,
            guild_id=guild_id,
            channel_id=channel_id,
            rules=rules,
            seed=seed,
            turn_timeout=turn_timeout,
            host_user_id=host_user_id,
            seats=seats,
            thread_id=thread_id,
            rematch_of=rematch_of,
            now=now,
            chance_version=chance_version,
            idle_due=idle_due,
        )

    async def add_seat(
        self, game_id: int, seat: NewSeat, *, idle_due: datetime | None = None
    ) -> int:
        """Seat a player in a lobby; returns the seat number (the next free one).
        ``idle_due`` (here and in the other lobby changes): the lobby's new idle moment,
        saved with the change."""
        return await game_setup.add_seat(self._db, game_id, seat, idle_due)

    async def remove_seat(self, game_id: int, seat: int) -> None:
        """Free a lobby seat; later seats move up one."""
        await game_setup.remove_seat(self._db, game_id, seat)

    async def remove_player(
        self, game_id: int, user_id: int, *, idle_due: datetime | None = None
    ) -> int | None:
        """Free the lobby seat a person holds now; the seat's number then, ``None`` if
        they hold none. Later seats move up one."""
        return await game_setup.remove_player(self._db, game_id, user_id, idle_due)

    async def remove_last_computer(
        self, game_id: int, *, idle_due: datetime | None = None
    ) -> int | None:
        """Free a lobby's last computer seat; its number, ``None`` if there is none."""
        return await game_setup.remove_last_computer(self._db, game_id, idle_due)

    async def start_game(
        self, game_id: int, *, now: datetime | None = None, progress_due: datetime | None = None,
        showing_due: datetime | None = None,
    ) -> None:
        """Lobby → active, once the seats suit the rules; with ``progress_due``, the
        game owes progress (its first moves and deadlines) from then on, in the same
        transaction, for any process to claim if this one dies before making them;
        with ``showing_due``, it owes the showing of its start likewise (see
        :meth:`clear_showing_due`)."""
        await game_setup.start_game(self._db, game_id, now, progress_due, showing_due)

    # --- during a game -----------------------------------------------------------------------

    async def append_action(
        self,
        game_id: int,
        seq: int,
        action: Bid | Play,
        *,
        deadlines: Mapping[int, datetime | None] | None = None,
        progress_due: datetime | Unset | None = UNSET,
        missed_turns: int | Unset = UNSET,
        autoplay: bool | Unset = UNSET,
        showing_due: datetime | None = None,
    ) -> None:
        """Commit one player action (``seq`` = player actions saved so far) and, in the
        same transaction, optional per-seat turn deadlines and the moment the game's
        owed progress falls due (see :meth:`set_turn_deadlines`), the mover's seat's
        missed turns and autoplay (a timeout's, saved with its move or not at all), and
        the moment the step's owed showing falls due (see :meth:`clear_showing_due`).
        Call it before applying the action to the game or showing it to anyone.

        Raises :class:`StorageBusy` / :class:`StorageFull` / :class:`StorageUnavailable`
        (nothing was saved; the next try may succeed) or :class:`GameStateConflict`
        (out of order, or the game is not active).
        """
        flags = moves.seat_row_changes(
            display_name=UNSET, computer_level=UNSET, dms_closed=UNSET, autoplay=autoplay,
            missed_turns=missed_turns, left_game=UNSET, dm_channel_id=UNSET,
            dm_message_id=UNSET, turn_deadline=UNSET)
        await moves.append_action(self._db, game_id, seq, action, deadlines, progress_due,
                                  flags, showing_due)

    async def clear_showing_due(self, game_id: int, shown: int) -> bool:
        """The delivery showed the step that had saved ``shown`` player actions: the
        game's owed showing (set by that step or an earlier one) is cleared; a later
        step's stays. Whether a mark was cleared. Until it is, any process claims the
        due mark (:meth:`claim_due_deadlines`) and shows the game again."""
        return await moves.clear_showing_due(self._db, game_id, shown)

    async def renew_showing_due(self, owed: Mapping[int, int], until: datetime) -> int:
        """A lease on owed showings: the delivery of these steps (game id → ``shown``
        as :meth:`clear_showing_due` takes it) is under way in a live process, so their
        marks move on to ``until`` in one statement — only a mark that step would
        clear, never back. How many moved."""
        return await moves.renew_showing_due(self._db, owed, until)

    async def update_game_messages(
        self,
        game_id: int,
        *,
        thread_id: int | Unset | None = UNSET,
        lobby_message_id: int | Unset | None = UNSET,
        table_message_id: int | Unset | None = UNSET,
        turn_timeout: int | Unset = UNSET,
        bot_state: Mapping[str, Any] | Unset = UNSET,
    ) -> None:
        """Set the game's Discord ids and settings; arguments left out stay as they are,
        ``None`` clears. ``bot_state`` is a small JSON object the bot owns."""
        changes = moves.game_row_changes(
            thread_id=thread_id,
            lobby_message_id=lobby_message_id,
            table_message_id=table_message_id,
            turn_timeout=turn_timeout,
            bot_state=bot_state,
        )
        await moves.update_game(self._db, game_id, changes)

    async def update_seat(
        self,
        game_id: int,
        seat: int,
        *,
        display_name: str | Unset = UNSET,
        computer_level: str | Unset | None = UNSET,
        dms_closed: bool | Unset = UNSET,
        autoplay: bool | Unset = UNSET,
        missed_turns: int | Unset = UNSET,
        left_game: bool | Unset = UNSET,
        dm_channel_id: int | Unset | None = UNSET,
        dm_message_id: int | Unset | None = UNSET,
        turn_deadline: datetime | Unset | None = UNSET,
        looked_deal: int | Unset | None = UNSET,
    ) -> None:
        """Change a seat's flags and message ids; arguments left out stay as they are.

        A human who leaves mid-game: ``left_game=True, computer_level="…"``. A person
        who looks at their hand before bidding blind: ``looked_deal=<deal number>``.
        """
        changes = moves.seat_row_changes(
            display_name=display_name,
            computer_level=computer_level,
            dms_closed=dms_closed,
            autoplay=autoplay,
            missed_turns=missed_turns,
            left_game=left_game,
            dm_channel_id=dm_channel_id,
            dm_message_id=dm_message_id,
            turn_deadline=turn_deadline,
            looked_deal=looked_deal,
        )
        await moves.update_seat(self._db, game_id, seat, changes)

    async def dm_channel_of(self, user_id: int) -> int | None:
        """The person's DM channel as a seat of theirs last stored it (``None``: never),
        so a new game need not ask Discord to open it again."""
        rows = await self._db.fetchall(
            "SELECT dm_channel_id FROM seats WHERE user_id = ? AND dm_channel_id IS NOT NULL "
            "ORDER BY game_id DESC LIMIT 1", (user_id,), "reading a person's DM channel")
        return int(rows[0][0]) if rows else None

    # --- the end -------------------------------------------------------------------------------

    async def finish_game(
        self, game_id: int, game: AnyGame, *, now: datetime | None = None,
        showing_due: datetime | None = None,
    ) -> tuple[SeatResult, ...]:
        """Record a game that is over: status, per-seat results and stats, in one
        transaction (moves not yet saved are appended first). Returns the results.
        With ``showing_due``, the end owes its showing likewise, reported shown as the
        step one past the last action (see :meth:`clear_showing_due`).

        Every seat counts, including a human who left (their seat was played out by a
        computer): leaving a losing game does not protect a record.
        """
        return await ending.finish_game(self._db, game_id, game, now, showing_due)

    async def rating_changes(self, game_id: int) -> tuple[int | None, ...]:
        """Per seat of a finished game, the change of the person's shown rating."""
        return await ending.rating_changes(self._db, game_id)

    async def ended_owing_showing(self) -> list[int]:
        """Finished games whose end was never reported shown (one process on its own
        database shows them again at start-up)."""
        return await due_claims.ended_owing_showing(self._db)

    async def cancel_game(
        self, game_id: int, *, abandoned: bool = False, running: bool = False,
        now: datetime | None = None,
    ) -> None:
        """End an open game without results (``abandoned``: everyone left). Kept for
        the record; counts in no leaderboard. A game that has started is refused
        (``game_started``) unless ``running``: a lobby's cancel, from a copy that may
        be behind, never ends a game another process started."""
        await ending.cancel_game(self._db, game_id, abandoned, now, running=running)

    # --- loading ---------------------------------------------------------------------------

    async def load_unfinished_games(self) -> list[StoredGame]:
        """Every lobby and active game, each active one rebuilt by replaying its log."""
        return await loading.load_games(self._db, None)

    async def unfinished_game_ids(self) -> list[int]:
        """The ids of every lobby and active game (to load them one at a time)."""
        return await loading.unfinished_ids(self._db)

    async def load_game(self, game_id: int) -> StoredGame:
        found = await loading.load_games(self._db, [game_id])
        if not found:
            raise GameNotFound(f"no game {game_id}")
        return found[0]

    async def open_game_in_channel(self, channel_id: int) -> int | None:
        return await game_setup.open_game_in_channel(self._db, channel_id)

    async def open_game_of_user(self, user_id: int) -> int | None:
        """The lobby or active game where this user holds a seat (and has not left)."""
        return await game_setup.open_game_of_user(self._db, user_id)

    # --- leaderboards and stats -----------------------------------------------------------------


    # --- several processes on one database ---------------------------------------------

    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Hold a game for one step of the bot (``async with``), against other
        processes too (PostgreSQL: an advisory lock, freed with its connection if the
        process dies). This task's storage calls meanwhile run on the connection
        that holds it, each committed as it returns."""
        return self._db.game_lock(game_id)

    async def load_game_changes(self, game_id: int, since: int) -> GameChanges:
        """The game's row and seats as stored now, and its player actions from number
        ``since`` on: what a cached copy needs to catch up. Raises GameNotFound."""
        return await game_changes.load_game_changes(self._db, game_id, since)

    async def ended_among(self, game_ids: Sequence[int]) -> list[int]:
        """Which of these games have ended (or are not stored): copies another
        process may hold of games it did not end."""
        return await game_changes.ended_among(self._db, game_ids)

    async def set_turn_deadlines(
        self,
        game_id: int,
        deadlines: Mapping[int, datetime | None],
        *,
        progress_due: datetime | None = None,
    ) -> None:
        """Per-seat turn deadlines (``None`` clears one) and the moment the game's owed
        progress falls due (``None``: it owes none), in one transaction."""
        await game_changes.set_turn_deadlines(self._db, game_id, deadlines, progress_due)

    async def last_finished_in_channel(self, channel_id: int) -> int | None:
        """The online game that finished last in a channel or its thread, whichever
        process finished it."""
        return await game_setup.last_finished_in_channel(self._db, channel_id)

    async def last_finished_of_user(self, user_id: int) -> int | None:
        """The online game a person played in that finished last."""
        return await game_setup.last_finished_of_user(self._db, user_id)

    async def claim_due_deadlines(
        self, now: datetime, limit: int = 100, *, lease: timedelta = DEFAULT_CLAIM_LEASE
    ) -> list[DueDeadline]:
        """Turn deadlines of running games that are due at ``now`` — and games whose
        owed progress is due (``seat`` None) — each claimed by this call alone
        (PostgreSQL: ``FOR UPDATE SKIP LOCKED``): the deadline moves to ``now + lease``,
        so no other process claims it meanwhile, and it falls due again if this one
        dies before saving the step that sets new deadlines. Oldest first, at most
        ``limit``."""
        return await due_claims.claim_due_deadlines(self._db, now, limit, lease)

    # --- idle lobbies, several processes on one database ----------------------------------

    async def claim_idle_lobbies(
        self, now: datetime, limit: int = 100, *, lease: timedelta = DEFAULT_CLAIM_LEASE
    ) -> list[tuple[int, datetime]]:
        """Lobbies idle at ``now``, each claimed by this call alone (as
        :meth:`claim_due_deadlines`): (game id, the moment the claim stored)."""
        return await idle_lobbies.claim_idle_lobbies(self._db, now, limit, lease)

    async def close_idle_lobby(
        self, game_id: int, claimed_until: datetime, *, now: datetime | None = None
    ) -> bool:
        """Cancel a claimed idle lobby; ``False`` (nothing changed) if it was used,
        started or closed since the claim."""
        return await idle_lobbies.close_idle_lobby(self._db, game_id, claimed_until, now)
