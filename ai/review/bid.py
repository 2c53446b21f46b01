"""Reviewing a bid from the seat's view when it bid."""

from __future__ import annotations

from ai.decide import decide
from ai.review.chances import bid_trick_chances
from ai.review.model import BidOption, BidReview
from engine.actions import Bid
from engine.scoring import score_function
from engine.view import SeatView


def review_bid(view: SeatView, bid: int, blind: bool, seed: int) -> BidReview:
    """Value every bid from ``view`` (the seat's view at its bid) and compare ``bid``.

    The options are valued as ordinary (not blind) bids; the bid made is valued as
    made, so a blind bid's doubled points count for it.
    """
    seat = view.seat
    assert seat is not None, "a review needs a seat's view"
    size = view.hand_size
    score = score_function(view.rules)
    rows = bid_trick_chances(view, seed, made=bid)

    def expected(option: int, as_blind: bool) -> float:
        return sum(p * score(option, k, size, as_blind) for k, p in enumerate(rows[option]))

    options = tuple(
        BidOption(b, b in view.legal_bids, rows[b][b] if b < len(rows[b]) else 0.0,
                  expected(b, False))
        for b in range(size + 1)
    )
    legal = [option for option in options if option.legal]
    best = max(legal, key=lambda option: (option.expected_points, -option.bid))
    hard = decide(view, "hard", seed)
    assert isinstance(hard, Bid)
    mine = expected(bid, blind)
    dealer = view.dealer if view.dealer is not None else 0
    n = len(view.players)
    order = [(dealer + 1 + k) % n for k in range(n)]
    seen = tuple((s, b) for s in order if s != seat and (b := view.bids[s]) is not None)
    return BidReview(
        hand=view.hand,
        trump=view.trump,
        bids_before=seen,
        bid=bid,
        blind=blind,
        trick_chances=_padded(rows[bid], size),
        options=options,
        best_bid=best.bid,
        hard_bid=hard.bid,
        expected_points=mine,
        points_behind_best=max(0.0, best.expected_points - mine),
    )


def _padded(row: tuple[float, ...], size: int) -> tuple[float, ...]:
    """A chance for every trick count 0..size (a blind one-card row has two)."""
    return row + (0.0,) * (size + 1 - len(row))
