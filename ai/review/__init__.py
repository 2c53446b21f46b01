"""Deal review: how a seat's bid and play compared with the best, from what it knew.

* :func:`review_deal` — one finished deal of a :class:`~engine.game.Game` for one seat;
* :func:`review_game` — every finished deal, with the per-game summary line;
* :func:`review_logged_deal` — :func:`review_deal` of a :class:`LoggedGame` (a game as
  its log), for a review worked out in another process;
* :func:`review_to_dict` — a review as JSON-ready data; :func:`review_lines` as text.

Every estimate reads one :class:`~engine.view.SeatView` (the seat's view at its bid,
or at one of its plays) and a seed, with the same sampling of hidden hands as the
``hard`` computer player (:mod:`ai.review.chances`); a bid's chances are then read
for who sits at the table (:mod:`ai.review.seats`, :mod:`ai.review.calibration`,
``docs/review-model.md``). Reviews are pure and deterministic; they keep nothing
between calls.
"""

from ai.review.deal import REVIEW_SEED, game_review_of, review_deal, review_game
from ai.review.errors import ReviewError
from ai.review.export import game_review_to_dict, review_to_dict
from ai.review.logged import LoggedGame, review_logged_deal
from ai.review.model import BidOption, BidReview, DealReview, GameReview, PlayMoment
from ai.review.play import COSTLY_POINTS, MAX_COSTLY
from ai.review.seats import PlayerHistory, SeatModel
from ai.review.text import game_review_lines, review_lines

__all__ = [
    "COSTLY_POINTS",
    "MAX_COSTLY",
    "REVIEW_SEED",
    "BidOption",
    "BidReview",
    "DealReview",
    "GameReview",
    "LoggedGame",
    "PlayMoment",
    "PlayerHistory",
    "ReviewError",
    "SeatModel",
    "game_review_lines",
    "game_review_of",
    "game_review_to_dict",
    "review_deal",
    "review_game",
    "review_lines",
    "review_logged_deal",
    "review_to_dict",
]
