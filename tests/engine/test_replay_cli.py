"""``kachuful replay`` through the installed console script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.examples import EXAMPLES, short_game

SCRIPT = Path(sys.executable).with_name("kachuful")


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    assert SCRIPT.exists(), "the kachuful console script is installed with the package"
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_replay_prints_one_json_object() -> None:
    result = run("replay", str(EXAMPLES / "short-game.json"))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["complete"] is True
    assert summary["totals"] == list(short_game().totals())
    assert len(result.stdout.strip().splitlines()) == 1


def test_replay_reads_standard_input() -> None:
    text = (EXAMPLES / "worked-example.json").read_text()
    result = run("replay", "-", stdin=text)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["deals"][2]["scores"] == [11, 0, 11, 10]


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("{oops", "error: malformed JSON"),
        (
            (EXAMPLES / "worked-example.json").read_text().replace('"AH", "7H", "4D"',
                                                                   '"6S", "7H", "4D"'),
            "error: deal 3, seat 2: ",
        ),
    ],
)
def test_bad_records_exit_2_with_one_line_and_no_stdout(text: str, start: str) -> None:
    result = run("replay", "-", stdin=text)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(start)


def test_missing_file_is_a_readable_error(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nope.json"))
    assert result.returncode == 2
    assert result.stderr.startswith("error: cannot read") and result.stdout == ""
