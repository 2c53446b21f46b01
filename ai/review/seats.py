"""Who sits at each seat, as far as a review may know: a computer of a known level, or
a person read from their public record.

A computer's level is public (the table shows "Mira (hard bot)"), so its skill is its
level's. A person's skill is their share of exact bids, from the deals of this game
finished before the one reviewed and, where the server keeps it, their history
(:class:`PlayerHistory`), pulled towards :data:`DEFAULT_SKILL` while the record is
short. Nothing here reads a card: a seat's model is public data. See
``docs/review-model.md`` for what the skills are used for and why.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ai.review.errors import ReviewError
from engine.game import Game

LEVEL_SKILL: Final = {
    "easy": 0.39,
    "reference": 0.47,
    "medium": 0.49,
    "hard": 0.60,
}
"""Each computer level's share of exact bids in classic 4-player games, measured at
the three benchmark tables (``bench/review.py --calibration``, games 100–123 and 200–215,
12,000 bids)."""
DEFAULT_SKILL: Final = LEVEL_SKILL["reference"]
"""A person with no record is read as a player of the reference rule's accuracy."""
PRIOR_BIDS: Final = 20
"""A person's record counts as much as this many bids at ``DEFAULT_SKILL`` does: one
lucky deal moves the skill by a couple of points, a hundred recorded bids by most of
the way."""
_BOT_NAME = re.compile(r"\((easy|medium|hard) bot\)$")


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    """A person's public record before this game: bids made and bids hit exactly, in
    all and of two kinds (:mod:`engine.bid_kinds`): zero bids and high bids. Records
    kept before high bids were counted have ``high_bids`` 0 for those games."""

    bids: int
    hits: int
    zero_bids: int = 0
    zero_hits: int = 0
    high_bids: int = 0
    high_hits: int = 0

    def __post_init__(self) -> None:
        for made, hit, what in (
            (self.bids, self.hits, "bids"),
            (self.zero_bids, self.zero_hits, "zero bids"),
            (self.high_bids, self.high_hits, "high bids"),
        ):
            if not 0 <= hit <= made:
                raise ReviewError(f"a history has 0 to {made} {what} hit, not {hit}")
        if self.zero_bids + self.high_bids > self.bids:
            raise ReviewError(
                f"a history of {self.bids} bids cannot hold {self.zero_bids} zero and "
                f"{self.high_bids} high ones"
            )


@dataclass(frozen=True, slots=True)
class SeatModel:
    """One seat: a computer of ``level``, or a person (``level`` None) with an
    optional history."""

    level: str | None = None
    history: PlayerHistory | None = None

    def __post_init__(self) -> None:
        if self.level is not None and self.level not in LEVEL_SKILL:
            raise ReviewError(f"there is no computer level {self.level!r}")

    def skill(self, hits_before: int = 0, deals_before: int = 0) -> float:
        """The seat's expected share of exact bids; a person's read from ``hits_before``
        of ``deals_before`` deals of this game and the history."""
        if self.level is not None:
            return LEVEL_SKILL[self.level]
        hits, bids = hits_before, deals_before
        if self.history is not None:
            hits += self.history.hits
            bids += self.history.bids
        # The record's hits over what the default expects, shared with the prior bids.
        return DEFAULT_SKILL + (hits - bids * DEFAULT_SKILL) / (bids + PRIOR_BIDS)


def seats_from_names(players: Sequence[str]) -> tuple[SeatModel, ...]:
    """Computers by the level in their name (``"Mira (hard bot)"``), people otherwise."""
    models = []
    for name in players:
        found = _BOT_NAME.search(name)
        models.append(SeatModel(found.group(1)) if found else SeatModel())
    return tuple(models)


def seats_with_histories(
    players: Sequence[str], histories: Sequence[PlayerHistory | None]
) -> tuple[SeatModel, ...]:
    """Computers by the level in their name, people with their history (``None``: no
    record kept), seat by seat."""
    if len(histories) != len(players):
        raise ReviewError(f"the table has {len(players)} seats, not {len(histories)} histories")
    return tuple(
        model if model.level is not None else SeatModel(history=history)
        for model, history in zip(seats_from_names(players), histories, strict=True)
    )


def table_models(game: Game, seats: Sequence[SeatModel] | None) -> tuple[SeatModel, ...]:
    """``seats``, checked against the table; by default read from the names."""
    models = tuple(seats) if seats is not None else seats_from_names(game.players)
    if len(models) != game.player_count:
        raise ReviewError(
            f"the table has {game.player_count} seats, not {len(models)} seat models"
        )
    return models


def table_skills(
    game: Game, deal_number: int, seats: Sequence[SeatModel] | None
) -> tuple[float, ...]:
    """Every seat's skill for a review of ``deal_number``: only the deals finished before
    it count, never the reviewed deal's own outcome."""
    models = table_models(game, seats)
    before = game.results()[: deal_number - 1]
    return tuple(
        model.skill(sum(1 for r in before if r.hits[seat]), len(before))
        for seat, model in enumerate(models)
    )
