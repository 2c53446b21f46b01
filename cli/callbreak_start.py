"""Starting ``kachuful play --game callbreak``: its options checked, then the session
(:mod:`cli.callbreak_play`), with ``--save`` as for Kachuful."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Final, TextIO

from engine.callbreak import CallBreakRules
from engine.callbreak.rules import MAX_PLAYERS, MIN_PLAYERS
from engine.errors import KachufulError

if TYPE_CHECKING:
    from cli.terminal_io import LineSource

LEVELS: Final = ("easy", "medium", "hard")
EXIT_USAGE: Final = 2


class UsageError(Exception):
    """Options that make no game of Call Break."""


def option_value(text: str) -> object:
    """``--set`` values as the rules want them: true/false, whole numbers, else text."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered.lstrip("-").isdecimal():
        return int(lowered)
    return text


def callbreak_rules(args: argparse.Namespace) -> CallBreakRules:
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise UsageError(f"Call Break needs {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                         f"not {args.players}")
    if args.level not in LEVELS:
        raise UsageError(f"Call Break's computer levels are {', '.join(LEVELS)}")
    if args.rules != "classic":
        raise UsageError("--rules presets are Kachuful's: change Call Break's rules with --set")
    changes = {field: option_value(value) for field, value in args.options}
    try:
        return CallBreakRules.from_options(changes)
    except KachufulError as exc:
        raise UsageError(f"rules: {exc}") from None


def play_callbreak(
    args: argparse.Namespace, stdin: LineSource | None, output: TextIO, errors: TextIO
) -> int:
    from cli.callbreak_play import CallBreakOptions, CallBreakSession
    from cli.play_record import run_and_save
    from cli.terminal_io import Console, colour_wanted
    from i18n import words_for

    words = words_for(args.language)
    try:
        rules = callbreak_rules(args)
    except UsageError as exc:
        print(f"error: {exc}", file=errors)
        return EXIT_USAGE
    options = CallBreakOptions(
        players=args.players, level=args.level, rules=rules,
        name=args.name or words.t("You"), seed=args.seed, pace=args.pace,
        language=args.language,
    )
    console = Console(output, stdin, errors, colour=stdin is None and colour_wanted(output))
    session = CallBreakSession(options, console)
    return run_and_save(session, console, args.save, errors, words)
