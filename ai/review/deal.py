"""Reviewing a finished deal, or every finished deal of a game, for one seat.

Pure: the same game, seat, deal and seed always give the same review, and nothing
is kept between calls (the bot caches reviews per player and deal). A 13-card 4-player
deal takes about 0.4 s of one core, 0.7 s at the 95th percentile
(``bench/review.py``, figures in the README); a 5-card deal a few hundredths. Most of
it is drawing hidden hands that explain the others' bids. Run it off the event loop.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.review.bid import review_bid
from ai.review.kinds import own_skills_by_kind
from ai.review.model import DealReview, GameReview, PlayMoment
from ai.review.moments import check_seat, seat_moments
from ai.review.play import costly_plays, review_play
from ai.review.seats import SeatModel, table_models, table_skills
from ai.review.verdict import NEAR_BEST_POINTS, deal_verdict, game_summary
from engine.game import Game

REVIEW_SEED = 20
"""The seed reviews use unless told otherwise; each estimate mixes it with the public
facts of its moment (deal, seat, tricks so far)."""


def review_deal(
    game: Game,
    deal_number: int,
    seat: int,
    seed: int = REVIEW_SEED,
    seats: Sequence[SeatModel] | None = None,
) -> DealReview:
    """``seat``'s review of finished deal ``deal_number`` (1-based) of ``game``.

    ``seats`` says who sits at each seat (:mod:`ai.review.seats`); by default a
    computer is known by the level in its name and everyone else is a person read
    from this game's earlier deals. Raises :class:`~ai.review.errors.ReviewError` for
    an unknown seat or deal, a deal not finished, or a wrong count of seat models.
    """
    moments = seat_moments(game, deal_number, seat)
    skills = table_skills(game, deal_number, seats)
    by_kind = own_skills_by_kind(game, seat, seats, skills[seat])
    levels = tuple(model.level for model in table_models(game, seats))
    bid = review_bid(
        moments.bid_view, moments.bid, moments.blind, seed, skills, by_kind, levels
    )
    plays: list[PlayMoment] = []
    for view, card in moments.plays:
        moment = review_play(view, card, seed)
        if moment is not None:
            plays.append(moment)
    costly = costly_plays(plays)
    result = moments.result
    return DealReview(
        deal_number=deal_number,
        seat=seat,
        player=game.players[seat],
        hand_size=result.hand_size,
        bid=bid,
        costly_plays=costly,
        decisions=len(plays),
        tricks_taken=result.tricks[seat],
        points=result.scores[seat],
        verdict=deal_verdict(bid, costly, len(plays)),
    )


def review_game(
    game: Game, seat: int, seed: int = REVIEW_SEED, seats: Sequence[SeatModel] | None = None
) -> GameReview:
    """``seat``'s review of every finished deal of ``game``, with the summary line."""
    check_seat(game, seat)
    deals = tuple(review_deal(game, r.number, seat, seed, seats) for r in game.results())
    return game_review_of(game, seat, deals)


def game_review_of(game: Game, seat: int, deals: Sequence[DealReview]) -> GameReview:
    """The game's review from the reviews of its deals (reviewed already, e.g. cached)."""
    deals = tuple(deals)
    return GameReview(
        seat=seat,
        player=game.players[seat],
        deals=deals,
        bids_near_best=sum(1 for d in deals if d.bid.points_behind_best <= NEAR_BEST_POINTS),
        costly_plays=sum(len(d.costly_plays) for d in deals),
        summary=game_summary(deals),
    )
