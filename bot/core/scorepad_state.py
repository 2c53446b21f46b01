"""A score pad's state: a game played with real cards, of which the bot keeps the score.

Like a game, a pad is *its rules + the list of its entries*: every state is derived by
folding the entries in order (:meth:`PadState.fold`), so a restart, an undo and a test
rebuild the same state the same way. An entry is a small JSON object, saved before
anything is shown; an entry that does not fit the state raises :class:`Refusal`
and changes nothing.

The deals themselves live in an unseeded :class:`~engine.game.Game` made of
:class:`~engine.actions.DealTally`, bids and :class:`~engine.actions.TricksTaken`,
so bid ranges, the hook, the zero-bid limit and scoring are the engine's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from bot.core.refusals import Refusal
from engine import Bid, CallBreakRules, FirstDealer, KachufulError, Phase, Suit
from engine.actions import Action, DealTally, TricksTaken
from engine.kinds import AnyGame, AnyRules, kind_of, turns_up
from engine.record import game_to_record
from engine.shuffle import CHANCE_VERSION
from engine.tally import tricks_off_by

Entry = Mapping[str, Any]
UNDOABLE: Final = frozenset({"bid", "tricks", "revoke", "trump", "correct"})
MAX_NAME: Final = 32
BOT_CANCELS: Final = frozenset({"idle", "channel_lost"})
"""Why the bot may cancel a pad by itself (an entry's ``why``)."""
BOT: Final = 0
"""Who made the bot's own entries (no user has id 0)."""


@dataclass(frozen=True, slots=True)
class PadSeat:
    name: str
    user_id: int | None
    """``None``: a guest without Discord, shown on the sheet, never on a leaderboard."""


@dataclass
class PadState:
    """Everything a pad's entries add up to. Build it with :meth:`fold`."""

    rules: AnyRules
    """Kachuful's or Call Break's: the game kept on the pad."""
    keeper_id: int
    seats: list[PadSeat] = field(default_factory=list)
    game: AnyGame | None = None
    """Made when the first deal starts; ``None`` while seats are being arranged."""
    tricks: dict[int, int] = field(default_factory=dict)
    """Trick counts entered so far in the current deal, by seat."""
    revokes: set[int] = field(default_factory=set)
    """Seats the keeper marked as revoking in the current deal."""
    corrections: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    """Deal number → what each correction replaced (``{"field", "was"}``)."""
    status: Literal["open", "finished", "cancelled"] = "open"
    effective: list[Entry] = field(default_factory=list)
    """The entries in force: every entry but undone ones and the undos themselves."""

    # --- building -------------------------------------------------------------------

    @classmethod
    def fold(cls, rules: AnyRules, keeper_id: int, entries: Sequence[Entry]) -> PadState:
        """The state after ``entries``; raises :class:`Refusal` at the first misfit."""
        state = cls(rules, keeper_id)
        for entry in entries:
            state._add(entry)
        return state

    def after(self, entry: Entry) -> PadState:
        """The state with ``entry`` added; this one is left as it was, whatever happens."""
        # Replaying is the one way to copy a game; a pad has at most a few hundred entries.
        state = PadState.fold(self.rules, self.keeper_id, self.effective)
        state._add(entry)
        return state

    def _add(self, entry: Entry) -> None:
        """Add ``entry`` in place (a refused one may leave this state half-changed, so
        only :meth:`fold` and :meth:`after` call this, on states of their own)."""
        if entry.get("do") == "undo":
            self._keeper_only(entry)
            # Seats and the start are not undone: the pad is still being set up then.
            if not self.effective or self.effective[-1].get("do") not in UNDOABLE:
                raise Refusal("pad_nothing_to_undo")
            rebuilt = PadState.fold(self.rules, self.keeper_id, self.effective[:-1])
            for name in ("seats", "game", "tricks", "revokes", "corrections", "status",
                         "effective"):
                setattr(self, name, getattr(rebuilt, name))
            return
        self._apply(entry)
        self.effective.append(dict(entry))

    # --- questions ------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def started(self) -> bool:
        return self.game is not None

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def may_enter_for(self, user_id: int, seat: int) -> bool:
        """The keeper enters anything; a player enters their own row."""
        return user_id == self.keeper_id or self.seat_of(user_id) == seat

    def phase(self) -> Literal["seating", "trump", "bids", "tricks", "over", "closed"]:
        game = self.game
        if self.status != "open":
            return "closed"
        if game is None:
            return "seating"
        if game.phase is Phase.DEAL:
            return "trump"
        if game.phase is Phase.BIDDING:
            return "bids"
        if game.phase is Phase.PLAYING:
            return "tricks"
        return "over"

    def record(self) -> dict[str, Any]:
        """The pad's ``kachuful-record/1``: score-only deals, with their corrections."""
        if self.game is None:
            return {}
        record = game_to_record(self.game)
        record["table"] = True
        for number, notes in self.corrections.items():
            record["deals"][number - 1]["corrections"] = [dict(note) for note in notes]
        return record

    # --- entries --------------------------------------------------------------------

    def _apply(self, entry: Entry) -> None:
        if self.status != "open":
            raise Refusal("pad_closed")
        kind = entry.get("do")
        handler = _HANDLERS.get(str(kind))
        if handler is None:
            raise Refusal("pad_illegal", text=f"not a score pad entry: {kind!r}")
        handler(self, entry)

    def _by(self, entry: Entry) -> int:
        by = entry.get("by")
        if not isinstance(by, int):
            raise Refusal("pad_illegal", text="an entry says who made it")
        return by

    def _keeper_only(self, entry: Entry) -> None:
        if self._by(entry) != self.keeper_id:
            raise Refusal("pad_only_keeper")

    def _seating(self) -> None:
        if self.game is not None:
            raise Refusal("pad_started")

    def _join(self, entry: Entry) -> None:
        self._seating()
        user = self._by(entry)
        if self.seat_of(user) is not None:
            raise Refusal("pad_already_seated")
        self._add_seat(PadSeat(_name(entry), user))

    def _guest(self, entry: Entry) -> None:
        self._seating()
        self._keeper_only(entry)
        self._add_seat(PadSeat(_name(entry), None))

    def _add_seat(self, seat: PadSeat) -> None:
        if len(self.seats) >= self.rules.max_players():
            raise Refusal("pad_table_full", most=self.rules.max_players())
        self.seats.append(seat)

    def _leave(self, entry: Entry) -> None:
        """A player leaves before the start, or the keeper takes a seat away."""
        self._seating()
        seat = _seat(entry, len(self.seats))
        by = self._by(entry)
        if by != self.keeper_id and self.seats[seat].user_id != by:
            raise Refusal("pad_only_keeper")
        del self.seats[seat]

    def _move(self, entry: Entry) -> None:
        self._seating()
        self._keeper_only(entry)
        seat = _seat(entry, len(self.seats))
        other = seat - 1 if entry.get("up") else seat + 1
        if 0 <= other < len(self.seats):
            self.seats[seat], self.seats[other] = self.seats[other], self.seats[seat]

    def _start(self, entry: Entry) -> None:
        self._seating()
        self._keeper_only(entry)
        dealer = _seat(entry, len(self.seats), key="dealer")
        try:
            game = kind_of(self.rules).unseeded(self.rules, self.names)
            game.apply(FirstDealer(dealer))
        except KachufulError as exc:
            raise Refusal("pad_need_players", most=self.rules.max_players(),
                             detail=str(exc)) from None
        self.game = game
        if not turns_up(self.rules):
            game.apply(DealTally())

    def _trump(self, entry: Entry) -> None:
        game = self._game()
        if game.phase is not Phase.DEAL:
            raise Refusal("pad_no_deal")
        raw = entry.get("suit")
        suit = None if raw is None else next((s for s in Suit if s.letter == raw), None)
        if raw is not None and suit is None:
            raise Refusal("pad_illegal", text=f"not a suit: {raw!r}")
        self._engine(game, DealTally(suit))

    def _bid(self, entry: Entry) -> None:
        game = self._game()
        seat = _seat(entry, len(self.seats))
        if not self.may_enter_for(self._by(entry), seat):
            raise Refusal("pad_not_your_row")
        bid = entry.get("bid")
        if not isinstance(bid, int) or isinstance(bid, bool):
            raise Refusal("pad_illegal", text=f"a bid is a whole number, not {bid!r}")
        blind = entry.get("blind", False)
        if not isinstance(blind, bool):
            raise Refusal("pad_illegal", text=f"blind is true or false, not {blind!r}")
        # The engine turns a blind bid down unless the rules have blind bids.
        self._engine(game, Bid(seat, bid, blind))

    def _tricks(self, entry: Entry) -> None:
        game = self._game()
        if game.phase is not Phase.PLAYING:
            raise Refusal("pad_illegal", text="tricks are entered once every bid is in")
        seat = _seat(entry, len(self.seats))
        if not self.may_enter_for(self._by(entry), seat):
            raise Refusal("pad_not_your_row")
        count = entry.get("tricks")
        size = game.hand_size
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= size:
            raise Refusal("pad_illegal", text=f"tricks run from 0 to {size}, not {count!r}")
        counted = {**self.tricks, seat: count}
        total = sum(counted.values())
        complete = len(counted) == len(self.seats)
        if total > size or (complete and total != size):
            raise Refusal("pad_tricks_off", total=total, size=size, off=abs(total - size),
                             more=total > size, text=tricks_off_by(total, size))
        self.tricks = counted
        if complete:
            flags = tuple(s in self.revokes for s in range(len(self.seats)))
            self._engine(game, TricksTaken(tuple(counted[s] for s in range(len(self.seats))),
                                           flags))
            self.tricks, self.revokes = {}, set()
            if not game.is_over and not turns_up(self.rules):
                game.apply(DealTally())

    def _revoke(self, entry: Entry) -> None:
        game = self._game()
        self._keeper_only(entry)
        if game.phase not in (Phase.BIDDING, Phase.PLAYING):
            raise Refusal("pad_no_deal")
        if isinstance(self.rules, CallBreakRules):
            raise Refusal("pad_illegal", text="Call Break's score pad has no revoke marks")
        seat = _seat(entry, len(self.seats))
        self.revokes ^= {seat}

    def _correct(self, entry: Entry) -> None:
        game = self._game()
        self._keeper_only(entry)
        number = entry.get("deal")
        done = len(game.results())
        if not isinstance(number, int) or not 1 <= number <= done:
            raise Refusal("pad_illegal", text=f"deal {number!r} has not been scored")
        what = entry.get("field")
        values = entry.get("values")
        n = len(self.seats)
        if what not in ("bids", "tricks") or not isinstance(values, list) or len(values) != n:
            raise Refusal("pad_illegal", text=f"a correction gives {n} bids or tricks")
        result = game.results()[number - 1]
        was = list(result.bids if what == "bids" else result.tricks)
        log = _corrected_log(game.log, number, what, values)
        try:
            rebuilt = kind_of(self.rules).replay(self.rules, self.names, None, log,
                                                 CHANCE_VERSION)
        except KachufulError as exc:
            raise Refusal("pad_illegal", text=f"deal {number}: {exc}") from None
        self.game = rebuilt
        self.corrections.setdefault(number, []).append({"field": what, "was": was})

    def _finish(self, entry: Entry) -> None:
        game = self._game()
        self._keeper_only(entry)
        if not game.results():
            raise Refusal("pad_nothing_scored")
        self.status = "finished"

    def _cancel(self, entry: Entry) -> None:
        # The bot itself cancels a pad left idle or whose channel is lost; only the
        # core writes "why", never a click.
        if entry.get("why") not in BOT_CANCELS:
            self._keeper_only(entry)
        self.status = "cancelled"

    # --- helpers --------------------------------------------------------------------

    def _game(self) -> AnyGame:
        if self.game is None:
            raise Refusal("pad_not_started")
        return self.game

    def _engine(self, game: AnyGame, action: Action) -> None:
        try:
            game.apply(action)
        except KachufulError as exc:
            raise Refusal("pad_illegal", text=str(exc)) from None


def _name(entry: Entry) -> str:
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise Refusal("pad_bad_name", most=MAX_NAME)
    return name.strip()


def _seat(entry: Entry, seats: int, key: str = "seat") -> int:
    seat = entry.get(key)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise Refusal("pad_illegal", text=f"there is no seat {seat!r}")
    return seat


def _corrected_log(
    log: Sequence[Action], number: int, what: str, values: Sequence[Any]
) -> list[Action]:
    """The game's log with deal ``number``'s bids or trick counts replaced."""
    out: list[Action] = []
    deal = 0
    for action in log:
        if isinstance(action, DealTally):
            deal += 1
        if deal == number and what == "bids" and isinstance(action, Bid):
            action = Bid(action.seat, values[action.seat], action.blind)
        elif deal == number and what == "tricks" and isinstance(action, TricksTaken):
            action = TricksTaken(tuple(values), action.revokes)
        out.append(action)
    return out


_HANDLERS: Final = {
    "join": PadState._join,
    "guest": PadState._guest,
    "leave": PadState._leave,
    "move": PadState._move,
    "start": PadState._start,
    "trump": PadState._trump,
    "bid": PadState._bid,
    "tricks": PadState._tricks,
    "revoke": PadState._revoke,
    "correct": PadState._correct,
    "finish": PadState._finish,
    "cancel": PadState._cancel,
}
