"""Component custom ids: what a button or menu means, written into the button itself.

One small typed id per kind of control (a lobby button, a move, a seat's button, a
game's button, a deal's review, a leaderboard page, a confirmation, a score pad
control). On the wire every id is ``kf:<kind>:<number>:<counter>:<arguments>`` — the
format every id ever sent has had, so controls posted before an upgrade keep working
after it. A click can be routed after a restart (nothing in memory is needed to
understand it), and a click on a button of an earlier turn is recognised by its turn.
Ids are parsed strictly: anything forged or malformed is a :class:`BadComponent`,
answered and ignored.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias, get_args

from bot.core.move_choice import MoveChoice
from engine import Card, CardError, Suit

PREFIX: Final = "kf"
MAX_LENGTH: Final = 100  # Discord's limit for a custom id

HIDDEN_CARD: Final = "hidden"
"""The one-card blind deal's card argument: the seat's only card, which it may not see."""

_PATTERN: Final = re.compile(
    r"^kf:(?P<kind>[a-z]{2,12}):(?P<number>\d{1,19}):(?P<counter>\d{1,9})"
    r":(?P<args>[A-Za-z0-9_.-]{0,40})$"
)

LobbyKind = Literal["join", "leave", "addbot", "dropbot", "start", "close"]
SeatKind = Literal["blind", "quit", "quityes", "back"]
GameKind = Literal["hand", "rematch", "record", "reviewall"]
Subject = Literal["cancel", "forget", "reset"]
PadKind = Literal[
    "padjoin", "padleave", "padguest", "padup", "paddealer", "padstart",
    "padtrump", "padbid", "padblind", "padtricks", "padundo", "padrevoke", "padfix", "padend",
]
PAD_SUITS: Final[frozenset[str]] = frozenset({suit.letter for suit in Suit} | {"none"})

# Each family's kinds by their wire name (``get_args`` gives them untyped).
_LOBBY_KINDS: Final[dict[str, LobbyKind]] = {kind: kind for kind in get_args(LobbyKind)}
_SEAT_KINDS: Final[dict[str, SeatKind]] = {kind: kind for kind in get_args(SeatKind)}
_GAME_KINDS: Final[dict[str, GameKind]] = {kind: kind for kind in get_args(GameKind)}
_PAD_KINDS: Final[dict[str, PadKind]] = {kind: kind for kind in get_args(PadKind)}
_ANSWERS: Final[dict[str, tuple[Subject, bool]]] = {
    f"{subject}{answer}": (subject, answer == "yes")
    for subject in get_args(Subject) for answer in ("yes", "no")
}


class BadComponent(ValueError):
    """A custom id that this bot did not make."""


def _wire(kind: str, number: int, counter: int, *args: object) -> str:
    text = f"{PREFIX}:{kind}:{number}:{counter}:{'.'.join(str(a) for a in args)}"
    if len(text) > MAX_LENGTH or not _PATTERN.match(text):
        raise ValueError(f"cannot encode component id {text!r}")
    return text


def _small_int(text: str) -> int:
    if not text.isdigit() or len(text) > 4:
        raise BadComponent("bad number")
    return int(text)


@dataclass(frozen=True, slots=True)
class LobbyButton:
    """A lobby's button or menu: ``kf:<kind>:<game>:0:``."""

    kind: LobbyKind
    game_id: int

    def encode(self) -> str:
        return _wire(self.kind, self.game_id, 0)


@dataclass(frozen=True, slots=True)
class MoveButton:
    """A bid or a card, valid at one turn of one seat:
    ``kf:bid:<game>:<turn>:<seat>.<bid>[.b]`` (``b``: blind) or
    ``kf:play:<game>:<turn>:<seat>.<card or hidden>``."""

    game_id: int
    turn: int
    seat: int
    choice: MoveChoice

    def encode(self) -> str:
        choice = self.choice
        if choice.bid is not None:
            flags = ("b",) if choice.blind else ()
            return _wire("bid", self.game_id, self.turn, self.seat, choice.bid, *flags)
        card = HIDDEN_CARD if choice.hidden_card or choice.card is None else choice.card.code
        return _wire("play", self.game_id, self.turn, self.seat, card)


@dataclass(frozen=True, slots=True)
class SeatButton:
    """A seat's own button in a game — look at the hand, leave (and confirm), I'm back:
    ``kf:<kind>:<game>:0:<seat>``."""

    kind: SeatKind
    game_id: int
    seat: int

    def encode(self) -> str:
        return _wire(self.kind, self.game_id, 0, self.seat)


@dataclass(frozen=True, slots=True)
class GameButton:
    """A game's button for whoever may use it: ``kf:<kind>:<game>:0:``."""

    kind: GameKind
    game_id: int

    def encode(self) -> str:
        return _wire(self.kind, self.game_id, 0)


@dataclass(frozen=True, slots=True)
class DealReviewButton:
    """The review of one finished deal: ``kf:review:<game>:<deal>:``."""

    game_id: int
    deal: int

    def encode(self) -> str:
        return _wire("review", self.game_id, self.deal)


@dataclass(frozen=True, slots=True)
class BoardPage:
    """A leaderboard page: ``kf:board:<server>:<page>:<sort>.<period>[.<games>[.<game>]]``
    (pages posted before the games option have no third argument: all games; before
    Call Break, no fourth: Kachuful)."""

    guild_id: int
    page: int
    sort: str
    period: str
    games: str = "all"
    game: str = "kachuful"

    def encode(self) -> str:
        return _wire("board", self.guild_id, self.page, self.sort.replace("_", "-"),
                     self.period, self.games, self.game)


