"""docs/callbreak.md's worked example, replayed: every fact its text states."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import Card, DealCards, FirstDealer, parse_cards
from engine.callbreak import CallBreakGame, CallBreakRules, points
from engine.record import game_from_record, replay_summary

DOC = (Path(__file__).resolve().parents[2] / "docs" / "callbreak.md").read_text()
NAMES = ("Asha", "Bikram", "Chandra", "Deepa")


def doc_record() -> dict[str, object]:
    block = DOC.split("<!-- example: record -->\n```json\n", 1)[1].split("\n```", 1)[0]
    record: dict[str, object] = json.loads(block)
    return record


def deal() -> dict[str, list[object]]:
    deals = doc_record()["deals"]
    assert isinstance(deals, list)
    first: dict[str, list[object]] = deals[0]
    return first


def game_before_trick(number: int) -> CallBreakGame:
    """The example replayed up to the start of trick ``number``."""
    game = CallBreakGame(CallBreakRules(), NAMES, None)
    game.choose_first_dealer(FirstDealer(3))
    hands = deal()["hands"]
    game.deal(DealCards(tuple(parse_cards(hand) for hand in hands)))  # type: ignore[arg-type]
    for seat, call in enumerate(deal()["bids"]):
        game.bid(seat, call)  # type: ignore[arg-type]
    for code in deal()["plays"][: 4 * (number - 1)]:
        game.play(game.turn, Card.parse(code))  # type: ignore[arg-type]
    return game


def play_until(game: CallBreakGame, seat: int, trick: int) -> None:
    plays = deal()["plays"]
    while game.turn != seat:
        game.play(game.turn, Card.parse(plays[len(game.log) - 6]))  # type: ignore[arg-type]
    assert len(game.completed_tricks()) == trick - 1


def test_the_hands_table_matches_the_record() -> None:
    rows = re.findall(r"^\| (\d) (\w+) \| (.*?) \| (.*?) \| (.*?) \| (.*?) \|$", DOC, re.M)
    assert [name for _, name, *_ in rows] == list(NAMES)
    for seat, (_, _, *suits) in enumerate(rows):
        shown = {
            rank + letter
            for ranks, letter in zip(suits, "SHCD", strict=True)
            for rank in ranks.split() if rank != "—"
        }
        assert shown == set(deal()["hands"][seat])  # type: ignore[arg-type]


def test_deepa_deals_asha_calls_first_and_the_calls_need_no_hook() -> None:
    game = game_before_trick(1)
    assert game.dealer == 3 and game.trick_leader() == 0
    assert game.bids() == (4, 2, 1, 2) and sum(game.bids()) == 9  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("trick", "seat", "allowed"),
    [
        (1, 1, {"KS"}),  # Bikram has no heart: he must trump
        (1, 2, {"KH", "QH", "9H", "8H", "6H"}),  # a spade is winning: any heart
        (4, 0, {"JS", "AS"}),  # Asha must overtrump Deepa's 6♠
        (6, 1, {"AC"}),  # Bikram must head the trick with A♣
        (7, 3, {"QS"}),  # Deepa must overtrump 10♠ with her only higher spade
        (7, 0, {"5S", "3S", "2S", "5H", "4H", "3H", "2H"}),  # Asha cannot: any card
    ],
)
def test_the_card_rules_at_each_step_the_text_explains(
    trick: int, seat: int, allowed: set[str]
) -> None:
    game = game_before_trick(trick)
    play_until(game, seat, trick)
    assert {card.code for card in game.legal_cards(seat)} == allowed


def test_the_tricks_and_scores() -> None:
    game = game_from_record(doc_record())
    assert isinstance(game, CallBreakGame)
    result = game.results()[0]
    assert [t.winner for t in result.trick_list[:7]] == [1, 1, 1, 0, 0, 1, 3]
    assert result.trick_list[0].winning_card == Card.parse("KS")
    assert result.trick_list[3].winning_card == Card.parse("JS")
    assert result.tricks == (3, 4, 3, 3)
    assert [points(score) for score in result.scores] == [-4, 2.2, 1.2, 2.1]
    summary = replay_summary(game)
    assert summary["totals"] == [-4, 2.2, 1.2, 2.1]
    assert json.dumps(summary["deals"][0]["scores"]) == "[-4, 2.2, 1.2, 2.1]"


def test_every_rules_option_is_in_the_options_table() -> None:
    table = DOC.split("## Options", 1)[1].split("\n\n**Not an option", 1)[0]
    for field in CallBreakRules.model_fields:
        assert f"| `{field}` | " in table
