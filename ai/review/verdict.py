"""The one-line verdicts: per deal, and per game."""

from __future__ import annotations

from collections.abc import Sequence

from ai.review.model import BidReview, DealReview, PlayMoment

NEAR_BEST_POINTS = 1.0
"""A bid within this many expected points of the best counts as a good bid."""
FAIR_BID_POINTS = 3.0
"""Up to this many expected points behind the best, a bid is fair; beyond, costly."""


def bid_words(bid: BidReview) -> str:
    if bid.points_behind_best <= NEAR_BEST_POINTS:
        return "good bid"
    kind = "fair" if bid.points_behind_best <= FAIR_BID_POINTS else "costly"
    return f"{kind} bid ({bid.best_bid} was worth {bid.points_behind_best:.1f} points more)"


def play_words(costly: Sequence[PlayMoment], decisions: int) -> str:
    if not costly:
        return "no card choices" if decisions == 0 else "no costly plays"
    tricks = sorted(m.trick for m in costly)
    if len(tricks) == 1:
        return f"one costly play in trick {tricks[0]}"
    listed = ", ".join(str(t) for t in tricks[:-1]) + f" and {tricks[-1]}"
    return f"{len(tricks)} costly plays, in tricks {listed}"


def deal_verdict(bid: BidReview, costly: Sequence[PlayMoment], decisions: int) -> str:
    """E.g. "good bid, one costly play in trick 4"."""
    return f"{bid_words(bid)}, {play_words(costly, decisions)}"


def game_summary(deals: Sequence[DealReview]) -> str:
    """E.g. "bids within 1 point of the best: 9 of 12; costly plays: 2 (deals 3, 7)"."""
    if not deals:
        return "no finished deal to review"
    near = sum(1 for d in deals if d.bid.points_behind_best <= NEAR_BEST_POINTS)
    costly = [d for d in deals if d.costly_plays]
    count = sum(len(d.costly_plays) for d in deals)
    where = ""
    if costly:
        where = " (deal" + ("s " if len(costly) > 1 else " ")
        where += ", ".join(str(d.deal_number) for d in costly) + ")"
    return (
        f"bids within {NEAR_BEST_POINTS:g} point of the best: {near} of {len(deals)}; "
        f"costly plays: {count}{where}"
    )
