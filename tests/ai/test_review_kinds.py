"""A seat's skill read kind by kind of bid (zero, ordinary, high): ai/review/kinds.py."""

from __future__ import annotations

from ai.review.bid import at_table
from ai.review.kinds import (
    DEFAULT_KIND_RATE,
    LEVEL_KIND_RATE,
    own_skills_by_kind,
    skills_by_kind,
)
from ai.review.moments import seat_moments
from ai.review.seats import DEFAULT_SKILL, PlayerHistory, SeatModel, table_skills
from engine.bid_kinds import BID_KINDS
from tests.engine.examples import short_game


def test_the_reference_rule_and_a_person_without_a_record_are_the_default() -> None:
    assert skills_by_kind(SeatModel("reference"), DEFAULT_SKILL) == dict.fromkeys(
        BID_KINDS, DEFAULT_SKILL
    )
    assert skills_by_kind(SeatModel(), DEFAULT_SKILL) == dict.fromkeys(
        BID_KINDS, DEFAULT_SKILL
    )


def test_a_computer_is_read_by_its_levels_rates() -> None:
    hard = skills_by_kind(SeatModel("hard"), 0.0)
    for kind in BID_KINDS:
        gap = LEVEL_KIND_RATE["hard"][kind] - DEFAULT_KIND_RATE[kind]
        assert abs(hard[kind] - (DEFAULT_SKILL + gap)) < 1e-12
    # Measured: zero bids are hit far more often than high ones by every level.
    for rates in LEVEL_KIND_RATE.values():
        assert rates["zero"] > rates["high"]


def test_a_persons_zero_bid_record_moves_their_zero_bids_most() -> None:
    history = PlayerHistory(bids=100, hits=47, zero_bids=40, zero_hits=38)
    person = SeatModel(history=history)
    overall = person.skill()
    skills = skills_by_kind(person, overall)
    assert skills["zero"] > DEFAULT_SKILL + 0.1  # 95% of 40 zero bids hit
    assert abs(skills["ordinary"] - overall) < 1e-9  # no ordinary record: the lift alone
    assert abs(skills["high"] - overall) < 1e-9


def test_a_persons_high_bid_record_and_this_games_deals_count() -> None:
    history = PlayerHistory(bids=60, hits=20, high_bids=30, high_hits=3)
    person = SeatModel(history=history)
    skills = skills_by_kind(person, person.skill())
    assert skills["high"] < DEFAULT_SKILL - 0.1  # 10% of 30 high bids hit
    # This game's deals move every kind through the skill over all bids.
    lifted = skills_by_kind(person, person.skill(6, 6))
    for kind in BID_KINDS:
        assert lifted[kind] > skills[kind] + 0.01


def test_one_games_record_alone_reads_every_kind_alike() -> None:
    overall = SeatModel().skill(5, 6)
    skills = skills_by_kind(SeatModel(), overall)
    assert all(abs(skills[kind] - overall) < 1e-12 for kind in BID_KINDS)


def test_the_review_reads_each_bids_chance_with_the_skill_of_its_kind() -> None:
    game = short_game()
    seat, deal = 1, 3
    view = seat_moments(game, deal, seat).bid_view
    size = view.hand_size
    rows = tuple(
        tuple(0.5 if k == bid else 0.5 / size for k in range(size + 1))
        for bid in range(size + 1)
    )
    skills = table_skills(game, deal, None)
    plain = at_table(rows, view, skills)
    assert at_table(rows, view, skills, dict.fromkeys(BID_KINDS, skills[seat])) == plain
    sharp_zero = {**dict.fromkeys(BID_KINDS, skills[seat]), "zero": skills[seat] + 0.2}
    read = at_table(rows, view, skills, sharp_zero)
    assert read[0][0] > plain[0][0]
    assert read[1:] == plain[1:]
    hard = own_skills_by_kind(game, seat, [SeatModel("hard")] * 4, skills[seat])
    assert hard == skills_by_kind(SeatModel("hard"), skills[seat])
