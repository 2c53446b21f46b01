"""Reviews as JSON-ready data: cards as record codes (``QH``), suits as letters,
chances as fractions 0..1 rounded to 4 places, points to 2."""

from __future__ import annotations

from typing import Any

from ai.review.model import BidReview, DealReview, GameReview, PlayMoment


def review_to_dict(review: DealReview) -> dict[str, Any]:
    return {
        "deal": review.deal_number,
        "seat": review.seat,
        "player": review.player,
        "hand_size": review.hand_size,
        "verdict": review.verdict,
        "bid": _bid(review.bid),
        "costly_plays": [_moment(m) for m in review.costly_plays],
        "card_decisions": review.decisions,
        "tricks_taken": review.tricks_taken,
        "points": review.points,
    }


def game_review_to_dict(review: GameReview) -> dict[str, Any]:
    return {
        "seat": review.seat,
        "player": review.player,
        "summary": review.summary,
        "bids_near_best": review.bids_near_best,
        "costly_plays": review.costly_plays,
        "deals": [review_to_dict(d) for d in review.deals],
    }


def _bid(bid: BidReview) -> dict[str, Any]:
    return {
        "hand": [card.code for card in bid.hand],
        "trump": None if bid.trump is None else bid.trump.letter,
        "bids_before": [{"seat": seat, "bid": made} for seat, made in bid.bids_before],
        "bid": bid.bid,
        "blind": bid.blind,
        "hit_chance": round(bid.hit_chance, 4),
        "trick_chances": [round(p, 4) for p in bid.trick_chances],
        "options": [
            {
                "bid": o.bid,
                "legal": o.legal,
                "hit_chance": round(o.hit_chance, 4),
                "expected_points": round(o.expected_points, 2),
            }
            for o in bid.options
        ],
        "best_bid": bid.best_bid,
        "hard_bid": bid.hard_bid,
        "expected_points": round(bid.expected_points, 2),
        "points_behind_best": round(bid.points_behind_best, 2),
    }


def _moment(moment: PlayMoment) -> dict[str, Any]:
    return {
        "trick": moment.trick,
        "played": moment.played.code,
        "better": moment.better.code,
        "chance_played": round(moment.chance_played, 4),
        "chance_better": round(moment.chance_better, 4),
    }
