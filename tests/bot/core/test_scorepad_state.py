"""The score pad's state alone: entries folded in order, refusals that change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.pad_effects import pad_snapshot
from bot.core.refusals import Refusal
from bot.core.scorepad_state import Entry, PadState
from engine import Rules

KEEPER, BIKRAM, CHANDRA, DEEPA = 1, 2, 3, 4


def seated(rules: Rules | None = None, dealer: int = 1) -> PadState:
    """Asha (the keeper), Bikram, Chandra and guest Esha; Bikram deals first."""
    entries: list[Entry] = [
        {"do": "join", "by": KEEPER, "name": "Asha"},
        {"do": "join", "by": BIKRAM, "name": "Bikram"},
        {"do": "join", "by": CHANDRA, "name": "Chandra"},
        {"do": "guest", "by": KEEPER, "name": "Esha"},
        {"do": "start", "by": KEEPER, "dealer": dealer},
    ]
    return PadState.fold(rules or Rules(max_hand=3, schedule="down"), KEEPER, entries)


def add(state: PadState, *entries: dict[str, Any]) -> PadState:
    for entry in entries:
        state = state.after(entry)
    return state


def bids(state: PadState, values: dict[int, int], by: int = KEEPER) -> PadState:
    return add(state, *({"do": "bid", "by": by, "seat": s, "bid": b} for s, b in values.items()))


def tricks(state: PadState, values: dict[int, int], by: int = KEEPER) -> PadState:
    return add(state, *({"do": "tricks", "by": by, "seat": s, "tricks": t}
                        for s, t in values.items()))


def refused(state: PadState, entry: dict[str, Any]) -> Refusal:
    before = state.effective[:]
    with pytest.raises(Refusal) as caught:
        state.after(entry)
    assert state.effective == before
    return caught.value


def test_seats_are_ordered_before_the_first_deal_and_fixed_after() -> None:
    state = PadState.fold(Rules(), KEEPER, [
        {"do": "join", "by": KEEPER, "name": "Asha"},
        {"do": "join", "by": BIKRAM, "name": "Bikram"},
        {"do": "guest", "by": KEEPER, "name": "Esha"},
        {"do": "move", "by": KEEPER, "seat": 2, "up": True},
    ])
    assert state.names == ["Asha", "Esha", "Bikram"]
    assert refused(state, {"do": "move", "by": BIKRAM, "seat": 0}).key == "pad_only_keeper"
    assert refused(state, {"do": "guest", "by": BIKRAM, "name": "Zed"}).key == "pad_only_keeper"
    assert refused(state, {"do": "join", "by": BIKRAM, "name": "B"}).key == "pad_already_seated"
    assert refused(state, {"do": "guest", "by": KEEPER, "name": " "}).key == "pad_bad_name"
    two = PadState.fold(Rules(), KEEPER, state.effective[:2])
    assert refused(two, {"do": "start", "by": KEEPER, "dealer": 0}).key == "pad_need_players"
    state = seated()
    assert refused(state, {"do": "join", "by": DEEPA, "name": "Deepa"}).key == "pad_started"
    assert state.seats[3].user_id is None


def test_bids_follow_the_bidding_order_and_each_player_enters_their_own_row() -> None:
    state = seated()
    assert state.phase() == "bids" and state.game is not None and state.game.dealer == 1
    wrong_turn = refused(state, {"do": "bid", "by": KEEPER, "seat": 0, "bid": 1})
    assert wrong_turn.key == "pad_illegal" and "Chandra's turn" in str(wrong_turn.params["text"])
    assert refused(state, {"do": "bid", "by": BIKRAM, "seat": 2, "bid": 1}).key == (
        "pad_not_your_row"
    )
    state = bids(state, {2: 1}, by=CHANDRA)
    state = bids(state, {3: 1, 0: 0})  # the keeper enters the guest's bid and their own
    hooked = refused(state, {"do": "bid", "by": BIKRAM, "seat": 1, "bid": 1})
    assert "Bikram is the dealer and can't bid 1" in str(hooked.params["text"])
    state = bids(state, {1: 0}, by=BIKRAM)
    assert state.phase() == "tricks"


def test_trick_totals_that_do_not_add_up_are_refused_saying_by_how_much() -> None:
    state = bids(seated(), {2: 1, 3: 1, 0: 0, 1: 0})
    state = tricks(state, {0: 1, 1: 1})
    over = refused(state, {"do": "tricks", "by": KEEPER, "seat": 2, "tricks": 2})
    assert over.key == "pad_tricks_off" and over.params["off"] == 1 and over.params["more"]
    state = tricks(state, {2: 0})
    short = refused(state, {"do": "tricks", "by": KEEPER, "seat": 3, "tricks": 0})
    assert (short.params["total"], short.params["off"], short.params["more"]) == (2, 1, False)
    state = tricks(state, {3: 1})
    assert state.game is not None and state.game.results()[0].scores == (0, 0, 0, 11)
    assert state.game.deal_number == 2 and state.phase() == "bids"


def test_a_revoke_marked_by_the_keeper_scores_that_player_nothing() -> None:
    state = bids(seated(), {2: 1, 3: 1, 0: 0, 1: 0})
    assert refused(state, {"do": "revoke", "by": BIKRAM, "seat": 3}).key == "pad_only_keeper"
    state = add(state, {"do": "revoke", "by": KEEPER, "seat": 3})
    state = tricks(state, {0: 0, 1: 1, 2: 1, 3: 1})
    assert state.game is not None
    assert state.game.results()[0].scores == (10, 0, 11, 0)
    assert state.record()["deals"][0]["revokes"] == [False, False, False, True]


def test_undo_takes_back_the_last_entry_even_the_one_that_scored_a_deal() -> None:
    state = bids(seated(), {2: 1, 3: 1, 0: 0, 1: 0})
    state = tricks(state, {0: 0, 1: 1, 2: 1, 3: 1})
    state = add(state, {"do": "undo", "by": KEEPER})
    assert state.game is not None and state.game.results() == ()
    assert state.tricks == {0: 0, 1: 1, 2: 1}
    state = add(state, {"do": "undo", "by": KEEPER}, {"do": "undo", "by": KEEPER})
    assert state.tricks == {0: 0} and state.phase() == "tricks"
    assert refused(state, {"do": "undo", "by": BIKRAM}).key == "pad_only_keeper"
    fresh = seated()
    assert refused(fresh, {"do": "undo", "by": KEEPER}).key == "pad_nothing_to_undo"


def test_a_correction_recomputes_the_totals_and_is_noted_in_the_record() -> None:
    state = bids(seated(), {2: 1, 3: 1, 0: 0, 1: 0})
    state = tricks(state, {0: 0, 1: 1, 2: 1, 3: 1})
    state = bids(state, {3: 1, 0: 0, 1: 0, 2: 0})  # deal 2: Chandra deals, 2 cards
    state = tricks(state, {0: 0, 1: 1, 2: 0, 3: 1})
    assert state.game is not None and state.game.totals() == (20, 0, 21, 22)
    state = add(state, {"do": "correct", "by": KEEPER, "deal": 1, "field": "tricks",
                        "values": [0, 0, 2, 1]})
    assert state.game is not None and state.game.totals() == (20, 10, 10, 22)
    deal = state.record()["deals"][0]
    assert deal["tricks"] == [0, 0, 2, 1]
    assert deal["corrections"] == [{"field": "tricks", "was": [0, 1, 1, 1]}]
    # A correction that breaks the hook in that deal is refused with the engine's reason.
    broken = refused(state, {"do": "correct", "by": KEEPER, "deal": 1, "field": "bids",
                             "values": [0, 1, 1, 1]})
    assert "deal 1: Bikram is the dealer" in str(broken.params["text"])
    assert refused(state, {"do": "correct", "by": KEEPER, "deal": 3, "field": "bids",
                           "values": [0, 0, 0, 0]}).key == "pad_illegal"


@pytest.mark.parametrize(
    ("scoring", "reward", "expected"),
    [
        ("classic", "formula", (10, 0, 11, 11)),
        ("ten-times", "formula", (10, 0, 20, 20)),
        ("trick-plus-bonus", "formula", (10, 1, 11, 11)),
        ("penalty-per-trick", "formula", (10, -1, 11, 11)),
        ("judgement", "formula", (10, -10, 10, 10)),
        ("quadratic", "formula", (10, -1, 11, 11)),
        ("ten-per-trick", "formula", (0, -10, 10, 10)),
        ("classic", "five", (5, 0, 11, 11)),
        ("classic", "five-plus-cards", (8, 0, 11, 11)),
    ],
)
def test_every_scoring_option_scores_a_pad_deal(
    scoring: str, reward: str, expected: tuple[int, ...]
) -> None:
    rules = Rules(max_hand=3, schedule="down", scoring=scoring, zero_bid_reward=reward)
    state = bids(seated(rules), {2: 1, 3: 1, 0: 0, 1: 0})
    state = tricks(state, {0: 0, 1: 1, 2: 1, 3: 1})
    assert state.game is not None and state.game.results()[0].scores == expected


def test_turn_up_rules_ask_for_the_trump_before_each_deal() -> None:
    state = seated(Rules(max_hand=3, schedule="down", trump="turn-up"))
    assert state.phase() == "trump"
    assert refused(state, {"do": "trump", "by": KEEPER, "suit": "X"}).key == "pad_illegal"
    state = add(state, {"do": "trump", "by": KEEPER, "suit": "H"})
    assert state.game is not None and state.game.trump is not None
    assert state.game.trump.letter == "H" and state.phase() == "bids"


def test_finish_needs_a_scored_deal_and_closes_the_pad() -> None:
    state = bids(seated(), {2: 1, 3: 1, 0: 0, 1: 0})
    assert refused(state, {"do": "finish", "by": KEEPER}).key == "pad_nothing_scored"
    state = tricks(state, {0: 0, 1: 1, 2: 1, 3: 1})
    assert refused(state, {"do": "finish", "by": BIKRAM}).key == "pad_only_keeper"
    state = add(state, {"do": "finish", "by": KEEPER})
    assert state.phase() == "closed"
    assert refused(state, {"do": "bid", "by": KEEPER, "seat": 3, "bid": 0}).key == "pad_closed"


def test_a_blind_bid_is_recorded_as_blind_and_scores_double_when_made() -> None:
    rules = Rules(max_hand=3, schedule="down", blind_bids=True)
    deal_bids = {2: 1, 3: 0, 0: 1, 1: 0}  # Chandra bids first, Bikram deals
    deal_tricks = {2: 1, 3: 0, 0: 2, 1: 0}
    plain = tricks(bids(seated(rules), deal_bids), deal_tricks)
    blind = add(seated(rules), {"do": "bid", "by": CHANDRA, "seat": 2, "bid": 1, "blind": True})
    assert pad_snapshot(1, blind).blind == (False, False, True, False)
    blind = tricks(bids(blind, {3: 0, 0: 1, 1: 0}), deal_tricks)
    assert plain.game is not None and blind.game is not None
    (scored_plain,), (scored_blind,) = plain.game.results(), blind.game.results()
    assert scored_blind.blind == (False, False, True, False)
    assert scored_blind.scores[2] == 2 * scored_plain.scores[2] > 0
    assert scored_blind.scores[:2] == scored_plain.scores[:2]
    assert blind.record()["deals"][0]["blind"] == [False, False, True, False]
    # A correction of the bids keeps the blind mark; undoing the blind bid takes it away.
    fixed = add(blind, {"do": "correct", "by": KEEPER, "deal": 1, "field": "bids",
                        "values": [0, 0, 1, 0]})
    assert fixed.game is not None and fixed.game.results()[0].blind[2]
    undone = add(seated(rules), {"do": "bid", "by": CHANDRA, "seat": 2, "bid": 1,
                                 "blind": True}, {"do": "undo", "by": KEEPER})
    assert pad_snapshot(1, undone).blind == (False,) * 4 and undone.game is not None
    assert undone.game.bids() == (None,) * 4


def test_a_blind_bid_is_refused_without_blind_rules_or_with_a_bad_flag() -> None:
    without = seated()
    entry = {"do": "bid", "by": CHANDRA, "seat": 2, "bid": 1, "blind": True}
    assert "Blind bids are not part of these rules" in str(refused(without, entry).params)
    with_rules = seated(Rules(max_hand=3, schedule="down", blind_bids=True))
    assert refused(with_rules, {**entry, "blind": "yes"}).key == "pad_illegal"
    assert refused(with_rules, {**entry, "by": BIKRAM}).key == "pad_not_your_row"
