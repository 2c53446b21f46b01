"""``kachuful play``: whole terminal games driven through in-memory streams.

A scripted player (:class:`ScriptedInput`) reads the prompt the game just wrote
and answers it, by default with the first legal choice; tests add bad answers in
front of good ones and check that the game did not move.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ai.factory import LEVELS as AI_LEVELS
from cli import play as play_command
from cli.play_session import PlayOptions, PlaySession
from cli.terminal_io import Console, colour_wanted, paint
from cli.terminal_scores import standings_lines
from cli.terminal_table import WIDTH, Seating, bid_choices, hand_order
from engine import Card, Game, GameOver, Suit, preset_rules
from engine.rules import Rules
from engine.scoring import score_function, standings

REPO = Path(__file__).resolve().parents[2]

# --- driving a game ------------------------------------------------------------------

BID_PROMPT = re.compile(r"Your (?:blind )?bid \((?:only (\d+)|(\d+) to \d+(?:, not (\d+))?)\): $")
CARD_PROMPT = re.compile(r"Your card \(1(?: or 2| to \d+)?\): $")
HIDDEN_PROMPT = "Press Enter to play your hidden card: "
BLIND_PROMPT = "Bid blind? [y/N] "

Answer = Callable[[str, str], str | None]
"""A hook that may answer a prompt itself: (prompt, screen so far) -> answer or None."""


class ScriptedInput:
    """Answers each prompt the game writes to ``screen``; records what it saw."""

    def __init__(
        self,
        screen: io.StringIO,
        *,
        blind: bool = False,
        hook: Answer | None = None,
        stop_after: int | None = None,
    ) -> None:
        self.screen = screen
        self.blind = blind
        self.hook = hook
        self.stop_after = stop_after
        self.prompts: list[str] = []
        self.game: Game | None = None
        self.moves_at_prompt: list[int] = []
        self.hook_answered: list[int] = []
        """Indices of the prompts the hook answered."""

    def readline(self) -> str:
        text = self.screen.getvalue()
        prompt = text[text.rfind("\n") + 1 :]
        self.prompts.append(prompt)
        if self.game is not None:
            self.moves_at_prompt.append(self.game.action_count)
        if self.stop_after is not None and len(self.prompts) > self.stop_after:
            return ""  # end of input
        if self.hook is not None:
            answer = self.hook(prompt, text)
            if answer is not None:
                self.hook_answered.append(len(self.prompts) - 1)
                return answer + "\n"
        return first_legal(prompt, self.blind) + "\n"


def first_legal(prompt: str, blind: bool = False) -> str:
    bid = BID_PROMPT.match(prompt)
    if bid:
        return bid.group(1) or bid.group(2)
    if CARD_PROMPT.match(prompt):
        return "1"
    if prompt == HIDDEN_PROMPT:
        return ""
    if prompt == BLIND_PROMPT:
        return "y" if blind else "n"
    raise AssertionError(f"unexpected prompt {prompt!r}")


def options(
    rules: Rules | None = None,
    players: int = 3,
    level: str = "medium",
    seed: int | None = 7,
    name: str = "You",
    pace: float = 0.0,
) -> PlayOptions:
    rules = preset_rules("short") if rules is None else rules
    return PlayOptions(players, level, rules, "test", name, seed, pace)


def session(
    opts: PlayOptions,
    *,
    blind: bool = False,
    hook: Answer | None = None,
    stop_after: int | None = None,
) -> tuple[PlaySession, ScriptedInput, io.StringIO, io.StringIO]:
    screen, errors = io.StringIO(), io.StringIO()
    answers = ScriptedInput(screen, blind=blind, hook=hook, stop_after=stop_after)
    game_session = PlaySession(opts, Console(screen, answers, errors))
    answers.game = game_session.game
    return game_session, answers, screen, errors


def final_standings(screen: str) -> dict[str, tuple[int, int]]:
    """name -> (place, total) from the printed final standings."""
    block = screen[screen.rindex("Final standings") :].splitlines()[1:]
    rows = {}
    for line in block:
        row = re.match(r"\s+(\d+)\. (.+?)\s+(-?\d+)(  winner)?$", line)
        if not row:
            break
        rows[row.group(2)] = (int(row.group(1)), int(row.group(3)))
    return rows


def parse_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="kachuful")
    play_command.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["play", *argv])


# --- whole games ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "deals"), [("short", 3, 9), ("classic", 4, 25), ("one-to-seven", 5, 13)]
)
def test_whole_game_standings_match_the_engine(preset: str, players: int, deals: int) -> None:
    game_session, answers, screen, errors = session(
        options(rules=preset_rules(preset), players=players)
    )
    assert game_session.run() == 0
    game = game_session.game
    assert game.is_over and len(game.results()) == deals
    places, winners = game.standings()
    shown = final_standings(screen.getvalue())
    assert shown == {
        name: (places[seat], game.totals()[seat]) for seat, name in enumerate(game.players)
    }
    winner_names = [game.players[seat] for seat in winners]
    assert all(name in screen.getvalue().splitlines()[-4] for name in winner_names)
    assert errors.getvalue() == ""
    # Every prompt was a bid or a card, and the person answered every deal.
    assert sum(1 for p in answers.prompts if BID_PROMPT.match(p)) == game.deal_count


def test_score_tables_after_each_deal_match_the_results() -> None:
    game_session, _, screen, _ = session(
        options(rules=preset_rules("judgement").model_copy(update={"max_hand": 4}))
    )
    assert game_session.run() == 0
    text = screen.getvalue()
    results = game_session.game.results()
    for result in results:
        start = text.index(f"Scores after deal {result.number} of {len(results)}")
        rows = text[start:].splitlines()[2 : 2 + len(game_session.game.players)]
        for seat, row in enumerate(rows):
            fields = row.split()
            mark = "✓" if result.hits[seat] else "✗"
            points = f"{result.scores[seat]:+d}" if result.scores[seat] else "0"
            assert fields[-4:] == [
                f"{result.tricks[seat]}/{result.bids[seat]}",  # won/bid, as in the pictures
                mark,
                points,
                str(result.totals[seat]),
            ]


CARD_LABEL = re.compile(r"(?:10|[2-9JQKA])[♠♦♣♥]")
TRUMP_IN_STATUS = re.compile(r"Deal \d+ of \d+ · \d+ cards? · (?:trump (.)|no trump)")


def test_the_hand_is_sorted_trump_first_with_only_legal_cards_numbered() -> None:
    holder: list[PlaySession] = []
    checked = {"prompts": 0, "partly_legal": 0}

    def check_hand(prompt: str, screen: str) -> str | None:
        if not CARD_PROMPT.match(prompt):
            return None
        game = holder[0].game
        block = screen[screen.rindex("Your hand (") :].splitlines()[1:-1]
        shown = [Card.parse(label) for label in CARD_LABEL.findall("\n".join(block))]
        trump_symbol = TRUMP_IN_STATUS.findall(screen)[-1]
        trump = Suit.parse(trump_symbol) if trump_symbol else None
        assert shown == list(hand_order(game.hand(0), trump))
        if trump is not None and any(card.suit == trump for card in shown):
            assert shown[0].suit == trump and block[0].lstrip().startswith(f"{trump} trump")
        numbered = re.findall(r"\[(\d+)\] (\S+)", "\n".join(block))
        assert [int(number) for number, _ in numbered] == list(range(1, len(numbered) + 1))
        assert [Card.parse(label) for _, label in numbered] == [
            card for card in shown if card in game.legal_cards(0)
        ]
        checked["prompts"] += 1
        checked["partly_legal"] += len(numbered) < len(shown)
        return None

    game_session, _, _, _ = session(options(players=4), hook=check_hand)
    holder.append(game_session)
    assert game_session.run() == 0
    assert checked["prompts"] == sum(r.hand_size for r in game_session.game.results())
    assert checked["partly_legal"] > 0  # some prompts had to follow suit


def test_same_seed_and_answers_give_the_same_game() -> None:
    first, _, screen_one, _ = session(options(players=4))
    second, _, screen_two, _ = session(options(players=4))
    assert first.run() == second.run() == 0
    assert first.game.player_actions() == second.game.player_actions()
    assert screen_one.getvalue() == screen_two.getvalue()


def test_every_line_fits_in_80_columns_with_seven_players_and_long_names() -> None:
    game_session, _, screen, _ = session(
        options(
            rules=Rules(max_hand=3),
            players=7,
            level="reference",
            name="Bartholomew Q Jones",
        )
    )
    assert game_session.run() == 0
    long_lines = [line for line in screen.getvalue().splitlines() if len(line) > WIDTH]
    assert long_lines == []


# --- rules options that need the person's input ------------------------------------------


def test_blind_bids_are_offered_and_score_double() -> None:
    rules = preset_rules("short").model_copy(update={"blind_bids": True})
    game_session, answers, screen, _ = session(options(rules=rules), blind=True)
    assert game_session.run() == 0
    game = game_session.game
    assert answers.prompts.count(BLIND_PROMPT) == game.deal_count
    assert all(result.blind[0] for result in game.results())
    assert "blind bid: an exact blind bid scores double" in screen.getvalue()
    # The hand is shown only after the blind bid, never between the question and it.
    text = screen.getvalue()
    question = text.index(BLIND_PROMPT)
    assert "Your hand (" not in text[question : text.index("Your blind bid", question)]
    score = score_function(rules)
    for result in game.results():
        assert result.scores[0] == score(result.bids[0], result.tricks[0], result.hand_size, True)
    assert final_standings(text)["You"][1] == game.totals()[0]


def test_looking_first_is_the_default_answer_to_the_blind_question() -> None:
    rules = preset_rules("short").model_copy(update={"blind_bids": True})
    game_session, _, _, _ = session(options(rules=rules), blind=False)
    assert game_session.run() == 0
    assert not any(result.blind[0] for result in game_session.game.results())


def test_simultaneous_bidding_hides_bids_until_all_are_in() -> None:
    rules = Rules.from_options({"bidding": "simultaneous", "hook": False}, "short")
    game_session, _, screen, _ = session(options(rules=rules, players=4))
    assert game_session.run() == 0
    text = screen.getvalue()
    game = game_session.game
    assert text.count("All bids are in:") == game.deal_count
    assert "has bid (hidden until everyone has bid)" in text
    assert text.count("everyone bids at once.") == game.deal_count
    # The person bids first each deal: before any other bid of that deal is visible.
    for start in [m.start() for m in re.finditer(r"━━ Deal", text)]:
        before = text[start : text.index("Your bid (", start)]
        assert "has bid" not in before and not re.search(r"bids \d", before)
    assert final_standings(text)["You"][1] == game.totals()[0]


def test_one_card_blind_deal_shows_the_others_cards_and_plays_yours_unseen() -> None:
    rules = preset_rules("short").model_copy(update={"one_card_blind": True})
    wrong = iter(["x"])
    game_session, answers, screen, _ = session(
        options(rules=rules),
        hook=lambda prompt, _: next(wrong, None) if prompt == HIDDEN_PROMPT else None,
    )
    assert game_session.run() == 0
    # One one-card deal in "short"; the wrong answer was asked again.
    assert answers.prompts.count(HIDDEN_PROMPT) == 2
    text = screen.getvalue()
    assert "Just press Enter to play your card (or q to quit)." in text
    others = text[text.index("One-card blind deal") :].splitlines()[1]
    game = game_session.game
    one_card = next(r for r in game.results() if r.hand_size == 1)
    for seat in (1, 2):
        assert f"{game.players[seat]} {one_card.hands[seat][0]}" in others
    assert str(one_card.hands[0][0]) not in others


def test_turn_up_trump_names_the_turned_card() -> None:
    game_session, _, screen, _ = session(
        options(rules=Rules.from_options({"max_hand": 3}, "oh-hell"))
    )
    assert game_session.run() == 0
    for result in game_session.game.results():
        assert result.turn_up is not None
        assert f"trump {result.turn_up.suit} (turned up {result.turn_up})" in screen.getvalue()


def test_the_hooked_dealer_sees_the_forbidden_bid() -> None:
    hooked: list[str] = []
    state = {"retrying": False}

    def try_the_hook(prompt: str, screen: str) -> str | None:
        bid = BID_PROMPT.match(prompt)
        if state["retrying"]:
            state["retrying"] = False
            return None
        if bid and bid.group(3):
            hooked.append(bid.group(3))
            state["retrying"] = True
            return bid.group(3)
        return None

    game_session, _, screen, _ = session(options(), hook=try_the_hook)
    assert game_session.run() == 0
    assert hooked
    text = screen.getvalue()
    assert text.count("You are the dealer and may not bid") >= len(hooked)
    for forbidden in hooked:
        assert f"You are the dealer and can't bid {forbidden}: the bids would total" in text
    assert all(len(line) <= WIDTH for line in text.splitlines())  # long reasons are wrapped
    # The dealer never ended up with the forbidden number.
    dealt = [r for r in game_session.game.results() if r.dealer == 0]
    assert all(r.bids[0] != r.forbidden_bid(True) for r in dealt)


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
        "import sys; from tests.cli.test_play import parse_args; from cli.play import run; "
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
