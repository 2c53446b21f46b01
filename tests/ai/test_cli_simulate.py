"""``kachuful simulate``."""

from __future__ import annotations

import argparse
import json

import pytest

from cli import simulate


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    simulate.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["simulate", *argv])
    status: int = args.func(args)
    return status


def test_plays_games_and_prints_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    status = run(["--players", "3", "--games", "1", "--seats", "medium,reference,easy",
                  "--rules", "short", "--seed", "4"])
    out = capsys.readouterr().out.strip().splitlines()
    assert status == 0
    report = json.loads(out[-1])
    assert [seat["level"] for seat in report["seats"]] == ["medium", "reference", "easy"]
    assert report["seats"][0]["deals"] == 9
    assert any("Mira (medium bot)" in line for line in out)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seats", "hard,wizard,easy,easy"], "unknown level 'wizard'"),
        (["--players", "3", "--seats", "hard,easy"], "--seats names 2 level(s)"),
        (["--rules", "nope"], "no preset called 'nope'"),
        (["--players", "9"], "3 to 7 players"),
        (["--games", "x"], "--games must be a whole number"),
        (["--games", "0"], "--games must be at least 1"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
