"""``kachuful render-demo DIR``: one example of every picture, written as PNG files."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from render import (
    RenderOptions,
    render_dealer_draw,
    render_final_standings,
    render_hand,
    render_score_sheet,
    render_table_status,
    render_trick,
    samples,
)
from render.rating_chart import render_rating_chart

Picture = tuple[str, Callable[[], bytes]]


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "render-demo",
        help="write one example of every table picture (PNG) into a folder",
        description="Play a few seeded games and write one example of every picture the "
        "bot draws (hand, trick, table status, score sheet, standings, first-dealer draw), "
        "plus light-theme and four-colour variants, as PNG files into DIR.",
    )
    parser.add_argument(
        "directory", metavar="DIR", help="folder to write into (created if missing)"
    )
    parser.set_defaults(func=run)


def pictures() -> list[Picture]:
    """(file name, maker) for every example, in the order they are written."""
    light_four = RenderOptions(four_colour=True, theme="light")
    finished = samples.finished_game(7, seed=5)
    three = samples.new_game(3, seed=2)
    samples.play_until(three, lambda game: game.phase.value == "playing")
    draw_seed = samples.seed_with_tied_draw(5)
    drawn = samples.new_game(5, seed=draw_seed)
    sheet_game = samples.game_after_deals(4, 9, seed=4)
    return [
        ("hand.png", lambda: render_hand(samples.hand_to_play(4, seed=1, position=2))),
        ("hand-17-cards.png", lambda: render_hand(three.view(three.turn or 0))),
        (
            "hand-light-four-colour.png",
            lambda: render_hand(samples.hand_to_play(4, 1, 2), light_four),
        ),
        ("trick-in-progress.png", lambda: render_trick(samples.trick_in_progress(5, seed=3))),
        ("trick-won.png", lambda: render_trick(samples.trick_complete(4, seed=1, tricks=2))),
        (
            "trick-light-four-colour.png",
            lambda: render_trick(samples.trick_complete(6, 7, 1), light_four),
        ),
        ("table-status-bidding.png", lambda: render_table_status(samples.dealer_to_bid(4, seed=1))),
        ("table-status-playing.png", lambda: render_table_status(samples.mid_play_status(5, 3))),
        (
            "score-sheet.png",
            lambda: render_score_sheet(
                sheet_game.players, sheet_game.results(), deal_count=sheet_game.deal_count
            ),
        ),
        (
            "score-sheet-7-players.png",
            lambda: render_score_sheet(
                finished.players, finished.results(), deal_count=finished.deal_count
            ),
        ),
        (
            "final-standings.png",
            lambda: render_final_standings(
                finished.players, finished.totals(), results=finished.results()
            ),
        ),
        (
            "dealer-draw.png",
            lambda: render_dealer_draw(drawn.players, drawn.dealer_draws, drawn.first_dealer or 0),
        ),
        (
            "rating-history.png",
            lambda: render_rating_chart([0.0, 2.4, 1.1, -3.8, 5.2, 7.9, 6.4, 12.6, 11.8, 14.3]),
        ),
    ]


def run(args: argparse.Namespace) -> int:
    folder = Path(args.directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, make in pictures():
            (folder / name).write_bytes(make())
            print(folder / name)
    except OSError as error:
        reason = error.strerror or str(error)
        print(f"error: can't write the pictures into {folder}: {reason}", file=sys.stderr)
        return 1
    return 0
