"""Call Break's score-only deals (the score pad's): calls, then the tricks counted at
the table; scored and recorded as dealt deals are, and read back from the record."""

from __future__ import annotations

import pytest

from engine import Bid, FirstDealer, IllegalAction, Phase, RecordError
from engine.actions import DealTally, TricksTaken
from engine.callbreak import CallBreakGame, CallBreakRules
from engine.cards import Suit
from engine.errors import ChanceMismatch, WrongPhase
from engine.record import game_from_record, game_to_record, replay_summary

NAMES = ("Asha", "Bikram", "Chandra", "Deepa")


def tally_game(deals: int = 2) -> CallBreakGame:
    game = CallBreakGame(CallBreakRules(deals=deals), NAMES, None)
    game.apply(FirstDealer(3))
    game.apply(DealTally())
    return game


def test_a_score_only_deal_scores_its_calls_and_counted_tricks() -> None:
    game = tally_game()
    assert game.phase is Phase.BIDDING and game.is_tally_deal and game.turn == 0
    for seat, call in enumerate((4, 3, 2, 3)):
        game.apply(Bid(seat, call))
    assert game.phase is Phase.PLAYING and game.legal_cards(game.turn or 0) == ()
    game.apply(TricksTaken((6, 3, 1, 3)))
    result = game.results()[0]
    assert result.tally and result.scores == (42, 30, -20, 30)
    assert game.phase is Phase.DEAL  # the next deal waits for the table's cards


@pytest.mark.parametrize(
    ("tricks", "error"),
    [((6, 3, 1, 2), "add up to 12"), ((6, 3, 1), "4 counts"), ((14, 0, 0, -1), "0 to 13")],
)
def test_counts_that_do_not_fit_the_deal_are_refused(tricks: tuple[int, ...], error: str) -> None:
    game = tally_game()
    for seat in range(4):
        game.apply(Bid(seat, 2))
    with pytest.raises(IllegalAction, match=error):
        game.apply(TricksTaken(tricks))
    assert game.phase is Phase.PLAYING and not game.results()


def test_no_revokes_no_trump_and_no_score_only_deal_in_a_dealt_game() -> None:
    game = tally_game()
    with pytest.raises(WrongPhase):
        game.apply(TricksTaken((4, 3, 3, 3)))  # the calls come first
    for seat in range(4):
        game.apply(Bid(seat, 2))
    with pytest.raises(IllegalAction, match="no revoke"):
        game.apply(TricksTaken((4, 3, 3, 3), (True, False, False, False)))
    with pytest.raises(ChanceMismatch):
        CallBreakGame(CallBreakRules(), NAMES, None).apply(DealTally())  # no dealer yet
    fresh = CallBreakGame(CallBreakRules(), NAMES, None)
    fresh.apply(FirstDealer(0))
    with pytest.raises(ChanceMismatch, match="only turn-up rules"):
        fresh.apply(DealTally(Suit.HEARTS))
    seeded = CallBreakGame(CallBreakRules(), NAMES, 5)
    with pytest.raises(IllegalAction):
        seeded.apply(DealTally())


def test_a_score_pad_record_replays_to_the_same_totals() -> None:
    game = tally_game(deals=2)
    for seat, call in enumerate((4, 3, 2, 3)):
        game.apply(Bid(seat, call))
    game.apply(TricksTaken((6, 3, 1, 3)))
    game.apply(DealTally())
    for seat in (1, 2):  # Asha deals the second deal: Bikram calls first
        game.apply(Bid(seat, 1))
    record = game_to_record(game)
    assert record["game"] == "callbreak"
    assert record["deals"][0] == {"bids": [4, 3, 2, 3], "tricks": [6, 3, 1, 3]}
    assert record["deals"][1] == {"bids": [None, 1, 1, None], "tricks": None}
    again = game_from_record(record)
    assert isinstance(again, CallBreakGame) and again.log == game.log
    for seat in (3, 0):
        game.apply(Bid(seat, 5))
    game.apply(TricksTaken((1, 1, 5, 6)))
    summary = replay_summary(game_from_record(game_to_record(game)))
    # Deal 2: Asha −5, Bikram 1, Chandra 1.4, Deepa 5.1.
    assert summary["complete"] and summary["totals"] == [-0.8, 4, -0.6, 8.1]


def test_tricks_in_a_dealt_record_are_refused() -> None:
    game = CallBreakGame(CallBreakRules(deals=1), NAMES, 9)
    record = game_to_record(game, include_seed=True)
    record["deals"] = [{"bids": [None] * 4, "tricks": None}]
    with pytest.raises(RecordError, match="keeps every card"):
        game_from_record(record, check_seed=True)
