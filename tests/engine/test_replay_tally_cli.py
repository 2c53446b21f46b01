"""``kachuful replay`` on score-only records, through the installed console script."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.engine.test_replay_cli import run

PLAYERS = ["Asha", "Bikram", "Chandra", "Deepa"]


def record(*deals: dict[str, Any], **rules: Any) -> str:
    return json.dumps(
        {"format": "kachuful-record/1", "players": PLAYERS, "rules": {"max_hand": 3, **rules},
         "first_dealer": 1, "deals": list(deals)}
    )


def test_a_whole_score_only_game_replays_to_its_winner(tmp_path: Path) -> None:
    # max_hand 3, schedule down: deals of 3, 2 and 1 cards dealt by Bikram, Chandra, Deepa.
    path = tmp_path / "pad.json"
    path.write_text(record(
        {"bids": [0, 1, 2, 1], "tricks": [0, 1, 2, 0]},
        {"bids": [1, 0, 0, 0], "tricks": [1, 1, 0, 0], "revokes": [True, False, False, False]},
        {"bids": [0, 0, 1, 1], "tricks": [0, 0, 1, 0]},
        schedule="down",
    ))
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["complete"] is True
    assert [deal["scores"] for deal in summary["deals"]] == [
        [10, 11, 12, 0], [0, 0, 10, 10], [10, 10, 11, 0]
    ]
    assert summary["totals"] == [20, 21, 33, 10]
    assert summary["winners"] == [2]


@pytest.mark.parametrize(
    ("deal", "line"),
    [
        ({"bids": [0, 0, 2, 1], "tricks": [0, 1, 2, 0]},
         "error: deal 1, seat 1: Bikram is the dealer and can't bid 0: the bids would total "
         "3 = the tricks in this deal"),
        ({"bids": [0, 1, 2, 1], "tricks": [0, 1, 1, 0]},
         "error: deal 1: the tricks add up to 2, 1 fewer than the 3 in this deal"),
        ({"bids": [0, 1, 2, 1], "tricks": [0, 1, 2, "x"]},
         "error: deal 1, seat 3: a trick count is a whole number, not 'x'"),
    ],
)
def test_a_bad_score_only_entry_exits_2_with_one_located_line(
    deal: dict[str, Any], line: str
) -> None:
    result = run("replay", "-", stdin=record(deal))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == line


def test_a_blind_bid_in_a_score_only_deal_scores_double_and_needs_blind_rules() -> None:
    deal = {"bids": [0, 1, 2, 1], "blind": [False, True, False, False],
            "tricks": [0, 1, 2, 0]}
    result = run("replay", "-", stdin=record(deal, blind_bids=True))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["deals"][0]["scores"] == [10, 22, 12, 0]
    refused = run("replay", "-", stdin=record(deal))
    assert refused.returncode == 2
    assert refused.stderr.strip() == (
        "error: deal 1, seat 1: Blind bids are not part of these rules")
