"""``kachuful verify RECORD``: the fair-deal proof of a finished bot game.

Checks that the revealed seed matches the SHA-256 commitment shown when the game
started, that the first-dealer draw and every deal came from that seed's shuffles,
and that every move was legal.
"""

from __future__ import annotations

import argparse
import sys

from cli.replay import EXIT_BAD_RECORD, read_text
from engine.errors import RecordError
from engine.record import game_from_record, parse_record_text
from engine.shuffle import normalize_seed, seed_commitment


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "verify",
        help="check a finished game's seed, commitment, deals and moves",
        description=(
            "Verify the fair-deal proof of a record downloaded from the bot: the seed "
            "matches the commitment, every deal came from the seed, every move was legal."
        ),
    )
    parser.add_argument("file", metavar="RECORD", help="the record, or - for standard input")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        record = parse_record_text(read_text(args.file))
        seed = record.get("seed")
        commitment = record.get("commitment")
        if not isinstance(seed, str) or not isinstance(commitment, str):
            raise RecordError("the record has no seed and commitment to verify "
                              "(records are complete once the game has ended)")
        try:
            raw = normalize_seed(seed)
        except Exception as exc:
            raise RecordError(f"seed: {exc}") from None
        if seed_commitment(raw) != commitment.strip().lower():
            raise RecordError("the seed does not match the commitment: SHA-256 of the seed is "
                              f"{seed_commitment(raw)}, the record says {commitment}")
        game = game_from_record(record, check_seed=True)
    except RecordError as exc:
        print(f"error: {exc.located()}", file=sys.stderr)
        return EXIT_BAD_RECORD
    state = "complete" if game.is_over else f"unfinished, {len(game.results())} deals played"
    print(
        f"ok: the seed matches the commitment {commitment}; the dealer draw and all "
        f"{game.deal_number} deals come from it; every move is legal ({state})."
    )
    return 0
