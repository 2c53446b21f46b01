"""``kachuful review RECORD --seat S [--deal N] [--json]``: a seat's deal review.

Without ``--deal``, every finished deal is reviewed (seconds for a whole game) and
the game's summary line is added. Errors — a bad record, an unknown seat or deal, a
deal not finished — print one ``error: …`` line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from ai.review import (
    REVIEW_SEED,
    GameReview,
    ReviewError,
    game_review_to_dict,
    review_deal,
    review_game,
    review_to_dict,
)
from cli.replay import read_text
from engine.errors import RecordError
from engine.game import Game
from engine.record import load_record
from i18n import DEFAULT_LANGUAGE, LANGUAGES, Words, words_for
from i18n.review_words import game_review_lines, review_lines

EXIT_BAD_REQUEST = 2


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "review",
        help="how a seat's bids and plays compared with the best, from what it knew",
        description=(
            "Review a seat's bid and play in the finished deals of a kachuful-record/1 "
            "file: the chance of each number of tricks and the expected points of every "
            "bid, from what the seat knew when bidding, and up to three plays where "
            "another card would have raised the chance of making the bid by 15 points "
            "or more. The same record, seat and seed always give the same review."
        ),
    )
    parser.add_argument("record", metavar="RECORD", help="the record, or - for standard input")
    parser.add_argument("--seat", type=int, required=True, help="the seat, numbered from 0")
    parser.add_argument(
        "--deal", type=int, default=None, help="one deal (numbered from 1); default: every "
        "finished deal, with the game's summary"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--language", choices=tuple(LANGUAGES), default=DEFAULT_LANGUAGE,
        help=f"the language of the text (not of --json): {', '.join(LANGUAGES)} "
        f"(default {DEFAULT_LANGUAGE})",
    )
    parser.add_argument(
        "--seed", type=int, default=REVIEW_SEED, help=f"the estimates' seed (default {REVIEW_SEED})"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    words = words_for(getattr(args, "language", DEFAULT_LANGUAGE))
    try:
        game = load_record(read_text(args.record))
        if not isinstance(game, Game):
            raise RecordError("the deal review reads Kachuful games only, not Call Break")
        if args.deal is not None:
            review = review_deal(game, args.deal, args.seat, args.seed)
            output = (review_to_dict(review) if args.json
                      else review_lines(words, review, game.players))
        else:
            whole = review_game(game, args.seat, args.seed)
            output = (game_review_to_dict(whole) if args.json
                      else _game_text(words, whole, game.players))
    except RecordError as exc:
        print(f"error: {exc.located()}", file=sys.stderr)
        return EXIT_BAD_REQUEST
    except ReviewError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_REQUEST
    if isinstance(output, dict):
        print(json.dumps(output, ensure_ascii=False))
    else:
        print("\n".join(output))
    return 0


def _game_text(words: Words, whole: GameReview, players: tuple[str, ...]) -> list[str]:
    """The summary line, then every deal's review."""
    lines = game_review_lines(words, whole)[:1]
    for deal in whole.deals:
        lines += ["", *review_lines(words, deal, players)]
    return lines
