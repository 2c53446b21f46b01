"""``kachuful play --game callbreak``: whole terminal games through in-memory streams."""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cli import play as play_command
from cli.callbreak_play import CallBreakOptions, CallBreakSession
from cli.terminal_io import Console
from engine.callbreak import CallBreakGame, CallBreakRules, points_text
from engine.record import load_record

CALL_PROMPT = re.compile(r"Your call \((?:only (\d+)|(\d+) to \d+)\): $")
CARD_PROMPT = re.compile(r"Your card \(1(?: or 2| to \d+)?\): $")
SCRIPT = Path(sys.executable).with_name("kachuful")


class Answers:
    """Answers each prompt: the lowest call, the first legal card, or ``wrong`` first."""

    def __init__(self, screen: io.StringIO, wrong: list[str] | None = None) -> None:
        self.screen = screen
        self.wrong = list(wrong or [])
        self.prompts: list[str] = []

    def readline(self) -> str:
        text = self.screen.getvalue()
        prompt = text[text.rfind("\n") + 1 :]
        self.prompts.append(prompt)
        if self.wrong:
            return self.wrong.pop(0) + "\n"
        call = CALL_PROMPT.match(prompt)
        if call:
            return (call.group(1) or call.group(2)) + "\n"
        assert CARD_PROMPT.match(prompt), f"unexpected prompt {prompt!r}"
        return "1\n"


def play(
    rules: CallBreakRules, players: int = 4, level: str = "medium", wrong: list[str] | None = None
) -> tuple[CallBreakSession, Answers, str, int]:
    screen = io.StringIO()
    answers = Answers(screen, wrong)
    options = CallBreakOptions(players, level, rules, "You", 7)
    session = CallBreakSession(options, Console(screen, answers, io.StringIO()))
    status = session.run()
    return session, answers, screen.getvalue(), status


@pytest.mark.parametrize(("players", "level"), [(4, "medium"), (3, "easy"), (5, "hard")])
def test_a_whole_game_is_played_to_the_end(players: int, level: str) -> None:
    session, answers, screen, status = play(CallBreakRules(deals=2), players, level)
    game = session.game
    assert status == 0 and game.is_over
    assert len(game.results()) == 2
    assert all(CALL_PROMPT.match(p) or CARD_PROMPT.match(p) for p in answers.prompts)
    for seat, total in enumerate(game.totals()):
        assert f"{game.players[seat]}" in screen and points_text(total) in screen
    assert "kachuful play --game callbreak --seed 7" in screen


def test_the_person_is_offered_only_legal_cards_and_scores_show_one_decimal() -> None:
    session, _, screen, _ = play(CallBreakRules(deals=1))
    result = session.game.results()[0]
    line = next(row for row in screen.splitlines() if row.strip().startswith("You: called"))
    assert line.strip() == (
        f"You: called {result.bids[0]}, took {result.tricks[0]}: "
        f"{points_text(result.scores[0])} (total {points_text(result.totals[0])})"
    )
    assert re.search(r"-?\d+\.\d\b", line)


def test_bad_answers_are_refused_and_asked_again() -> None:
    wrong = ["0", "nine", "99"]
    session, answers, screen, status = play(CallBreakRules(deals=1), wrong=wrong)
    assert status == 0 and session.game.is_over
    assert "Calls run from 1 to 8, not 0" in screen
    assert "'nine' is not a number: call 1 to 8." in screen
    assert answers.prompts[0] == answers.prompts[1] == answers.prompts[3]


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kachuful")
    play_command.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["play", *argv])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--players", "6"), "Call Break needs 3 to 5 players, not 6"),
        (("--level", "reference"), "Call Break's computer levels are easy, medium, hard"),
        (("--set", "max_call=9"), "rules: max_call"),
        (("--set", "hook=false"), "is not a rules option"),
    ],
)
def test_bad_options_exit_2_with_one_line(argv: tuple[str, ...], message: str) -> None:
    errors = io.StringIO()
    status = play_command.play(
        parse("--game", "callbreak", *argv), io.StringIO(""), io.StringIO(), errors
    )
    assert status == 2
    assert errors.getvalue().count("\n") == 1 and message in errors.getvalue()


def test_options_reach_the_rules() -> None:
    args = parse("--game", "callbreak", "--set", "deals=3", "--set", "min_call=2",
                 "--set", "max_call=13", "--set", "must_head=false", "--set", "strict=true")
    from cli.callbreak_start import callbreak_rules

    assert callbreak_rules(args) == CallBreakRules(
        deals=3, min_call=2, max_call=13, must_head=False, strict=True
    )


def test_the_console_script_plays_and_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    answers = "\n".join(["1"] * 200) + "\n"
    result = subprocess.run(
        [str(SCRIPT), "play", "--game", "callbreak", "--seed", "3", "--set", "deals=1",
         "--save", str(path)],
        input=answers, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    game = load_record(path.read_text())
    assert isinstance(game, CallBreakGame) and game.is_over
    assert json.loads(path.read_text())["game"] == "callbreak"
    verified = subprocess.run([str(SCRIPT), "verify", str(path)], capture_output=True,
                              text=True, timeout=60)
    assert verified.returncode == 0 and verified.stdout.startswith("ok: ")