@dataclass(frozen=True, slots=True)
class Confirmation:
    """Yes or no to a question asked about one thing: ``kf:<subject><yes|no>:<id>:0:``
    (a game to cancel, a person to forget, a server's leaderboard to reset)."""

    subject: Subject
    subject_id: int
    yes: bool

    def encode(self) -> str:
        return _wire(f"{self.subject}{'yes' if self.yes else 'no'}", self.subject_id, 0)


@dataclass(frozen=True, slots=True)
class PadControl:
    """A score pad's control, valid at one step of the pad:
    ``kf:<kind>:<pad>:<step>:<arguments>``. ``seat``/``number`` are a row and the number
    entered for it, ``suit`` the trump chosen; ``follow_up`` marks the second step of a
    two-step control (the menu a button opened, or the confirmation)."""

    kind: PadKind
    pad_id: int
    step: int = 0
    seat: int | None = None
    number: int | None = None
    suit: str | None = None
    follow_up: bool = False

    def encode(self) -> str:
        args: list[object] = []
        if self.suit is not None:
            args.append(self.suit)
        if self.seat is not None:
            args.append(self.seat)
        if self.number is not None:
            args.append(self.number)
        if self.follow_up:
            args.append("yes" if self.kind == "padend" else "pick")
        return _wire(self.kind, self.pad_id, self.step, *args)


Control: TypeAlias = (LobbyButton | MoveButton | SeatButton | GameButton | DealReviewButton
                      | BoardPage | Confirmation | PadControl)


def _move(kind: str, game_id: int, turn: int, args: tuple[str, ...]) -> MoveButton:
    if not args:
        raise BadComponent("missing seat")
    seat = _small_int(args[0])
    if kind == "bid":
        if len(args) < 2 or args[2:] not in ((), ("b",)):
            raise BadComponent("bad bid")
        choice = MoveChoice(bid=_small_int(args[1]), blind=args[2:] == ("b",))
    elif len(args) != 2:
        raise BadComponent("bad card")
    elif args[1] == HIDDEN_CARD:
        choice = MoveChoice(hidden_card=True)
    else:
        try:
            choice = MoveChoice(card=Card.parse(args[1]))
        except CardError:
            raise BadComponent("bad card") from None
    return MoveButton(game_id, turn, seat, choice)


def _pad(wire_kind: str, pad_id: int, step: int, args: tuple[str, ...]) -> PadControl:
    kind = _PAD_KINDS[wire_kind]
    if kind == "padtrump":
        if len(args) != 1 or args[0] not in PAD_SUITS:
            raise BadComponent("bad suit")
        return PadControl(kind, pad_id, step, suit=args[0])
    if kind in ("padbid", "padtricks"):
        if len(args) != 2:
            raise BadComponent("bad entry")
        return PadControl(kind, pad_id, step, seat=_small_int(args[0]),
                          number=_small_int(args[1]))
    if kind == "padblind":
        if not args or args[1:] not in ((), ("pick",)):
            raise BadComponent("bad blind bid")
        return PadControl(kind, pad_id, step, seat=_small_int(args[0]),
                          follow_up=args[1:] == ("pick",))
    second = {"padrevoke": ("pick",), "padend": ("yes",)}.get(kind)
    if args not in ((), second):
        raise BadComponent("bad pad control")
    return PadControl(kind, pad_id, step, follow_up=bool(args))


_Decoder = Callable[[str, int, int, tuple[str, ...]], Control]


def _no_args(args: tuple[str, ...]) -> None:
    if args:
        raise BadComponent("unexpected arguments")


def _lobby(kind: str, number: int, _: int, args: tuple[str, ...]) -> Control:
    _no_args(args)
    return LobbyButton(_LOBBY_KINDS[kind], number)


def _seat(kind: str, number: int, _: int, args: tuple[str, ...]) -> Control:
    if len(args) != 1:
        raise BadComponent("missing seat")
    return SeatButton(_SEAT_KINDS[kind], number, _small_int(args[0]))


def _game(kind: str, number: int, _: int, args: tuple[str, ...]) -> Control:
    _no_args(args)
    return GameButton(_GAME_KINDS[kind], number)


def _review(_: str, number: int, counter: int, args: tuple[str, ...]) -> Control:
    _no_args(args)
    return DealReviewButton(number, counter)


def _board(_: str, number: int, counter: int, args: tuple[str, ...]) -> Control:
    if len(args) not in (2, 3, 4):
        raise BadComponent("bad leaderboard page")
    return BoardPage(number, counter, args[0].replace("-", "_"), args[1],
                     args[2] if len(args) >= 3 else "all",
                     args[3] if len(args) == 4 else "kachuful")


def _confirmation(kind: str, number: int, _: int, args: tuple[str, ...]) -> Control:
    _no_args(args)
    subject, yes = _ANSWERS[kind]
    return Confirmation(subject, number, yes)


_DECODERS: Final[dict[str, _Decoder]] = {
    **dict.fromkeys(_LOBBY_KINDS, _lobby),
    **dict.fromkeys(_SEAT_KINDS, _seat),
    **dict.fromkeys(_GAME_KINDS, _game),
    "bid": _move, "play": _move, "review": _review, "board": _board,
    **dict.fromkeys(_ANSWERS, _confirmation),
    **dict.fromkeys(_PAD_KINDS, _pad),
}
KINDS: Final[frozenset[str]] = frozenset(_DECODERS)


def parse_control(text: str) -> Control:
    """The control a custom id names; :class:`BadComponent` if this bot did not make it."""
    match = _PATTERN.match(text) if isinstance(text, str) else None
    if match is None or match["kind"] not in _DECODERS:
        raise BadComponent("not a kachuful component")
    args = tuple(match["args"].split(".")) if match["args"] else ()
    return _DECODERS[match["kind"]](match["kind"], int(match["number"]), int(match["counter"]),
                                    args)
