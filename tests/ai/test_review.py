"""What a deal review says: the bid's options, costly plays, verdicts, errors."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

from ai.review import (
    COSTLY_POINTS,
    MAX_COSTLY,
    ReviewError,
    chances,
    play,
    review_deal,
    review_game,
)
from ai.review.chances import bid_trick_chances
from ai.review.deal import REVIEW_SEED
from ai.review.moments import seat_moments
from engine.record import load_record
from engine.rules import Rules
from engine.scoring import score_function
from tests.ai.helpers import bid_all, dealt_game
from tests.ai.review_games import SHORT, first_deal_game, play_on, players
from tests.engine.examples import EXAMPLES, short_game


def test_every_bid_is_valued_and_the_best_is_the_legal_maximum() -> None:
    game = short_game()
    score = score_function(game.rules)
    for deal in (1, 4, 9):
        review = review_deal(game, deal, 2)
        bid = review.bid
        size = review.hand_size
        assert [o.bid for o in bid.options] == list(range(size + 1))
        assert math.isclose(sum(bid.trick_chances), 1.0)
        assert bid.hit_chance == bid.options[bid.bid].hit_chance
        # Classic scoring: a hit is worth 10 + bid, a miss nothing.
        for option in bid.options:
            hit_points = score(option.bid, option.bid, size, False)
            assert math.isclose(option.expected_points, option.hit_chance * hit_points)
        legal = [o for o in bid.options if o.legal]
        assert bid.best_bid in [o.bid for o in legal]
        best = max(o.expected_points for o in legal)
        assert bid.options[bid.best_bid].expected_points == best
        assert math.isclose(bid.points_behind_best, best - bid.expected_points, abs_tol=1e-9)


def test_the_hooked_dealers_forbidden_bid_is_never_the_best() -> None:
    game = first_deal_game(SHORT, ("reference",) * 4, 11)
    dealer = game.results()[0].dealer
    review = review_deal(game, 1, dealer)
    forbidden = game.results()[0].forbidden_bid(True)
    flags = [o.legal for o in review.bid.options]
    assert flags.count(False) == (1 if forbidden is not None and forbidden <= 5 else 0)
    assert review.bid.options[review.bid.best_bid].legal


def test_top_trumps_are_certain_tricks() -> None:
    """A♠ K♠ Q♠ with spades trump take every trick whatever the others hold."""
    rules = Rules(max_hand=3, schedule="down")
    game = dealt_game(rules, ["AS KS QS", "2H 3H 4H", "5D 6D 7D", "8C 9C 10C"], dealer=3)
    bid_all(game, [3, 0, 0, 1])
    play_on(game, players(("reference",) * 4, 1), 1)
    review = review_deal(game, 1, 0)
    assert review.bid.trick_chances == (0.0, 0.0, 0.0, 1.0)
    assert review.bid.best_bid == review.bid.hard_bid == 3
    assert review.bid.points_behind_best == 0
    assert review.verdict.startswith("good bid")


def test_costly_plays_are_real_moments_of_the_deal() -> None:
    game = load_record((EXAMPLES / "short-game.json").read_text())
    found = 0
    for seat in range(4):
        for result in game.results():
            review = review_deal(game, result.number, seat)
            moments = seat_moments(game, result.number, seat)
            assert len(review.costly_plays) <= MAX_COSTLY
            assert [m.cost for m in review.costly_plays] == sorted(
                (m.cost for m in review.costly_plays), reverse=True
            )
            for moment in review.costly_plays:
                view, card = moments.plays[moment.trick - 1]
                assert card == moment.played
                assert moment.better in view.legal_cards and moment.better != card
                assert moment.cost >= COSTLY_POINTS - 1e-9
                assert f"trick {moment.trick}" in review.verdict or "tricks" in review.verdict
                found += 1
    assert found  # people make mistakes; the review finds some


def test_the_game_summary_counts_the_deals() -> None:
    game = short_game()
    whole = review_game(game, 1)
    assert len(whole.deals) == len(game.results())
    near = sum(1 for d in whole.deals if d.bid.points_behind_best <= 1.0)
    assert whole.bids_near_best == near
    assert whole.costly_plays == sum(len(d.costly_plays) for d in whole.deals)
    assert f"{near} of {len(game.results())}" in whole.summary


@pytest.mark.parametrize(
    ("deal", "seat", "message"),
    [
        (1, 4, "there is no seat 4"),
        (1, -1, "there is no seat -1"),
        (0, 0, "there is no deal 0"),
        (99, 0, "there is no deal 99"),
    ],
)
def test_unknown_seats_and_deals_are_refused(deal: int, seat: int, message: str) -> None:
    with pytest.raises(ReviewError, match=message):
        review_deal(short_game(), deal, seat)


def test_an_unfinished_deal_is_refused() -> None:
    game = load_record((EXAMPLES / "worked-example.json").read_text())
    with pytest.raises(ReviewError, match="deal 4 is not finished"):
        review_deal(game, 4, 0)


def test_dropping_bids_far_behind_changes_neither_the_bid_made_nor_the_best(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Bids far behind stop being played out after the first worlds; the bid made and
    # the best bid must keep exactly the chances of playing every bid out everywhere.
    game = short_game()
    for deal in (1, 4, 9):
        moments = seat_moments(game, deal, 1)
        view, made = moments.bid_view, moments.bid
        screened = bid_trick_chances(view, REVIEW_SEED, made=made)
        with monkeypatch.context() as patch:
            patch.setattr(chances, "BID_SCREENS", ())
            full = bid_trick_chances(view, REVIEW_SEED, made=made)
        best = _best_bid(full, view.legal_bids, view.hand_size, game.rules)
        assert screened[made] == full[made]
        assert screened[best] == full[best]
        assert _best_bid(screened, view.legal_bids, view.hand_size, game.rules) == best


def _best_bid(
    rows: tuple[tuple[float, ...], ...], legal: Sequence[int], size: int, rules: Rules
) -> int:
    score = score_function(rules)

    def expected(bid: int) -> float:
        return sum(p * score(bid, k, size, False) for k, p in enumerate(rows[bid]))

    return max(legal, key=lambda bid: (expected(bid), -bid))


def test_stopping_early_finds_the_same_costly_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    # A card stops being played out once it clearly cannot beat the one played by 15
    # points; on this game that finds what looking at every card in 128 worlds finds.
    game = load_record((EXAMPLES / "short-game.json").read_text())
    found = []
    for seat in range(4):
        for result in game.results():
            quick = review_deal(game, result.number, seat)
            with monkeypatch.context() as patch:
                patch.setattr(play, "STOP_SPREAD", 1e9)  # never stops early
                slow = review_deal(game, result.number, seat)
            assert quick.costly_plays == slow.costly_plays
            found += quick.costly_plays
    assert found, "the game has costly plays to find"
