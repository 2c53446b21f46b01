"""Checks of score-only deals: deals played with real cards at a table, of which the
game keeps the bids and the tricks each seat won (the score pad).

Functions here read no game state: :class:`~engine.game.Game` passes in what it
knows (seats, hand size, whether trump is turned up) and applies the action.
"""

from __future__ import annotations

from engine.actions import DealTally, TricksTaken
from engine.cards import Suit
from engine.errors import ChanceMismatch, WrongTricks


def check_tally(action: DealTally, turn_up: bool) -> None:
    """A score-only deal names its trump only when the table turned it up."""
    if action.trump is not None and not isinstance(action.trump, Suit):
        raise ChanceMismatch(f"a trump is a suit or none, not {action.trump!r}")
    if action.trump is not None and not turn_up:
        raise ChanceMismatch("these rules fix each deal's trump: only turn-up rules name it")


def tricks_off_by(total: int, size: int) -> str:
    """How far trick counts are from the hand size, said as a player would."""
    gap = total - size
    more = "more" if gap > 0 else "fewer"
    return f"the tricks add up to {total}, {abs(gap)} {more} than the {size} in this deal"


def check_tricks(action: TricksTaken, players: int, size: int) -> None:
    """One count per seat, each 0 to ``size``, adding up to ``size``; revokes, if
    given, are one true/false per seat."""
    tricks = action.tricks
    if len(tricks) != players:
        raise WrongTricks(f"tricks must list {players} counts, one per seat")
    for seat, count in enumerate(tricks):
        if isinstance(count, bool) or not isinstance(count, int):
            raise WrongTricks(f"a trick count is a whole number, not {count!r}", seat=seat)
        if not 0 <= count <= size:
            raise WrongTricks(
                f"tricks in this deal run from 0 to {size}, not {count}", seat=seat
            )
    if sum(tricks) != size:
        raise WrongTricks(tricks_off_by(sum(tricks), size))
    revokes = action.revokes
    if revokes and (
        len(revokes) != players or not all(isinstance(flag, bool) for flag in revokes)
    ):
        raise WrongTricks(f"revokes must list {players} true/false entries, one per seat")
