"""``kachuful play``: a whole game in the terminal against computer players.

Answers are read line by line from standard input, so a game can also be piped.
``q`` leaves (status 0), the end of the input before the end of the game exits
with status 1, Ctrl-C with 130. Bad options, and a ``--save`` file that can't be
written, exit with status 2 before the game starts, like argparse.

This module stays light to import (``kachuful`` loads every command's parser);
the game itself, with the computer players, loads only when a game starts.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import unicodedata
from typing import TYPE_CHECKING, Final, TextIO

from cli.help_language import help_words, translated_formatter, translated_help
from engine.errors import KachufulError

if TYPE_CHECKING:
    from cli.terminal_io import LineSource
from engine.rules import PRESETS, Rules
from i18n import DEFAULT_LANGUAGE, LANGUAGES

LEVELS: Final = ("easy", "medium", "hard", "reference")
"""The computer levels of ``ai.factory.LEVELS``, named here so the parser does not
import the computer players (a test keeps the two lists equal)."""
GAMES: Final = ("kachuful", "callbreak")
DEFAULT_PLAYERS: Final = 4
DEFAULT_LEVEL: Final = "medium"
DEFAULT_PRESET: Final = "classic"
DEFAULT_NAME: Final = "You"
MAX_NAME: Final = 20
MAX_PACE: Final = 10.0

EXIT_USAGE: Final = 2


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    # The help speaks the --language of the same command line (cli.help_language).
    words = help_words()
    parser = subparsers.add_parser(
        "play",
        help=words.t("play a game in the terminal against computer players"),
        description=words.t(
            "Play a whole game of Kachuful in the terminal: you and computer players. "
            "Answer each prompt with a number (q quits, ? helps)."
        ),
        formatter_class=translated_formatter(words),
        add_help=False,
    )
    translated_help(parser, words)
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="kachuful",
        help="which game: kachuful, or callbreak (Call Break: 3 to 5 players, levels "
        "easy, medium and hard, --set deals=3, min_call=2, max_call=13, must_head=false, "
        "strict=true) (default kachuful)",
    )
    parser.add_argument(
        "--players",
        type=player_count,
        default=DEFAULT_PLAYERS,
        metavar="N",
        help=words.t("players at the table, you included: 3 to 7, or 8 with "
                     "--set allow_eight_players=true (default {default})",
                     default=DEFAULT_PLAYERS),
    )
    parser.add_argument(
        "--level",
        choices=LEVELS,
        default=DEFAULT_LEVEL,
        help=words.t("how well the computer players play (default {default})",
                     default=DEFAULT_LEVEL),
    )
    parser.add_argument(
        "--rules",
        choices=tuple(PRESETS),
        default=DEFAULT_PRESET,
        metavar="PRESET",
        help=words.t("rules preset: {presets} (default {default})",
                     presets=", ".join(PRESETS), default=DEFAULT_PRESET),
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        type=rules_option,
        dest="options",
        metavar="OPTION=VALUE",
        help=words.t("change one rules option of the preset, e.g. blind_bids=true, "
                     "bidding=simultaneous (with hook=false), one_card_blind=true; "
                     "repeatable"),
    )
    parser.add_argument(
        "--name",
        type=player_name,
        default=None,
        help=words.t("your name at the table (default {default}, in the game's language)",
                     default=repr(DEFAULT_NAME)),
    )
    parser.add_argument(
        "--seed",
        type=game_seed,
        default=None,
        metavar="S",
        help=words.t("deal from this seed (a whole number or 64 hex digits) for a "
                     "reproducible game; by default every game is new"),
    )
    parser.add_argument(
        "--pace",
        type=pace_seconds,
        default=0.0,
        metavar="SECONDS",
        help=words.t("pause after each computer move so you can follow it (default 0)"),
    )
    parser.add_argument(
        "--language",
        choices=tuple(LANGUAGES),
        default=DEFAULT_LANGUAGE,
        help=words.t("the language the game speaks: {languages} (default {default})",
                     languages=", ".join(LANGUAGES), default=DEFAULT_LANGUAGE),
    )
    parser.add_argument(
        "--save",
        type=save_path,
        default=None,
        metavar="FILE",
        help=words.t("write the game's record to FILE: when it ends, with the seed, for "
                     "kachuful verify; if you leave early, the game so far without it"),
    )
    parser.set_defaults(func=run)


# --- option types (argparse turns their ArgumentTypeError into a usage error) ---------


def player_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of players") from None
    if not 3 <= count <= 8:
        raise argparse.ArgumentTypeError(f"Kachuful needs 3 to 8 players, not {count}")
    return count


def rules_option(text: str) -> tuple[str, str]:
    field, sep, value = text.partition("=")
    field = field.strip().replace("-", "_")
    if not sep or not field:
        raise argparse.ArgumentTypeError(
            f"{text!r}: write a rules option as OPTION=VALUE, e.g. blind_bids=true"
        )
    return field, value.strip()


def player_name(text: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise argparse.ArgumentTypeError("your name can't be empty")
    if len(name) > MAX_NAME:
        raise argparse.ArgumentTypeError(f"a name is at most {MAX_NAME} characters")
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise argparse.ArgumentTypeError("a name can't contain control characters")
    return name


def game_seed(text: str) -> int | str:
    cleaned = text.strip()
    if cleaned.isdecimal():
        value = int(cleaned)
        if value.bit_length() <= 256:
            return value
    elif len(cleaned) == 64:
        try:
            bytes.fromhex(cleaned)
        except ValueError:
            pass
        else:
            return cleaned.lower()
    raise argparse.ArgumentTypeError(
        "a seed is a whole number below 2**256, or 64 hexadecimal digits"
    )


def save_path(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("give a file name to save the game to")
    return text


def pace_seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(seconds) or not 0 <= seconds <= MAX_PACE:
        raise argparse.ArgumentTypeError(f"the pace is 0 to {MAX_PACE:g} seconds")
    return seconds


# --- running ------------------------------------------------------------------------


class UsageError(Exception):
    """Options that parse but make no game (e.g. 8 players without the rules option)."""


def game_rules(preset: str, options: list[tuple[str, str]]) -> tuple[Rules, str]:
    """The rules and a label saying how they were chosen."""
    changes: dict[str, object] = {
        field: None if value.lower() in ("none", "null") else value for field, value in options
    }
    try:
        rules = Rules.from_options(changes, preset)
    except KachufulError as exc:
        raise UsageError(f"rules: {exc}") from None
    label = ", ".join([preset, *(f"{field}={value}" for field, value in options)])
    return rules, label


def seat_players(rules: Rules, players: int) -> None:
    """Raise :class:`UsageError` when the rules can't seat ``players``."""
    if players > rules.max_players():
        raise UsageError(
            f"{players} players need the rules option: add --set allow_eight_players=true"
        )
    try:
        rules.check_players(players)
    except KachufulError as exc:
        raise UsageError(f"rules: {exc}") from None


