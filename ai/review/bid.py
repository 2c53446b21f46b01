"""Reviewing a bid from the seat's view when it bid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ai.decide import decide
from ai.review.calibration import corrected_row, table_correction
from ai.review.chances import bid_trick_chances
from ai.review.model import BidOption, BidReview
from ai.review.seats import DEFAULT_SKILL
from engine.actions import Bid
from engine.bid_kinds import BidKind, bid_kind
from engine.scoring import score_function
from engine.view import SeatView


def review_bid(
    view: SeatView,
    bid: int,
    blind: bool,
    seed: int,
    skills: Sequence[float] | None = None,
    own_by_kind: Mapping[BidKind, float] | None = None,
    levels: Sequence[str | None] | None = None,
) -> BidReview:
    """Value every bid from ``view`` (the seat's view at its bid) and compare ``bid``.

    ``skills`` is every seat's skill (:mod:`ai.review.seats`; default: everyone read
    as :data:`~ai.review.seats.DEFAULT_SKILL`): each bid's chance is the playouts'
    corrected for them (:mod:`ai.review.calibration`), the seat's own skill read for
    each option's kind of bid when ``own_by_kind`` is given (:mod:`ai.review.kinds`);
    ``levels`` (each seat's computer level, ``None`` for a person) lets the playouts
    play `easy` and `medium` seats as they play (:mod:`ai.review.level_playout`).
    The options are valued as
    ordinary (not blind) bids; the bid made is valued as made, so a blind bid's
    doubled points count for it.
    """
    seat = view.seat
    assert seat is not None, "a review needs a seat's view"
    size = view.hand_size
    score = score_function(view.rules)
    rows = bid_rows(view, seed, bid, skills, own_by_kind, levels)

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


def bid_rows(
    view: SeatView,
    seed: int,
    made: int,
    skills: Sequence[float] | None = None,
    own_by_kind: Mapping[BidKind, float] | None = None,
    levels: Sequence[str | None] | None = None,
) -> tuple[tuple[float, ...], ...]:
    """``rows[b][k]``: the chance of taking ``k`` tricks when bidding ``b``, at this
    table (see :func:`review_bid`; ``made`` is the bid made, always estimated in full)."""
    chances = bid_trick_chances(view, seed, made=made, levels=levels)
    return at_table(chances, view, skills, own_by_kind)


def at_table(
    rows: Sequence[Sequence[float]],
    view: SeatView,
    skills: Sequence[float] | None,
    own_by_kind: Mapping[BidKind, float] | None = None,
) -> tuple[tuple[float, ...], ...]:
    """The playouts' ``rows`` (:func:`~ai.review.chances.bid_trick_chances`) corrected
    for the seats' ``skills`` (default: everyone at ``DEFAULT_SKILL``), the seat's own
    read by each bid's kind when ``own_by_kind`` is given."""
    seat = view.seat
    assert seat is not None, "a review needs a seat's view"
    own, opponents, spread = table_correction(
        skills if skills is not None else [DEFAULT_SKILL] * len(view.players), seat
    )
    size, players = view.hand_size, len(view.players)

    def own_for(bid: int) -> float:
        return own if own_by_kind is None else own_by_kind[bid_kind(bid, size, players)]

    return tuple(
        corrected_row(row, bid, own_for(bid), opponents, spread) for bid, row in enumerate(rows)
    )


def _padded(row: tuple[float, ...], size: int) -> tuple[float, ...]:
    """A chance for every trick count 0..size (a blind one-card row has two)."""
    return row + (0.0,) * (size + 1 - len(row))
