"""``kachuful replay FILE``: check a game record against its rules and summarise it."""

from __future__ import annotations

import argparse
import json
import sys

from engine.errors import RecordError
from engine.record import load_record, replay_summary

EXIT_BAD_RECORD = 2


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="check a game record and print its deals, scores and winners as JSON",
        description=(
            "Replay a kachuful-record/1 file through the rules engine. Prints one JSON "
            "object; a bad record exits with status 2 and one line on stderr."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    parser.set_defaults(func=run)


def read_text(path: str) -> str:
    """The file's text (``-``: standard input); unreadable files are a RecordError."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RecordError(f"cannot read {path}: {reason}") from None


def run(args: argparse.Namespace) -> int:
    try:
        game = load_record(read_text(args.file))
    except RecordError as exc:
        print(f"error: {exc.located()}", file=sys.stderr)
        return EXIT_BAD_RECORD
    print(json.dumps(replay_summary(game)))
    return 0
