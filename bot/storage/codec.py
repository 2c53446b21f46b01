"""The compact text of a stored player action.

A bid is ``["bid",seat,n]`` (``["bid",seat,n,true]`` when blind) and a card is
``["play",seat,"QH"]`` — JSON arrays, so the log is readable with any SQLite tool.
Chance actions are never stored: they are re-derived from the game's seed.
"""

from __future__ import annotations

import json

from bot.storage.errors import InvalidValue, StorageError
from bot.storage.values import check_seat_index
from engine import Bid, Card, CardError, Play
from engine.actions import MAX_BID


class CorruptAction(StorageError):
    """A stored action that cannot be read back."""


def encode_action(action: Bid | Play) -> str:
    """The stored text of a player action; anything else is an :class:`InvalidValue`."""
    if isinstance(action, Play):
        seat = check_seat_index(action.seat)
        if not isinstance(action.card, Card):
            raise InvalidValue(f"a played card must be a Card, not {action.card!r}")
        return f'["play",{seat},"{action.card.code}"]'
    if isinstance(action, Bid):
        seat = check_seat_index(action.seat)
        bid = action.bid
        if isinstance(bid, bool) or not isinstance(bid, int) or not 0 <= bid <= MAX_BID:
            raise InvalidValue(f"a bid is a whole number from 0 to {MAX_BID}, not {bid!r}")
        return f'["bid",{seat},{bid},true]' if action.blind else f'["bid",{seat},{bid}]'
    raise InvalidValue(
        f"only player actions (Bid, Play) are stored, not {action!r}: "
        "chance steps come from the seed"
    )


def decode_action(text: str) -> Bid | Play:
    """Read back what :func:`encode_action` wrote; damage is a :class:`CorruptAction`."""
    try:
        data = json.loads(text)
        kind, seat, value, *rest = data
        if kind == "play" and not rest and isinstance(value, str):
            return Play(check_seat_index(seat), Card.parse(value))
        if kind == "bid" and rest in ([], [True]):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError("bad bid")
            return Bid(check_seat_index(seat), value, blind=bool(rest))
    except (ValueError, TypeError, CardError, InvalidValue):
        pass
    raise CorruptAction(f"a stored action is unreadable: {text!r}")
