"""A review reads only what its seat knew: other hidden hands, the same review."""

from __future__ import annotations

import pytest

from ai.review import REVIEW_SEED, review_deal
from ai.review.bid import review_bid
from ai.review.moments import seat_moments
from ai.review.play import review_play
from tests.ai.review_games import SHORT, first_deal_game, moves_before, redealt_twin

LEVELS = ("reference", "medium", "easy", "reference")


@pytest.mark.parametrize(("game_seed", "seat"), [(1, 0), (2, 3), (3, 1)])
def test_the_bid_review_is_the_same_whatever_the_hidden_hands(game_seed: int, seat: int) -> None:
    game = first_deal_game(SHORT, LEVELS, game_seed)
    moments = seat_moments(game, 1, seat)
    original = review_deal(game, 1, seat).bid
    history = moves_before(game, seat, -1)
    for twin_seed in range(3):
        twin = redealt_twin(game, moments.bid_view, history, LEVELS, twin_seed, game_seed)
        assert twin.results()[0].hands != game.results()[0].hands  # really other hands
        assert seat_moments(twin, 1, seat).bid_view == moments.bid_view
        assert review_deal(twin, 1, seat).bid == original


@pytest.mark.parametrize(("game_seed", "seat"), [(4, 0), (5, 2)])
def test_each_play_review_is_the_same_whatever_the_hidden_hands(game_seed: int, seat: int) -> None:
    game = first_deal_game(SHORT, LEVELS, game_seed)
    moments = seat_moments(game, 1, seat)
    for number, (view, card) in enumerate(moments.plays[:-1]):  # the last is never a choice
        original = review_play(view, card, REVIEW_SEED)
        history = moves_before(game, seat, number)
        twin = redealt_twin(game, view, history, LEVELS, 100 + number, game_seed)
        assert twin.results()[0].hands != game.results()[0].hands
        twin_view, _ = seat_moments(twin, 1, seat).plays[number]
        assert twin_view == view
        assert review_play(twin_view, card, REVIEW_SEED) == original


@pytest.mark.parametrize("game_seed", [6, 7])
def test_the_whole_review_is_the_same_when_only_unseen_cards_differ(game_seed: int) -> None:
    """The cards a seat never saw — those the seats after it in the last trick still
    held — shared out otherwise: every view of the seat is the same, and so are its
    chances, costly plays and verdict (the tricks it took may differ)."""
    game = first_deal_game(SHORT, LEVELS, game_seed)
    compared = 0
    for seat in range(4):
        moments = seat_moments(game, 1, seat)
        last = len(moments.plays) - 1
        history = moves_before(game, seat, last)
        ours = review_deal(game, 1, seat)
        for twin_seed in range(2):
            view = moments.plays[last][0]
            twin = redealt_twin(game, view, history, LEVELS, twin_seed, game_seed)
            if twin.results()[0].hands == game.results()[0].hands:
                break  # the seat played last: it had seen every card by then
            twin_moments = seat_moments(twin, 1, seat)
            assert (twin_moments.bid_view, twin_moments.plays) == (
                moments.bid_view, moments.plays
            )
            theirs = review_deal(twin, 1, seat)
            assert (ours.bid, ours.costly_plays, ours.decisions, ours.verdict) == (
                theirs.bid, theirs.costly_plays, theirs.decisions, theirs.verdict
            )
            compared += 1
    assert compared >= 2  # the last trick's first seats always had unseen cards


def test_the_same_game_seat_and_seed_give_the_same_review() -> None:
    game = first_deal_game(SHORT, LEVELS, 8)
    assert review_deal(game, 1, 2) == review_deal(game, 1, 2)
    moments = seat_moments(game, 1, 2)
    assert review_bid(moments.bid_view, moments.bid, False, 3) == review_bid(
        moments.bid_view, moments.bid, False, 3
    )