def run(args: argparse.Namespace) -> int:
    """The console entry point: the real terminal."""
    try:
        return play(args)
    except BrokenPipeError:
        # The reader went away (``kachuful play | head``): stop quietly, and keep
        # Python from complaining when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def play(
    args: argparse.Namespace,
    stdin: LineSource | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Play a game with ``args`` from :func:`add_parser`; returns the exit status.

    Streams default to the process's own; with ``stdin=None`` answers are read with
    :func:`input`. Tests pass in-memory streams.
    """
    from cli.play_record import run_and_save
    from cli.play_session import PlayOptions, PlaySession
    from cli.terminal_io import Console, colour_wanted
    from i18n import words_for

    words = words_for(args.language)
    output = sys.stdout if stdout is None else stdout
    errors = sys.stderr if stderr is None else stderr
    if getattr(args, "game", "kachuful") == "callbreak":
        from cli.callbreak_start import play_callbreak

        return play_callbreak(args, stdin, output, errors)
    try:
        rules, label = game_rules(args.rules, args.options)
        seat_players(rules, args.players)
    except UsageError as exc:
        print(f"error: {exc}", file=errors)
        return EXIT_USAGE
    options = PlayOptions(
        players=args.players,
        level=args.level,
        rules=rules,
        rules_label=label,
        # "You", in the game's language: the lines then read "You play", "आप चलते हैं".
        name=args.name or words.t(DEFAULT_NAME),
        seed=args.seed,
        pace=args.pace,
        language=args.language,
    )
    console = Console(output, stdin, errors, colour=stdout is None and colour_wanted(output))
    session = PlaySession(options, console)
    return run_and_save(session, console, args.save, errors, words)
