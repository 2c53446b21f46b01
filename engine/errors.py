"""The engine's typed errors.

Every message is written for a player, because interfaces show it as it is
("It is Chandra's turn", "You must follow ♥"). An error raised by the game never
changes its state: checks all happen before anything is written.
"""

from __future__ import annotations


class KachufulError(Exception):
    """Base class of every error the engine raises on purpose."""


class CardError(KachufulError, ValueError):
    """Text or a number that is not a card."""


class RulesError(KachufulError, ValueError):
    """Rules that are invalid, or invalid for this number of players."""


class UnknownChanceVersion(KachufulError, ValueError):
    """A game dealt by a version of the seed-to-cards algorithm this engine lacks, so
    its deals can't be rebuilt (see ``engine.shuffle.CHANCE_VERSION``)."""


class IllegalAction(KachufulError):
    """An action the rules do not allow now; the game is unchanged."""

    def __init__(self, message: str, *, seat: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat


class WrongPhase(IllegalAction):
    """The game is not at a point where this kind of action happens."""


class NotYourTurn(IllegalAction):
    """Another seat is to act."""


class IllegalBid(IllegalAction):
    """A bid outside 0..hand size, or forbidden by a rule."""


class HookedBid(IllegalBid):
    """The dealer's bid that would make the total equal the number of tricks."""


class WrongTricks(IllegalAction):
    """Trick counts of a score-only deal that are out of range or don't add up."""


class IllegalCard(IllegalAction):
    """A card that may not be played now."""


class CardNotInHand(IllegalCard):
    """The card is not in the player's hand."""


class MustFollowSuit(IllegalCard):
    """The player holds the led suit and tried to play another."""


class ChanceMismatch(IllegalAction):
    """A recorded draw or deal that differs from what the game's seed produces, or
    that is impossible (a card dealt twice, a wrong hand size)."""


class RecordError(KachufulError, ValueError):
    """A game record that cannot be read or replayed.

    ``deal`` (1-based) and ``seat`` (0-based) locate the problem when known.
    """

    def __init__(self, reason: str, *, deal: int | None = None, seat: int | None = None) -> None:
        self.reason = reason
        self.deal = deal
        self.seat = seat
        super().__init__(self.located())

    def located(self) -> str:
        """``deal N, seat S: reason`` with whatever location is known."""
        where = []
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        if self.seat is not None:
            where.append(f"seat {self.seat}")
        return f"{', '.join(where)}: {self.reason}" if where else self.reason
