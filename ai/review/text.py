"""Reviews as lines of text, for a terminal (``kachuful review``) or a message."""

from __future__ import annotations

from collections.abc import Sequence

from ai.review.model import DealReview, GameReview


def _percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def review_lines(review: DealReview, players: Sequence[str]) -> list[str]:
    """The review of one deal; ``players`` names the seats."""
    bid = review.bid
    trump = "no trump" if bid.trump is None else f"trump {bid.trump.symbol}"
    hand = " ".join(card.label for card in bid.hand) or "(hidden: one-card blind deal)"
    before = ", ".join(f"{players[seat]} {made}" for seat, made in bid.bids_before) or "none"
    blind = " blind" if bid.blind else ""
    lines = [
        f"Deal {review.deal_number} · {review.player} · {review.hand_size} "
        f"card{'s' if review.hand_size != 1 else ''} · {trump}",
        f"Verdict: {review.verdict}.",
        f"You held {hand}; bids before yours: {before}.",
        f"You bid {bid.bid}{blind} and took {review.tricks_taken} "
        f"({review.points} points).",
        f"Tricks you would take playing for {bid.bid}: "
        + "  ".join(f"{k}: {_percent(p)}" for k, p in enumerate(bid.trick_chances)),
        "Expected points per bid: "
        + "  ".join(
            f"{o.bid}: {o.expected_points:.1f}" + ("" if o.legal else " (not allowed)")
            for o in bid.options
        ),
        f"Best bid {bid.best_bid}, hard would bid {bid.hard_bid}; yours "
        f"({bid.expected_points:.1f} expected points, {_percent(bid.hit_chance)} to make) "
        + (
            "was the best."
            if bid.points_behind_best == 0
            else f"was {bid.points_behind_best:.1f} points behind."
        ),
    ]
    for moment in review.costly_plays:
        lines.append(
            f"Trick {moment.trick}: you played {moment.played.label} "
            f"({_percent(moment.chance_played)} to make your bid); "
            f"{moment.better.label} gave {_percent(moment.chance_better)}."
        )
    return lines


def game_review_lines(review: GameReview) -> list[str]:
    """Every deal's verdict and the game's summary line."""
    lines = [f"{review.player}: {review.summary}."]
    lines += [f"Deal {d.deal_number}: {d.verdict}." for d in review.deals]
    return lines
