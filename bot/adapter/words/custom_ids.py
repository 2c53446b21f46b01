"""Component custom ids: what a button or menu means, written into the button itself.

Every id is ``kf:<kind>:<game id>:<turn counter>:<arguments>``, so a click can be
routed after a restart (no state in memory is needed to understand it), and a click
on a button of an earlier turn is recognised by its counter. Ids are parsed strictly:
anything forged or malformed is a :class:`BadComponent`, answered and ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal, get_args

PREFIX: Final = "kf"
MAX_LENGTH: Final = 100  # Discord's limit for a custom id

Kind = Literal[
    "join", "leave", "addbot", "dropbot", "start", "close",  # lobby
    "bid", "blind", "play", "hand", "back", "quit", "quityes",  # playing
    "rematch", "record", "board",  # after the game; leaderboard pages
    "review", "reviewall",  # a deal's review, a game's review
    "cancelyes", "cancelno", "forgetyes", "forgetno", "resetyes", "resetno",  # confirmations
    # the score pad: seats, then each deal, then the keeper's corrections and the end
    "padjoin", "padleave", "padguest", "padup", "paddealer", "padstart",
    "padtrump", "padbid", "padblind", "padtricks", "padundo", "padrevoke", "padfix", "padend",
]
KINDS: Final[frozenset[str]] = frozenset(get_args(Kind))

_PATTERN: Final = re.compile(
    r"^kf:(?P<kind>[a-z]{2,12}):(?P<game>\d{1,19}):(?P<counter>\d{1,9})"
    r":(?P<args>[A-Za-z0-9_.-]{0,40})$"
)


HIDDEN_CARD: Final = "hidden"
"""The one-card blind deal's card argument: the seat's only card, which it may not see."""


class BadComponent(ValueError):
    """A custom id that this bot did not make."""


@dataclass(frozen=True, slots=True)
class ComponentId:
    kind: str
    game_id: int
    counter: int
    args: tuple[str, ...] = ()

    def encode(self) -> str:
        text = f"{PREFIX}:{self.kind}:{self.game_id}:{self.counter}:{'.'.join(self.args)}"
        if len(text) > MAX_LENGTH or not _PATTERN.match(text):
            raise ValueError(f"cannot encode component id {self!r}")
        return text

    def arg_int(self, index: int) -> int:
        """An argument that must be a small non-negative integer."""
        try:
            text = self.args[index]
        except IndexError:
            raise BadComponent("missing argument") from None
        if not text.isdigit() or len(text) > 4:
            raise BadComponent("bad number")
        return int(text)


def component_id(kind: Kind, game_id: int, counter: int = 0, *args: object) -> str:
    return ComponentId(kind, game_id, counter, tuple(str(a) for a in args)).encode()


def parse_component_id(text: str) -> ComponentId:
    match = _PATTERN.match(text) if isinstance(text, str) else None
    if match is None or match["kind"] not in KINDS:
        raise BadComponent("not a kachuful component")
    args = tuple(match["args"].split(".")) if match["args"] else ()
    return ComponentId(match["kind"], int(match["game"]), int(match["counter"]), args)
