"""A game as its log, to review it in another process.

A :class:`~engine.game.Game` holds closures (its scoring function) and does not
pickle; its rules, players and log do, in a few kilobytes, and replaying them takes
about a millisecond. The bot's review worker is a process of its own, so that
reviewing never competes with the event loop for the interpreter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.review.deal import REVIEW_SEED, review_deal
from ai.review.model import DealReview
from ai.review.seats import SeatModel
from engine.actions import Action
from engine.game import Game
from engine.rules import Rules


@dataclass(frozen=True, slots=True)
class LoggedGame:
    """What a review needs of a game: its rules, players, chance version and log, and
    who sits at each seat (default: read from the names, see
    :func:`~ai.review.seats.seats_from_names`)."""

    rules: Rules
    players: tuple[str, ...]
    chance_version: int
    log: tuple[Action, ...]
    seats: tuple[SeatModel, ...] | None = None

    @classmethod
    def of(cls, game: Game, seats: Sequence[SeatModel] | None = None) -> LoggedGame:
        models = tuple(seats) if seats is not None else None
        return cls(game.rules, game.players, game.chance_version, game.log, models)

    def replay(self) -> Game:
        return Game.replay(
            self.rules, self.players, None, self.log, chance_version=self.chance_version
        )


def review_logged_deal(
    game: LoggedGame, deal_number: int, seat: int, seed: int = REVIEW_SEED
) -> DealReview:
    """:func:`~ai.review.deal.review_deal` of the replayed game (same answers)."""
    return review_deal(game.replay(), deal_number, seat, seed, game.seats)
