"""The ``kachuful`` command: one sub-command per module in this package."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from cli import help_language

RULES_DOC = "docs/rules.md"
"""Where the rules are written out; ``engine.rules_text.RULES_DOC`` names the same file
(not imported: ``kachuful health`` runs every 30 s and needs no engine)."""

# Each module named here has ``add_parser(subparsers)``; the parser it adds sets
# ``func(args) -> int`` (the exit status). Modules load only when listed, so a
# command's dependencies (Pillow, say) are not imported for the others.
COMMAND_MODULES = (
    "cli.replay",
    "cli.verify",
    "cli.render_demo",
    "cli.health",
    "cli.play",
    "cli.simulate",
    "cli.review",
    "cli.migrate_to_postgres",
    "cli.ratings",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kachuful",
        description="Kachuful (Oh Hell / Judgement): tools around the bot.",
        epilog=f"The rules of the game, every option and preset: {RULES_DOC} in the "
        "kachuful-bot repository.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # --help is printed as soon as it is read, so its language is looked up first.
    help_language.choose(help_language.requested_language(
        sys.argv[1:] if argv is None else argv))
    try:
        args = build_parser().parse_args(argv)
    finally:
        help_language.choose(help_language.ENGLISH_HELP)
    try:
        status: int = args.func(args)
        sys.stdout.flush()  # here, so that a reader gone is noticed inside the try
    except BrokenPipeError:
        # The reader went away (``kachuful review … | head``): stop quietly, as other
        # command-line tools do, instead of a traceback. Python's documented way: point
        # stdout at devnull so the interpreter's final flush doesn't fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, what a shell reports for such a reader
    return status


if __name__ == "__main__":
    sys.exit(main())
