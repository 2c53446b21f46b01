"""The terminal game writes tricks as won/bid ("2/3": 2 taken of 3 bid), under a
"Won/bid" heading, in the table and in the scores, as the pictures do."""

from __future__ import annotations

from cli.terminal_scores import score_lines
from cli.terminal_table import Seating, table_lines
from engine.events import DealScored
from engine.game import Game, Phase
from render import samples
from render.won_bid import WON_BID_LEGEND


def mid_deal() -> Game:
    """Five players, third deal, two tricks played: some have taken tricks, not all
    as many as they bid."""
    game = samples.game_after_deals(5, 2, seed=3)
    return samples.play_until(game, lambda g: len(g.completed_tricks()) >= 2)


def won_bid_column(lines: list[str], heading_index: int) -> int:
    """Where the "Won/bid" heading ends: figures are right-aligned under it."""
    heading = lines[heading_index]
    return heading.index(WON_BID_LEGEND.capitalize()) + len(WON_BID_LEGEND)


def test_the_table_shows_won_over_bid_under_its_heading() -> None:
    game = mid_deal()
    view = game.view(None)
    assert view.phase is Phase.PLAYING
    assert any(0 < view.tricks_won[seat] != view.bids[seat] for seat in range(5))
    lines = table_lines(view, Seating(game.players, human=0))
    heading = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Player"))
    end = won_bid_column(lines, heading)
    for seat in range(5):
        row = lines[heading + 1 + seat]
        assert game.players[seat] in row
        figure = row[:end].split()[-1]
        assert figure == f"{view.tricks_won[seat]}/{view.bids[seat]}", row


def test_the_score_table_shows_won_over_bid_with_the_blind_mark() -> None:
    event = DealScored(
        number=4,
        hand_size=5,
        trump=None,
        dealer=0,
        bids=(2, 0, 1),
        blind=(False, True, False),
        tricks=(3, 0, 2),
        scores=(0, 20, 0),
        totals=(14, 31, 5),
    )
    lines = score_lines(event, 13, Seating(("Asha", "Bikram", "Chandra"), human=0))
    heading = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Player"))
    end = won_bid_column(lines, heading)
    figures = [line[: end + 1].split()[-1] for line in lines[heading + 1 : heading + 4]]
    assert figures == ["3/2", "0/0*", "2/1"]
    assert any("blind" in line for line in lines[heading + 4 :])
