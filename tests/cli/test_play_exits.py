"""``kachuful play``: bad answers re-prompt and change nothing, the ways out (quit,
end of input, interrupt), the command's options, and the real terminal path."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from ai.factory import LEVELS as AI_LEVELS
from cli import play as play_command
from cli.play_session import PlaySession
from cli.terminal_io import Console, colour_wanted, paint
from cli.terminal_scores import standings_lines
from cli.terminal_table import Seating, bid_choices
from engine import GameOver
from engine.scoring import standings
from tests.cli.scripted_play import (
    BID_PROMPT,
    CARD_PROMPT,
    REPO,
    ScriptedInput,
    final_standings,
    options,
    parse_args,
    session,
)

# --- bad input -----------------------------------------------------------------------


def test_bad_answers_reprompt_with_a_reason_and_change_nothing() -> None:
    bad_bids = iter(["", "lots", "-1", "99"])
    bad_cards: list[str] = []
    plan = {"cards": iter(["0", "42", "zz", "?", "scores"])}

    def misbehave(prompt: str, screen: str) -> str | None:
        if BID_PROMPT.match(prompt):
            return next(bad_bids, None)
        if CARD_PROMPT.match(prompt):
            answer = next(plan["cards"], None)
            if answer is not None:
                return answer
            hand = screen[screen.rindex("Your hand (") :]
            marked: list[str] = re.findall(r"(?<![\[\w])- (\S+)", hand)
            if marked and not bad_cards:
                bad_cards.append(marked[0])
                return marked[0]  # a card of the hand that may not be played now
            trick_card = re.search(r"(\S+) \(led", screen[screen.rindex("This trick") :])
            if trick_card and len(bad_cards) == 1:
                bad_cards.append(trick_card.group(1))
                return trick_card.group(1)  # a card that is not in the hand
        return None

    game_session, answers, screen, _ = session(options(), hook=misbehave)
    assert game_session.run() == 0
    text = screen.getvalue()
    for reason in (
        "Type a number of tricks: 0 to 5.",
        "'lots' is not a number: bid 0 to 5.",
        "Bids in this deal run from 0 to 5, not -1",
        "Bids in this deal run from 0 to 5, not 99",
        "There is no card 0 to play: choose",
        "There is no card 42 to play: choose",
        "unknown card 'zz'",
        "Type the number shown next to a card",
        "No deal has been scored yet.",
        "You must follow",
        f"{bad_cards[1]} is not in your hand",
    ):
        assert reason in text, reason
    # Every bad answer was followed by the same prompt, with the game where it was.
    assert len(answers.hook_answered) == 4 + 5 + 2
    for index in answers.hook_answered:
        assert answers.prompts[index + 1] == answers.prompts[index]
        assert answers.moves_at_prompt[index + 1] == answers.moves_at_prompt[index]
    assert game_session.game.is_over


def test_quit_leaves_cleanly_with_status_0() -> None:
    game_session, _, screen, errors = session(
        options(), hook=lambda prompt, _: "q" if CARD_PROMPT.match(prompt) else None
    )
    assert game_session.run() == 0
    text = screen.getvalue()
    assert "Goodbye!" in text and "Traceback" not in text
    assert not game_session.game.is_over
    assert errors.getvalue() == ""


def test_end_of_input_exits_with_status_1_and_one_line() -> None:
    game_session, _, _, errors = session(options(), stop_after=6)
    assert game_session.run() == 1
    assert errors.getvalue().count("\n") == 1
    assert errors.getvalue().startswith("Input ended before the game did")
    assert not game_session.game.is_over


def test_interrupt_exits_with_status_130() -> None:
    class Interrupting:
        def readline(self) -> str:
            raise KeyboardInterrupt

    out, err = io.StringIO(), io.StringIO()
    status = play_command.play(parse_args("--seed", "3"), Interrupting(), out, err)
    assert status == 130
    assert err.getvalue() == "Interrupted: goodbye.\n"


# --- the command's options -------------------------------------------------------------


def test_play_function_runs_a_whole_game_from_parsed_options() -> None:
    out, err = io.StringIO(), io.StringIO()
    args = parse_args(
        "--players", "3", "--rules", "short", "--level", "easy", "--seed", "11", "--name", "Asha"
    )
    status = play_command.play(args, ScriptedInput(out), out, err)
    assert status == 0
    text = out.getvalue()
    assert "Final standings after 9 deals:" in text
    assert "Mira (easy bot)" in text and "Asha bids" in text
    assert "\x1b[" not in text  # no colour on a stream that is not a terminal
    assert text.rstrip().endswith("kachuful play --seed 11")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--players", "8"), "add --set allow_eight_players=true"),
        (("--set", "colour=blue"), "colour is not a rules option"),
        (("--set", "bidding=simultaneous"), "set hook to false"),
        (
            ("--rules", "one-to-seven", "--players", "8", "--set", "allow_eight_players=1"),
            "set max_hand to 6 or less",
        ),
    ],
)
def test_options_that_make_no_game_exit_2(argv: tuple[str, ...], message: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert play_command.play(parse_args(*argv), io.StringIO(), out, err) == 2
    assert message in err.getvalue()
    assert out.getvalue() == ""


@pytest.mark.parametrize(
    "argv",
    [
        ("--players", "9"),
        ("--players", "two"),
        ("--level", "genius"),
        ("--rules", "poker"),
        ("--name", ""),
        ("--name", "x" * 21),
        ("--seed", "-4"),
        ("--seed", "abc"),
        ("--pace", "-1"),
        ("--pace", "nan"),
        ("--set", "blind_bids"),
    ],
)
def test_bad_options_are_usage_errors(argv: tuple[str, ...]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse_args(*argv)
    assert exit_info.value.code == 2


def test_eight_players_with_the_rules_option() -> None:
    out = io.StringIO()
    args = parse_args(
        "--players",
        "8",
        "--set",
        "allow_eight_players=true",
        "--set",
        "max_hand=2",
        "--seed",
        "5",
        "--level",
        "reference",
    )
    assert play_command.play(args, ScriptedInput(out), out, io.StringIO()) == 0
    assert len(final_standings(out.getvalue())) == 8


def test_defaults_are_four_players_medium_classic() -> None:
    args = parse_args()
    # No name: "You" in the game's language.
    assert (args.players, args.level, args.rules, args.name, args.seed, args.pace,
            args.language) == (4, "medium", "classic", None, None, 0.0, "en")
    assert args.func is play_command.run


def test_seed_accepts_64_hex_digits() -> None:
    assert parse_args("--seed", "AB" * 32).seed == "ab" * 32
    assert parse_args("--seed", "12").seed == 12


def test_levels_match_the_computer_players() -> None:
    assert set(play_command.LEVELS) == set(AI_LEVELS)


def test_pace_pauses_after_each_computer_move() -> None:
    pauses: list[float] = []
    screen = io.StringIO()
    game_session = PlaySession(
        options(pace=0.25), Console(screen, ScriptedInput(screen), io.StringIO()), pauses.append
    )
    assert game_session.run() == 0
    computer_moves = sum(1 for action in game_session.game.player_actions() if action.seat != 0)
    assert pauses == [0.25] * computer_moves


@pytest.mark.parametrize(
    ("totals", "verdict"),
    [
        ((30, 50, 50), "Mira and Arjun share the win with 50!"),
        ((60, 50, 10), "You win the game!"),
        ((5, 5, 5), "You, Mira and Arjun share the win with 5!"),
    ],
)
def test_final_standings_share_places_and_wins(totals: tuple[int, int, int], verdict: str) -> None:
    places, winners = standings(totals)
    lines = standings_lines(
        GameOver(totals, places, winners), 9, Seating(("You", "Mira", "Arjun"), 0)
    )
    assert lines[-1] == verdict
    shown = final_standings("\n".join(lines))
    assert shown == {
        name: (places[seat], totals[seat]) for seat, name in enumerate(("You", "Mira", "Arjun"))
    }


def test_a_game_without_a_seed_reveals_its_seed_at_the_end() -> None:
    game_session, _, screen, _ = session(options(seed=None))
    assert game_session.run() == 0
    assert game_session.game.seed is not None
    assert screen.getvalue().rstrip().endswith(f"--seed {game_session.game.seed.hex()}")
    assert screen.getvalue().count(game_session.game.seed.hex()) == 1  # not before the end


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert colour_wanted(Terminal())
    assert not colour_wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_wanted(Terminal())


def test_bid_choices_and_colour_helpers() -> None:
    assert bid_choices((0, 1, 2, 3)) == "0 to 3"
    assert bid_choices((0, 1, 3)) == "0 to 3, not 2"
    assert bid_choices((1, 2, 3)) == "1 to 3"
    assert bid_choices((0,)) == "only 0"
    assert paint("K♥ beats 2♠ and 10♦") == "\x1b[31mK♥\x1b[0m beats 2♠ and \x1b[31m10♦\x1b[0m"


# --- the real terminal path (input(), real streams) ------------------------------------


def run_play(stdin: str, *argv: str) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys; from tests.cli.scripted_play import parse_args; from cli.play import run; "
        "sys.exit(run(parse_args(*sys.argv[1:])))"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        env={"PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"},
    )


def test_piped_quit_and_end_of_input_through_a_real_process() -> None:
    quit_run = run_play("q\n", "--seed", "9", "--rules", "short")
    assert quit_run.returncode == 0, quit_run.stderr
    assert "Goodbye!" in quit_run.stdout and quit_run.stderr == ""
    ended = run_play("", "--seed", "9", "--rules", "short")
    assert ended.returncode == 1
    assert ended.stderr.count("\n") == 1 and "Traceback" not in ended.stderr
    assert ended.stderr.startswith("Input ended before the game did")
