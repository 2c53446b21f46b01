"""Game records: writing, reading, and every kind of bad record."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine import Game, RecordError, Rules
from engine.record import (
    game_from_record,
    game_to_record,
    load_record,
    record_to_json,
    replay_summary,
)
from tests.engine.examples import (
    EXAMPLES,
    short_game,
    short_game_record,
    worked_example_record,
)


def test_shipped_examples_are_the_golden_play_throughs() -> None:
    assert json.loads((EXAMPLES / "short-game.json").read_text()) == short_game_record()
    assert json.loads((EXAMPLES / "worked-example.json").read_text()) == worked_example_record()


def test_worked_example_summary() -> None:
    summary = replay_summary(game_from_record(worked_example_record()))
    assert summary["complete"] is False
    assert "winners" not in summary
    deal = summary["deals"][2]
    assert deal == {
        "number": 3,
        "hand_size": 3,
        "trump": "C",
        "dealer": 3,
        "bids": [1, 0, 1, 0],
        "tricks": [1, 1, 1, 0],
        "trick_winners": [1, 2, 0],
        "scores": [11, 0, 11, 10],
        "totals": deal["totals"],
    }
    before = summary["deals"][1]["totals"]
    assert deal["totals"] == [t + s for t, s in zip(before, [11, 0, 11, 10], strict=True)]
    assert summary["totals"] == deal["totals"]


def test_complete_game_summary_names_the_winners() -> None:
    game = short_game()
    summary = replay_summary(game_from_record(short_game_record()))
    assert summary["complete"] is True
    assert summary["totals"] == list(game.totals())
    best = max(game.totals())
    assert summary["winners"] == [s for s, t in enumerate(game.totals()) if t == best]
    assert [d["number"] for d in summary["deals"]] == list(range(1, 10))


def test_rules_hold_only_changes_and_missing_means_default() -> None:
    record = worked_example_record()
    assert record["rules"] == {"max_hand": 5}
    record["rules"] = {"max_hand": 5, "hook": True, "scoring": "classic"}
    assert game_from_record(record).rules == Rules(max_hand=5)


def test_record_round_trips_through_json_text() -> None:
    record = short_game_record()
    game = load_record(record_to_json(record))
    assert game_to_record(game)["deals"] == record["deals"]


def test_unfinished_last_deal_is_fine() -> None:
    record = worked_example_record()
    last = record["deals"][2]
    last["plays"] = last["plays"][:5]
    game = game_from_record(record)
    assert game.deal_number == 3 and len(game.current_trick()) == 1
    last["plays"] = []
    last["bids"] = [1, 0, None, None]
    game = game_from_record(record)
    assert game.turn == 2


def test_seed_check_matches_a_seeded_record_and_catches_tampering() -> None:
    record = short_game_record()
    assert game_from_record(record, check_seed=True).totals() == short_game().totals()
    tampered = copy.deepcopy(record)
    hands = tampered["deals"][0]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    with pytest.raises(RecordError):
        game_from_record(tampered, check_seed=True)


def _bad(mutate: Any) -> dict[str, Any]:
    record = worked_example_record()
    mutate(record)
    return record


def _set(path: list[Any], value: Any) -> Any:
    def mutate(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


BAD_RECORDS = {
    "unknown card": (_set(["deals", 2, "hands", 1, 0], "ZZ"), 3, 1, "unknown card"),
    "wrong hand size": (_set(["deals", 2, "hands", 0], ["KH", "AS"]), 3, 0, "2 cards"),
    "dealt twice": (_set(["deals", 2, "hands", 3, 0], "AH"), 3, 3, "dealt twice"),
    "not in hand": (_set(["deals", 2, "plays", 0], "QC"), 3, 0, "not in their hand"),
    "bid out of range": (_set(["deals", 2, "bids", 0], 4), 3, 0, "0 to 3"),
    "hooked dealer": (_set(["deals", 2, "bids", 3], 1), 3, 3, "can't bid 1"),
    "revoke": (_set(["deals", 2, "plays", 2], "6S"), 3, 2, "revoke"),
}


@pytest.mark.parametrize("name", BAD_RECORDS)
def test_bad_records_name_the_deal_and_seat(name: str) -> None:
    mutate, deal, seat, reason = BAD_RECORDS[name]
    with pytest.raises(RecordError) as error:
        game_from_record(_bad(mutate))
    assert error.value.deal == deal
    assert error.value.seat == seat
    assert reason in error.value.reason
    assert str(error.value).startswith(f"deal {deal}, seat {seat}: ")


def test_too_many_deals() -> None:
    record = short_game_record()
    record["deals"].append(record["deals"][-1])
    with pytest.raises(RecordError) as error:
        game_from_record(record)
    assert error.value.deal == 10 and "too many deals" in str(error.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "malformed JSON"),
        ("[1, 2]", "JSON object"),
        ('{"format": "something-else"}', "kachuful-record/1"),
        ('{"format": "kachuful-record/1", "players": ["A", "B"], "first_dealer": 0}', "3 to 7"),
        ('{"format": "kachuful-record/1", "players": ["A","B","C"], "first_dealer": 5}', "seat"),
        ('{"format": "kachuful-record/1", "players": ["A","B","C"], "first_dealer": 0,'
         ' "rules": {"scoring": "poker"}}', "scoring"),
    ],
)
def test_malformed_records(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load_record(text)


def test_a_deal_after_an_unfinished_one_is_refused() -> None:
    record = worked_example_record()
    record["deals"][0]["plays"] = record["deals"][0]["plays"][:3]
    with pytest.raises(RecordError) as error:
        game_from_record(record)
    assert error.value.deal == 2


def test_record_of_a_seeded_game_keeps_the_seed_secret_unless_asked() -> None:
    game = Game(Rules(), ["A", "B", "C"], 5)
    record = game_to_record(game)
    assert "seed" not in record and record["commitment"] == game.commitment
    assert game_to_record(game, include_seed=True)["seed"] == (5).to_bytes(32, "big").hex()
