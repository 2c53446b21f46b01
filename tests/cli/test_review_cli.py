"""``kachuful review`` through the installed console script."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ai.review import review_deal
from tests.engine.examples import EXAMPLES, short_game

SCRIPT = Path(sys.executable).with_name("kachuful")
SHORT = str(EXAMPLES / "short-game.json")


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), "review", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_one_deal_as_json_matches_the_library() -> None:
    result = run(SHORT, "--seat", "1", "--deal", "3", "--json")
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    review = review_deal(short_game(), 3, 1)
    assert printed["verdict"] == review.verdict
    assert printed["bid"]["best_bid"] == review.bid.best_bid
    assert printed["bid"]["bid"] == short_game().results()[2].bids[1]
    assert len(printed["bid"]["trick_chances"]) == review.hand_size + 1


def test_one_deal_as_text() -> None:
    result = run(SHORT, "--seat", "0", "--deal", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Deal 2 · Asha")
    assert "Verdict: " in result.stdout and "Expected points per bid: " in result.stdout


def test_the_whole_game_from_standard_input() -> None:
    result = run("-", "--seat", "2", "--json", stdin=Path(SHORT).read_text())
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    assert len(printed["deals"]) == len(short_game().results())
    assert printed["summary"].startswith("bids within 1 point of the best")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((SHORT, "--seat", "7"), "error: there is no seat 7"),
        ((SHORT, "--seat", "0", "--deal", "42"), "error: there is no deal 42"),
        ((str(EXAMPLES / "worked-example.json"), "--seat", "0", "--deal", "4"),
         "error: deal 4 is not finished"),
        (("/nonexistent/record.json", "--seat", "0"), "error: cannot read"),
    ],
)
def test_bad_requests_exit_2_with_one_line(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1


def test_a_bad_record_exits_2() -> None:
    result = run("-", "--seat", "0", stdin='{"format": "kachuful-record/1", "players": 3}')
    assert result.returncode == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


def test_one_deal_as_text_in_hindi() -> None:
    result = run(SHORT, "--seat", "0", "--deal", "2", "--language", "hi")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("बाज़ी 2 · Asha")
    assert "नतीजा: " in result.stdout and "Verdict" not in result.stdout


def test_a_reader_that_goes_away_ends_it_quietly() -> None:
    # ``kachuful review … | head -1``: the reader has closed the pipe before the
    # review is written; no traceback, the shell's status for such a pipe.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [str(SCRIPT), "review", SHORT, "--seat", "0", "--deal", "2"],
            stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=300,
        )
    finally:
        os.close(write_end)
    assert result.returncode == 141
    assert result.stderr == ""
