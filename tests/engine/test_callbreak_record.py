"""Call Break records: the game is named, old records stay Kachuful, and replay and
verify read both games and refuse what is wrong with one line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import Game, RecordError
from engine.callbreak import CallBreakGame, CallBreakRules
from engine.record import game_from_record, game_to_record, record_to_json
from tests.engine.examples import EXAMPLES

SCRIPT = Path(sys.executable).with_name("kachuful")
NAMES = ["Asha", "Bikram", "Chandra", "Deepa"]


def finished(rules: CallBreakRules | None = None, seed: int = 4) -> CallBreakGame:
    rng = random.Random(seed)
    game = CallBreakGame(rules or CallBreakRules(deals=2), NAMES, seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), *args], input=stdin, capture_output=True, text=True,
                          timeout=60)


def test_a_record_without_game_is_kachuful_and_game_kachuful_is_accepted() -> None:
    record = json.loads((EXAMPLES / "short-game.json").read_text())
    assert "game" not in record
    assert isinstance(game_from_record(record), Game)
    again = game_from_record(record | {"game": "kachuful"})
    assert isinstance(again, Game) and again.totals() == game_from_record(record).totals()


def test_the_record_names_the_game_and_keeps_only_changed_rules() -> None:
    game = finished(CallBreakRules(deals=2, must_head=False))
    record = game_to_record(game)
    assert list(record)[:3] == ["format", "game", "players"]
    assert record["game"] == "callbreak"
    assert record["rules"] == {"deals": 2, "must_head": False}
    assert [len(deal["bids"]) for deal in record["deals"]] == [4, 4]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "spades"}, '"game" must be one of kachuful, callbreak'),
        ({"rules": {"hook": False}}, "rules: hook is not a rules option"),
        ({"rules": {"max_call": 9}}, "rules: max_call"),
        ({"players": ["A", "B"]}, "Call Break needs 3 to 5 players, not 2"),
    ],
)
def test_bad_records_are_one_readable_error(change: dict[str, Any], message: str) -> None:
    record = game_to_record(finished()) | change
    record.pop("commitment")
    record.pop("chance_version")
    with pytest.raises(RecordError) as caught:
        game_from_record(record)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_score_only_deal_among_dealt_ones_is_refused() -> None:
    record = game_to_record(finished())
    record["deals"][1] = {"bids": [1, 1, 1, 1], "tricks": [4, 3, 3, 3]}
    with pytest.raises(RecordError, match=r"all dealt .* or all counted at the table"):
        game_from_record(record)


def test_replay_prints_scores_as_json_numbers_and_refuses_an_illegal_call() -> None:
    game = finished(seed=9)
    text = record_to_json(game_to_record(game))
    result = run("replay", "-", stdin=text)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["game"] == "callbreak" and summary["complete"] is True
    for deal, played in zip(summary["deals"], game.results(), strict=True):
        assert [round(score * 10) for score in deal["scores"]] == list(played.scores)
        assert all(isinstance(score, int | float) for score in deal["scores"])
    bad = json.loads(text)
    bad["deals"][0]["bids"][0] = 9
    result = run("replay", "-", stdin=json.dumps(bad))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == ["error: deal 1, seat 0: Calls run from 1 to 8, not 9"]


def test_verify_checks_a_finished_call_break_game_and_its_seed(tmp_path: Path) -> None:
    game = finished(seed=12)
    path = tmp_path / "game.json"
    path.write_text(record_to_json(game_to_record(game, include_seed=True)))
    result = run("verify", str(path))
    assert result.returncode == 0 and result.stdout.startswith("ok: ")
    tampered = json.loads(path.read_text())
    hands = tampered["deals"][0]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    path.write_text(json.dumps(tampered))
    result = run("verify", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith("error: deal 1: these cards are not the ones")
