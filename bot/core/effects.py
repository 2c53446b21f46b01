"""What the core asks to be shown, as frozen records; the adapter decides how.

Each step of a game returns effects in the order they should appear. They carry
snapshots (views copied out of the engine), never the live game, so delivering
them later — after the game's lock is released — shows the state of that step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from bot.core.tables import TableRef
from engine import DealResult, Suit, TrickWon
from engine.kinds import AnyRules, AnyView, GameName


@dataclass(frozen=True, slots=True)
class Place:
    """Where a game is played: a server channel, or the game's thread in it."""

    guild_id: int
    channel_id: int
    thread_id: int | None = None

    @property
    def table_channel_id(self) -> int:
        return self.thread_id or self.channel_id


@dataclass(frozen=True, slots=True)
class SeatLabel:
    """How a seat is shown to everyone."""

    name: str
    user_id: int | None
    host: bool
    left: bool
    away: bool
    dms_closed: bool
    plays_itself: bool


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """The public state of a game at one moment."""

    game_id: int
    seats: tuple[SeatLabel, ...]
    view: AnyView
    """The public view (``seat=None``): nothing any one player may not see."""
    commitment: str | None = None

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]


LobbyState = Literal["open", "started", "cancelled", "idle"]


@dataclass(frozen=True, slots=True)
class LobbySnapshot:
    game_id: int
    rules: AnyRules
    seats: tuple[SeatLabel, ...]
    capacity: int
    turn_timeout: int
    state: LobbyState
    can_start: bool
    """Start would be accepted now (3+ seats, or a target size computers will fill)."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the adapter may know of an unfinished game it looked up (never the session)."""

    game_id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: str
    """``lobby`` or ``active``."""
    rules: AnyRules
    seat_count: int
    dealt: bool
    """The first deal has been made (a game exists to review)."""


@dataclass(frozen=True, slots=True)
class HandSnapshot:
    """What one person may see of their hand now, and which controls apply."""

    view: AnyView
    counter: int
    """The turn counter the move controls carry (stale clicks are recognised by it)."""
    yours: bool
    """The game waits for this person's move."""
    away: bool
    """The computer plays for them until they press "I'm back"."""
    may_bid_blind: bool
    """Blind bids: this deal's bid is still open and the hand has not been looked at."""


@dataclass(frozen=True, slots=True)
class Effect:
    place: Place


@dataclass(frozen=True, slots=True)
class ShowLobby(Effect):
    lobby: LobbySnapshot


@dataclass(frozen=True, slots=True)
class OpenThread(Effect):
    """Thread mode: the game moves into a thread of the lobby message, with its players."""

    game_id: int
    user_ids: tuple[int, ...]
    game: GameName = "kachuful"
    """Which game the thread is named for."""


@dataclass(frozen=True, slots=True)
class AnnounceStart(Effect):
    table: TableSnapshot


@dataclass(frozen=True, slots=True)
class PostTable(Effect):
    """A new deal: a fresh table message (the previous one keeps its last state)."""

    table: TableSnapshot


@dataclass(frozen=True, slots=True)
class EditTable(Effect):
    table: TableSnapshot
    milestone: bool = False
    """A trick won or the bidding over: shown within seconds, while ordinary moves wait
    for the table's pace (``TABLE_PACE_SECONDS``)."""


@dataclass(frozen=True, slots=True)
class CloseTable(Effect):
    """A table message stops being current: its deal is over (it becomes the deal's score
    sheet) or the game was cancelled. Either way it loses its controls."""

    game_id: int
    result: DealResult | None
    names: tuple[str, ...]
    view: AnyView | None = None
    """The public view once the deal is scored (``None``: cancelled): the sheet's rows."""


@dataclass(frozen=True, slots=True)
class ShowTrick(Effect):
    game_id: int
    trick: TrickWon
    names: tuple[str, ...]
    deal_number: int
    deal_count: int
    hand_size: int
    trump: Suit | None


@dataclass(frozen=True, slots=True)
class ShowHand(Effect):
    game_id: int
    seat: int
    user_id: int
    hand: HandSnapshot
    fresh: bool
    """A new deal: a new message rather than an edit of the last one."""


HandClosure = Literal["deal_over", "game_over", "cancelled", "left"]


@dataclass(frozen=True, slots=True)
class CloseHand(Effect):
    """A hand message loses its controls and says why."""

    game_id: int
    seat: int
    user_id: int
    why: HandClosure
    result: DealResult | None = None
    rules: AnyRules | None = None
    """The game's rules, for how the result reads (Call Break's calls and tenths)."""


@dataclass(frozen=True, slots=True)
class PingTurn(Effect):
    game_id: int
    seat: int
    user_id: int
    doing: Literal["bid", "call", "play"]
    in_channel: bool
    """The person's DMs are closed: the ping goes to the table channel."""


@dataclass(frozen=True, slots=True)
class RemindTurn(Effect):
    game_id: int
    seat: int
    user_id: int
    seconds_left: int
    in_channel: bool


@dataclass(frozen=True, slots=True)
class OfferBack(Effect):
    """The computer now plays for this person: offer "I'm back"."""

    game_id: int
    seat: int
    user_id: int
    in_channel: bool


NoteKind = Literal[
    "timed_out", "autoplay", "back", "left", "dm_fallback", "cancelled", "abandoned",
    "lobby_idle", "lobby_cancelled", "channel_lost", "turn",
]


@dataclass(frozen=True, slots=True)
class Note(Effect):
    """A short line in the table channel."""

    kind: NoteKind
    name: str = ""
    user_id: int | None = None
    detail: str = ""


@dataclass(frozen=True, slots=True)
class ShowFinal(Effect):
    game_id: int
    table: TableSnapshot
    seed_hex: str
    record_json: bytes
    rating_changes: tuple[int | None, ...] = ()
    """Per seat, the change of the person's shown skill rating (``None``: not rated)."""


@dataclass(frozen=True, slots=True)
class ConfirmShown(Effect):
    """Not shown: once everything queued before it is delivered, the delivery reports
    the step that had saved ``shown`` player actions as shown, which clears the
    game's owed showing (``bot.core.showing``)."""

    game_id: int
    shown: int


TellKind = Literal["cancelled_channel_lost", "channel_unwritable"]


@dataclass(frozen=True, slots=True)
class TellPlayers(Effect):
    """A direct message to each person at the table (the channel cannot be used)."""

    game_id: int
    user_ids: tuple[int, ...]
    kind: TellKind


def shown_in_dm(effect: Effect) -> bool:
    """Whether the effect goes to a person's DMs (a lost channel does not stop it)."""
    if isinstance(effect, ShowHand | CloseHand | TellPlayers):
        return True
    return getattr(effect, "in_channel", True) is False


EffectT = TypeVar("EffectT", bound=Effect)


class EffectSink(Protocol):
    """Takes a step's effects, in order, without waiting for them to be shown."""

    def submit(self, table: TableRef, effects: Sequence[Effect]) -> None: ...

    def reload(self, table: TableRef) -> None:
        """Another process showed steps of this table: what this sink remembers of its
        messages is out of date."""
        ...
