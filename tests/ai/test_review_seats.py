"""Who sits at the table, for a review: computers by level, people by their record,
and the correction of the playouts' chances that these skills drive."""

from __future__ import annotations

import math

import pytest

from ai.match import chance_plan
from ai.review import LoggedGame, ReviewError, review_deal, review_logged_deal
from ai.review.calibration import corrected_chance, corrected_row, is_certain
from ai.review.seats import (
    DEFAULT_SKILL,
    LEVEL_SKILL,
    PlayerHistory,
    SeatModel,
    seats_from_names,
    seats_with_histories,
    table_skills,
)
from engine.game import Game
from tests.ai.review_games import SHORT, play_on, players
from tests.engine.examples import short_game


def test_a_computer_is_its_levels_skill_whatever_its_record() -> None:
    assert SeatModel("hard").skill(0, 10) == LEVEL_SKILL["hard"]
    assert SeatModel("easy").skill(10, 10) == LEVEL_SKILL["easy"]
    assert LEVEL_SKILL["easy"] < LEVEL_SKILL["reference"] < LEVEL_SKILL["hard"]


def test_a_person_without_a_record_is_the_stated_default() -> None:
    assert SeatModel().skill() == DEFAULT_SKILL


def test_a_persons_record_pulls_the_skill_towards_their_hits() -> None:
    lucky_deal = SeatModel().skill(1, 1)
    assert DEFAULT_SKILL < lucky_deal < DEFAULT_SKILL + 0.05  # one deal says little
    sharp = SeatModel(history=PlayerHistory(bids=200, hits=160))
    assert sharp.skill() > 0.75  # 80% over 200 bids says a lot
    assert sharp.skill(0, 5) < sharp.skill()  # five misses in this game count too


def test_bad_seat_models_are_refused() -> None:
    with pytest.raises(ReviewError, match="no computer level"):
        SeatModel("expert")
    with pytest.raises(ReviewError, match="bids hit"):
        PlayerHistory(bids=3, hits=4)


def test_computers_are_known_by_the_level_in_their_name() -> None:
    models = seats_from_names(["Mira (hard bot)", "Asha", "Ravi 2 (easy bot)", "bot fan"])
    assert models == (SeatModel("hard"), SeatModel(), SeatModel("easy"), SeatModel())


def test_people_get_their_history_and_computers_keep_their_level() -> None:
    record = PlayerHistory(200, 130)
    seats = seats_with_histories(("Ann", "Mira (hard bot)"), (record, record))
    assert seats == (SeatModel(history=record), SeatModel("hard"))
    assert seats[0].skill() > DEFAULT_SKILL + 0.1  # 65% of 200 bids hit
    with pytest.raises(ReviewError, match="2 seats, not 1 histories"):
        seats_with_histories(("Ann", "Bo"), (None,))


def test_only_the_deals_before_the_reviewed_one_count() -> None:
    game = short_game()
    results = game.results()
    people = [SeatModel()] * 4
    assert table_skills(game, 1, people) == (DEFAULT_SKILL,) * 4
    skills = table_skills(game, 4, people)
    for seat in range(4):
        hits = sum(1 for r in results[:3] if r.hits[seat])
        assert skills[seat] == SeatModel().skill(hits, 3)
    with pytest.raises(ReviewError, match="4 seats, not 3"):
        table_skills(game, 1, people[:3])


def test_certain_chances_stay_certain_unless_the_opponents_are_stronger() -> None:
    hard = LEVEL_SKILL["hard"]
    assert is_certain(0.0, hard) and corrected_chance(0.0, 2, hard, hard) == 0.0
    assert is_certain(1.0, DEFAULT_SKILL)
    assert corrected_chance(1.0, 2, hard, DEFAULT_SKILL) == 1.0
    # Four `hard` players lose about one in seven of the bids every sampled deal made.
    assert not is_certain(1.0, hard)
    assert 0.8 < corrected_chance(1.0, 2, hard, hard) < 0.97
    row = corrected_row((0.0, 0.0, 1.0, 0.0), 2, hard, hard)
    assert math.isclose(sum(row), 1.0) and row[1] == row[3] > 0.0


def test_corrected_rows_still_add_up() -> None:
    row = (0.1, 0.2, 0.6, 0.1)
    for own, opponents in ((0.4, 0.4), (0.6, 0.6), (0.47, 0.6)):
        corrected = corrected_row(row, 2, own, opponents)
        assert math.isclose(sum(corrected), 1.0)
        assert corrected[2] == corrected_chance(0.6, 2, own, opponents)
        assert corrected[0] / corrected[1] == pytest.approx(0.5)  # the misses keep their shares


def test_the_correction_keeps_the_order_of_chances() -> None:
    for own, opponents in ((0.4, 0.47), (0.6, 0.6), (0.47, 0.6)):
        for bid in (0, 2):
            chances = [corrected_chance(k / 50, bid, own, opponents) for k in range(1, 50)]
            assert chances == sorted(chances)


def test_strong_opponents_make_a_safe_looking_bid_less_safe() -> None:
    # Four `hard` players make the bids the playouts call 90% far less often (README).
    at_reference = corrected_chance(0.9, 0, LEVEL_SKILL["reference"], LEVEL_SKILL["reference"])
    at_hard = corrected_chance(0.9, 0, LEVEL_SKILL["hard"], LEVEL_SKILL["hard"])
    assert abs(at_reference - 0.9) < 0.03
    assert at_hard < 0.84


def test_the_review_reads_the_table_it_is_told() -> None:
    game = Game(SHORT, ["Mira (hard bot)", "Tara (hard bot)", "Dev (hard bot)", "Asha"], None)
    plan = chance_plan(SHORT, 4, 5)
    game.apply(plan.first_dealer)
    game.apply(plan.deals[0])
    play_on(game, players(("hard",) * 4, 5), 1)
    by_names = review_deal(game, 1, 3)
    told = review_deal(game, 1, 3, seats=[SeatModel("hard")] * 3 + [SeatModel()])
    assert by_names == told
    everyone_default = review_deal(game, 1, 3, seats=[SeatModel()] * 4)
    assert everyone_default.bid.options != told.bid.options
    logged = LoggedGame.of(game, [SeatModel("hard")] * 3 + [SeatModel()])
    assert review_logged_deal(logged, 1, 3) == told


def test_a_history_holds_no_more_kinds_of_bid_than_bids() -> None:
    with pytest.raises(ReviewError, match="cannot hold"):
        PlayerHistory(bids=10, hits=5, zero_bids=6, zero_hits=3, high_bids=5, high_hits=1)
    with pytest.raises(ReviewError, match="high bids hit"):
        PlayerHistory(bids=10, hits=5, high_bids=2, high_hits=3)
    assert PlayerHistory(10, 5, 4, 3, 6, 2).high_hits == 2
