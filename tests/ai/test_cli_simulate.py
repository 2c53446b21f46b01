"""``kachuful simulate``."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

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


EASY_TABLE = ["--players", "3", "--seats", "easy,easy,medium", "--rules", "short"]


def test_the_text_numbers_seats_as_the_json_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([*EASY_TABLE, "--games", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    in_text = [
        (int(found.group(1)), found.group(2))
        for line in out
        if (found := re.search(r" — seat (\d+), (\w+)$", line))
    ]
    in_json = [(seat["seat"], seat["level"]) for seat in json.loads(out[-1])["seats"]]
    assert in_text == in_json == [(0, "easy"), (1, "easy"), (2, "medium")]


def test_off_a_terminal_progress_is_a_plain_line_every_tenth(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run([*EASY_TABLE, "--games", "20"]) == 0
    err = capsys.readouterr().err
    assert "\r" not in err
    done = [re.fullmatch(r"(\d+)/20 games, \d+ s", line) for line in err.splitlines()]
    assert all(done), err
    assert [int(line.group(1)) for line in done if line] == list(range(2, 21, 2))


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_progress_is_one_redrawn_bar(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert run([*EASY_TABLE, "--games", "6"]) == 0
    shown = terminal.getvalue()
    assert shown.count("\r[") == 6 and shown.count("\n") == 1 and shown.endswith("\n")
    assert "] 6/6 games" in shown.splitlines()[-1].split("\r")[-1]


def test_short_runs_show_no_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([*EASY_TABLE, "--games", str(simulate.PROGRESS_FROM - 1)]) == 0
    assert capsys.readouterr().err == ""


def test_help_shows_every_default(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for shown in ("players at the table (default: 4)", "games to play (default: 10)",
                  "(default: classic)", "deals and players (default: 1)",
                  "(default: hard,medium,reference,easy repeated"):
        assert shown in help_text


def test_a_reader_that_went_away_is_no_traceback() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write to the pipe now fails
    try:
        result = subprocess.run(
            [str(Path(sys.executable).with_name("kachuful")), "simulate", *EASY_TABLE,
             "--games", "1"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert result.returncode == 1
    assert result.stderr == ""
