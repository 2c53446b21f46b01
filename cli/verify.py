"""``kachuful verify RECORD``: the fair-deal proof of a finished game (from the bot,
or from ``kachuful play --save``).

Checks that the revealed seed matches the SHA-256 commitment shown when the game
started, that the first-dealer draw and every deal in the record came from that
seed's shuffles, and that every move was legal; the verdict says what was checked.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from typing import Any

from cli.help_language import help_words, translated_formatter, translated_help
from cli.replay import EXIT_BAD_RECORD, read_text
from engine.errors import RecordError
from engine.record import AnyGame, game_from_record, parse_record_text
from engine.shuffle import normalize_seed, seed_commitment
from i18n import DEFAULT_LANGUAGE, LANGUAGES, Words, words_for

ENGLISH = words_for("en")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    # The help speaks the --language of the same command line (cli.help_language).
    words = help_words()
    parser = subparsers.add_parser(
        "verify",
        help=words.t("check a finished game's seed, commitment, deals and moves"),
        description=words.t(
            "Verify the fair-deal proof of a record from the bot or kachuful play --save: the "
            "seed matches the commitment, every deal came from the seed, every move was legal."
        ),
        formatter_class=translated_formatter(words),
        add_help=False,
    )
    translated_help(parser, words)
    parser.add_argument("file", metavar="RECORD",
                        help=words.t("the record, or - for standard input"))
    parser.add_argument(
        "--language", choices=tuple(LANGUAGES), default=DEFAULT_LANGUAGE,
        help=words.t("the language of the verdict: {languages} (default {default})",
                     languages=", ".join(LANGUAGES), default=DEFAULT_LANGUAGE),
    )
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
    print(verdict(record, game, commitment, words_for(getattr(args, "language", None))))
    return 0


def verdict(record: Mapping[str, Any], game: AnyGame, commitment: str,
            words: Words = ENGLISH) -> str:
    """What was checked, and what was not, in plain words. ``ok:`` stays in every
    language, so scripts can look for it."""
    # Each clause is a whole entry: which draw (a dealer draw or a first dealer only)
    # and how many deals are part of the sentence, not pieces put into it.
    drawn = record.get("dealer_draw") is not None
    # game_from_record accepted the record, so "deals" is a list (or missing).
    deals = len(record.get("deals") or [])
    if deals == 0:
        return "ok: " + (words.t(
            "the seed matches the commitment {commitment}, and the first-dealer draw comes "
            "from it; no deal was played, so no deal or move was checked.",
            commitment=commitment) if drawn else words.t(
            "the seed matches the commitment {commitment}, and the first dealer comes from "
            "it; no deal was played, so no deal or move was checked.", commitment=commitment))
    moves = game.player_action_count
    checked = words.n(
        "the seed matches the commitment {commitment}; the first-dealer draw and the deal "
        "in the record come from it",
        "the seed matches the commitment {commitment}; the first-dealer draw and all "
        "{count} deals in the record come from it", deals, commitment=commitment,
    ) if drawn else words.n(
        "the seed matches the commitment {commitment}; the first dealer and the deal in "
        "the record come from it",
        "the seed matches the commitment {commitment}; the first dealer and all {count} "
        "deals in the record come from it", deals, commitment=commitment)
    if moves == 0:
        checked = words.t("{checked}, and no bid was made yet, so no move was checked.",
                          checked=checked)
    else:
        checked = words.n("{checked}, and the one move is legal.",
                          "{checked}, and all {count} moves are legal.", moves, checked=checked)
    if game.is_over:
        return "ok: " + words.t("{checked} The game is complete: all of it was checked.",
                                checked=checked)
    return "ok: " + words.n(
        "{checked} The game is unfinished ({finished} of {count} deal finished): what was "
        "never played was not checked.",
        "{checked} The game is unfinished ({finished} of {count} deals finished): what was "
        "never played was not checked.", game.deal_count, checked=checked,
        finished=len(game.results()))
