"""A seat's skill read kind by kind of bid (:mod:`engine.bid_kinds`): zero, ordinary
and high bids are hit at very different rates, and not in step from one player to
another — a `hard` computer hits its zero bids less often than the reference rule does
and its high ones far more often — so the review reads the seat's chance of each bid
with its skill at that kind of bid.

A skill here is on :data:`~ai.review.seats.DEFAULT_SKILL`'s scale (a share of exact
bids): the default plus how much better than the reference rule the seat hits bids of
that kind. A computer's comes from its level's measured rates; a person's from their
history of zero and high bids in the server, pulled towards the reference's rate for
the kind lifted by their skill over all bids, so a short record of one kind says
little and a long one most. Public facts only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from ai.review.seats import DEFAULT_SKILL, SeatModel, table_models
from engine.bid_kinds import BID_KINDS, BidKind
from engine.game import Game

LEVEL_KIND_RATE: Final[Mapping[str, Mapping[BidKind, float]]] = {
    "easy": {"zero": 0.584, "ordinary": 0.333, "high": 0.268},
    "reference": {"zero": 0.703, "ordinary": 0.417, "high": 0.370},
    "medium": {"zero": 0.808, "ordinary": 0.458, "high": 0.420},
    "hard": {"zero": 0.677, "ordinary": 0.589, "high": 0.524},
}
"""Each computer level's share of exact bids of each kind in classic 4-player games,
measured on the games the correction is fitted on (``bench/review.py --fit`` prints them: games
100–123, 200–215 and 400–431 of the three benchmark tables; 1,800 to 9,000 bids a
level). `medium` hits more zero bids than the reference rule (it sheds its dangerous
cards early) and `hard` fewer, while `hard` hits far more of the others."""
DEFAULT_KIND_RATE: Final = LEVEL_KIND_RATE["reference"]
"""A person with no record of a kind is read at the reference rule's rate for it."""
KIND_PRIOR_BIDS: Final = 50
"""A history of one kind counts as much as this many bids at the prior's rate."""
_RATE_BOUNDS: Final = (0.02, 0.98)


def skills_by_kind(model: SeatModel, overall: float) -> dict[BidKind, float]:
    """The seat's skill for each kind of bid; ``overall`` is its skill over all bids
    (:meth:`SeatModel.skill`, this game's earlier deals included).

    A person's zero and high bids are read from their history only: one game holds a
    handful of each, too few to say more than the skill over all bids does (measured:
    reading them made the chances worse, ``docs/review-model.md``)."""
    if model.level is not None:
        rates = LEVEL_KIND_RATE[model.level]
        return {kind: DEFAULT_SKILL + (rates[kind] - DEFAULT_KIND_RATE[kind]) for kind in BID_KINDS}
    history = model.history
    kept = {
        "zero": (history.zero_bids, history.zero_hits) if history else (0, 0),
        "high": (history.high_bids, history.high_hits) if history else (0, 0),
        # Games stored before high bids were counted cannot tell ordinary bids from
        # high ones, so ordinary bids are read by the skill over all bids.
        "ordinary": (0, 0),
    }
    lift = overall - DEFAULT_SKILL
    skills = {}
    for kind in BID_KINDS:
        bids, hits = kept[kind]
        low, high = _RATE_BOUNDS
        prior = min(max(DEFAULT_KIND_RATE[kind] + lift, low), high)
        rate = prior + (hits - bids * prior) / (bids + KIND_PRIOR_BIDS)
        skills[kind] = DEFAULT_SKILL + (rate - DEFAULT_KIND_RATE[kind])
    return skills


def own_skills_by_kind(
    game: Game, seat: int, seats: Sequence[SeatModel] | None, overall: float
) -> dict[BidKind, float]:
    """``seat``'s skill for each kind of bid; ``overall`` is its skill from
    :func:`~ai.review.seats.table_skills` for the deal reviewed."""
    return skills_by_kind(table_models(game, seats)[seat], overall)
