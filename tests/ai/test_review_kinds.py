"""A seat's skill read kind by kind of bid (zero, ordinary, high): ai/review/kinds.py."""

from __future__ import annotations

from ai.review.bid import at_table
from ai.review.kinds import (
    DEFAULT_KIND_RATE,
    LEVEL_KIND_RATE,
    kind_records,
    own_skills_by_kind,
    skills_by_kind,
)
from ai.review.moments import seat_moments
from ai.review.seats import DEFAULT_SKILL, PlayerHistory, SeatModel, table_skills
from engine.bid_kinds import BID_KINDS, bid_kind
from tests.engine.examples import short_game

NO_RECORD = dict.fromkeys(BID_KINDS, (0, 0))


def test_the_reference_rule_and_a_person_without_a_record_are_the_default() -> None:
    assert skills_by_kind(SeatModel("reference"), DEFAULT_SKILL, NO_RECORD) == dict.fromkeys(
        BID_KINDS, DEFAULT_SKILL
    )
    assert skills_by_kind(SeatModel(), DEFAULT_SKILL, NO_RECORD) == dict.fromkeys(
        BID_KINDS, DEFAULT_SKILL
    )


def test_a_computer_is_read_by_its_levels_rates() -> None:
    hard = skills_by_kind(SeatModel("hard"), 0.0, NO_RECORD)
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
    skills = skills_by_kind(person, overall, NO_RECORD)
    assert skills["zero"] > DEFAULT_SKILL + 0.1  # 95% of 40 zero bids hit
    assert abs(skills["ordinary"] - overall) < 1e-9  # no ordinary record: the lift alone
    assert abs(skills["high"] - overall) < 1e-9


def test_a_persons_high_bid_record_and_this_games_deals_count() -> None:
    history = PlayerHistory(bids=60, hits=20, high_bids=30, high_hits=3)
    person = SeatModel(history=history)
    skills = skills_by_kind(person, person.skill(), NO_RECORD)
    assert skills["high"] < DEFAULT_SKILL - 0.1  # 10% of 30 high bids hit
    this_game = {**NO_RECORD, "ordinary": (6, 6)}
    lifted = skills_by_kind(person, person.skill(), this_game)
    assert lifted["ordinary"] > skills["ordinary"] + 0.05
    assert lifted["high"] == skills["high"]


def test_only_the_deals_before_the_reviewed_one_are_counted_by_kind() -> None:
    game = short_game()
    results = game.results()
    assert kind_records(game, 1, 0) == NO_RECORD
    for seat in range(4):
        records = kind_records(game, 4, seat)
        assert sum(bids for bids, _ in records.values()) == 3
        for kind in BID_KINDS:
            earlier = [r for r in results[:3]
                       if bid_kind(r.bids[seat], r.hand_size, 4) == kind]
            assert records[kind] == (len(earlier), sum(1 for r in earlier if r.hits[seat]))


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
    by_kind = own_skills_by_kind(game, deal, seat, None, skills[seat])
    records = kind_records(game, deal, seat)
    assert by_kind == skills_by_kind(SeatModel(), skills[seat], records)
