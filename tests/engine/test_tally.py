"""Score-only deals (the score pad): bids and trick counts without cards, checked and
scored by the same rules as card-by-card deals."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from engine import Bid, Card, FirstDealer, Game, RecordError, Rules
from engine.actions import DealTally, TricksTaken
from engine.cards import Suit
from engine.errors import ChanceMismatch, HookedBid, IllegalBid, WrongPhase, WrongTricks
from engine.record import game_from_record, game_to_record, replay_summary
from engine.rules import Scoring, ZeroBidReward
from tests.engine.examples import short_game

PLAYERS = ["Asha", "Bikram", "Chandra", "Deepa"]


def tally_record(game: Game) -> dict[str, Any]:
    """A played game's record with every deal rewritten as score-only."""
    record = game_to_record(game)
    record.pop("chance_version", None)
    record.pop("commitment", None)
    record.pop("dealer_draw", None)
    record["deals"] = [
        {"bids": list(result.bids), "tricks": list(result.tricks)} for result in game.results()
    ]
    return record


def with_rules(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**record, "rules": {**record["rules"], **changes}}


def card_game_under(record: dict[str, Any], **changes: Any) -> Game:
    card_record = game_to_record(short_game())
    card_record.pop("commitment", None)
    card_record.pop("chance_version", None)
    return game_from_record(with_rules(card_record, **changes))


@pytest.mark.parametrize("scoring", get_args(Scoring))
@pytest.mark.parametrize("reward", get_args(ZeroBidReward))
def test_score_only_deals_score_like_the_same_deals_played_card_by_card(
    scoring: str, reward: str
) -> None:
    tally = tally_record(short_game())
    changes = {"scoring": scoring, "zero_bid_reward": reward}
    by_cards = card_game_under(tally, **changes)
    by_counts = game_from_record(with_rules(tally, **changes))
    assert [r.scores for r in by_counts.results()] == [r.scores for r in by_cards.results()]
    assert by_counts.totals() == by_cards.totals()
    assert by_counts.is_over and by_counts.standings() == by_cards.standings()


def test_blind_bids_score_double_in_score_only_deals() -> None:
    game = started(Rules(max_hand=3, blind_bids=True))
    game.apply(Bid(2, 1, blind=True))
    for seat, bid in ((3, 0), (0, 0), (1, 0)):
        game.apply(Bid(seat, bid))
    game.apply(TricksTaken((1, 1, 1, 0)))
    assert game.results()[0].scores == (0, 0, 22, 10)


def started(rules: Rules) -> Game:
    game = Game(rules, PLAYERS, None)
    game.apply(FirstDealer(1))
    game.apply(DealTally())
    return game


def bid_all(game: Game, bids: dict[int, int]) -> None:
    for seat, bid in bids.items():
        game.apply(Bid(seat, bid))


def test_a_revoker_scores_nothing_whatever_their_tricks() -> None:
    game = started(Rules(max_hand=3))
    bid_all(game, {2: 2, 3: 0, 0: 0, 1: 0})
    game.apply(TricksTaken((0, 1, 2, 0), (False, False, True, False)))
    result = game.results()[0]
    assert result.scores == (10, 0, 0, 10)
    assert result.revokes == (False, False, True, False)


def test_the_dealer_cannot_bid_the_hooked_number() -> None:
    game = started(Rules(max_hand=3))
    bid_all(game, {2: 1, 3: 1, 0: 0})
    with pytest.raises(HookedBid, match="Bikram is the dealer and can't bid 1"):
        game.apply(Bid(1, 1))
    assert game.bids() == (0, None, 1, 1)


def test_tricks_that_do_not_add_up_are_refused_saying_by_how_much() -> None:
    game = started(Rules(max_hand=3))
    bid_all(game, {2: 1, 3: 1, 0: 0, 1: 0})
    with pytest.raises(WrongTricks, match="add up to 5, 2 more than the 3"):
        game.apply(TricksTaken((1, 1, 2, 1)))
    with pytest.raises(WrongTricks, match="add up to 1, 2 fewer than the 3"):
        game.apply(TricksTaken((0, 0, 1, 0)))
    with pytest.raises(WrongTricks) as caught:
        game.apply(TricksTaken((0, 0, 4, -1)))
    assert caught.value.seat == 2
    assert game.results() == () and game.is_tally_deal


def test_tricks_before_the_bids_and_cards_in_a_score_only_deal_are_refused() -> None:
    game = started(Rules(max_hand=3))
    with pytest.raises(WrongPhase):
        game.apply(TricksTaken((1, 1, 1, 0)))
    bid_all(game, {2: 1, 3: 1, 0: 0, 1: 0})
    with pytest.raises(WrongPhase, match="enter its tricks"):
        game.play(2, Card.parse("AS"))


def test_a_seeded_game_refuses_score_only_deals() -> None:
    game = Game(Rules(max_hand=3), PLAYERS, 7)
    game.apply(Bid(game.awaiting()[0], 0))
    with pytest.raises(WrongPhase):
        game.apply(DealTally())
    fresh = Game(Rules(max_hand=3), PLAYERS, None)
    fresh.apply(FirstDealer(0))
    fresh.apply(DealTally())
    assert fresh.is_tally_deal
    assert Game(Rules(max_hand=3), PLAYERS, 7).can_apply(DealTally()) is False


def test_only_turn_up_rules_name_the_trump() -> None:
    game = Game(Rules(max_hand=3), PLAYERS, None)
    game.apply(FirstDealer(0))
    with pytest.raises(ChanceMismatch, match="only turn-up rules"):
        game.apply(DealTally(Suit.HEARTS))
    turned = Game(Rules(max_hand=3, trump="turn-up"), PLAYERS, None)
    turned.apply(FirstDealer(0))
    turned.apply(DealTally(Suit.HEARTS))
    assert turned.trump is Suit.HEARTS


def test_the_zero_bid_limit_holds_across_score_only_deals() -> None:
    rules = Rules(max_hand=6, schedule="down", zero_bid_limit=True)
    game = Game(rules, [*PLAYERS, "Esha"], None)
    game.apply(FirstDealer(4))
    for _ in range(5):
        game.apply(DealTally())
        size = game.hand_size
        for _ in range(5):
            seat = game.awaiting()[0]
            legal = game.legal_bids(seat)
            game.apply(Bid(seat, 0 if seat == 0 else max(legal)))
        tricks = [0] * 5
        tricks[1] = size
        game.apply(TricksTaken(tuple(tricks)))
    game.apply(DealTally())
    while game.awaiting()[0] != 0:
        seat = game.awaiting()[0]
        game.apply(Bid(seat, max(game.legal_bids(seat))))
    with pytest.raises(IllegalBid, match="bid 0 in 5 deals in a row"):
        game.apply(Bid(0, 0))


def test_a_score_only_record_round_trips_with_its_revokes_and_an_unfinished_deal() -> None:
    game = started(Rules(max_hand=3, trump="turn-up"))
    bid_all(game, {2: 2, 3: 0, 0: 0, 1: 0})
    game.apply(TricksTaken((0, 1, 2, 0), (True, False, False, False)))
    game.apply(DealTally(Suit.CLUBS))
    game.apply(Bid(3, 1))
    record = game_to_record(game)
    assert record["deals"] == [
        {"bids": [0, 0, 2, 0], "tricks": [0, 1, 2, 0], "revokes": [True, False, False, False],
         "trump": None},
        {"bids": [None, None, None, 1], "tricks": None, "trump": "C"},
    ]
    again = game_from_record(record)
    assert again.results() == game.results()
    assert again.bids() == game.bids() and again.trump is Suit.CLUBS
    assert replay_summary(again)["deals"][0]["revokes"] == [True, False, False, False]


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({"bids": [0, 0, 2, 1], "tricks": [0, 1, 2, 0]},
         "deal 1, seat 1: Bikram is the dealer and can't bid 0"),
        ({"bids": [0, 0, 2, 0], "tricks": [0, 1, 1, 0]},
         "deal 1: the tricks add up to 2, 1 fewer than the 3 in this deal"),
        ({"bids": [0, 0, 2, 0], "tricks": [0, 0, 4, 0]},
         "deal 1, seat 2: tricks in this deal run from 0 to 3, not 4"),
        ({"bids": [0, 0, 5, 0], "tricks": [0, 1, 2, 0]},
         "deal 1, seat 2: Bids in this deal run from 0 to 3, not 5"),
        ({"bids": [0, 0, 2, 0], "tricks": [0, 1, 2]}, "deal 1: tricks must list 4 counts"),
        ({"bids": [0, None, 2, 0], "tricks": [0, 1, 2, 0]},
         "deal 1: tricks were counted before every bid was made"),
        ({"bids": [0, 0, 2, 0], "tricks": [0, 1, 2, 0], "revokes": [True]},
         "deal 1: revokes must list 4 true/false entries"),
        ({"bids": [0, 0, 2, 0], "tricks": [0, 1, 2, 0], "plays": []},
         "deal 1: a deal has either hands and plays or tricks, not both"),
    ],
)
def test_bad_score_only_entries_name_their_deal_and_seat(
    deal: dict[str, Any], message: str
) -> None:
    record = {"format": "kachuful-record/1", "players": PLAYERS, "rules": {"max_hand": 3},
              "first_dealer": 1, "deals": [deal]}
    with pytest.raises(RecordError) as caught:
        game_from_record(record)
    assert caught.value.located().startswith(message)
