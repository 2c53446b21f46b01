"""The table status: the hooked dealer's forbidden bid, whose turn, rows per player."""

from __future__ import annotations

from engine.game import Phase
from engine.view import SeatView
from render import RenderOptions, draw_table_status, render_table_status, samples
from render.palette import CARD_FACE, palette
from render.status import HEADER, ROW, ROW_GAP, WIDTH
from render.widgets import PAD
from tests.render.helpers import count_near, decode, pixel

COLOURS = palette(RenderOptions())


def row_box(seat: int) -> tuple[int, int, int, int]:
    top = PAD + HEADER + seat * (ROW + ROW_GAP)
    return (PAD, top, WIDTH - PAD, top + ROW)


def test_the_forbidden_bid_is_shown_on_the_dealer_row(dealer_bid_view: SeatView) -> None:
    assert dealer_bid_view.forbidden_bid is not None and dealer_bid_view.dealer is not None
    image = draw_table_status(dealer_bid_view)
    for seat in range(len(dealer_bid_view.players)):
        red = count_near(image, COLOURS.bad, row_box(seat), tolerance=2)
        assert (red > 200) == (seat == dealer_bid_view.dealer), seat


def test_no_forbidden_bid_once_bidding_is_over() -> None:
    view = samples.mid_play_status(5, seed=3)
    assert view.phase is Phase.PLAYING
    image = draw_table_status(view)
    assert count_near(image, COLOURS.bad, tolerance=2) < 200  # at most a few red dots


def test_the_player_to_act_has_the_accent_ring(dealer_bid_view: SeatView) -> None:
    image = draw_table_status(dealer_bid_view)
    for seat in range(len(dealer_bid_view.players)):
        left, top, _, bottom = row_box(seat)
        edge = pixel(image, left + 1, (top + bottom) // 2)
        assert (edge == COLOURS.accent) == (seat in dealer_bid_view.awaiting)


def test_one_row_per_player() -> None:
    for players in (3, 5, 8):
        view = samples.new_game(players, seed=players).view(None)
        height = PAD + HEADER + players * (ROW + ROW_GAP) - ROW_GAP + PAD
        assert decode(render_table_status(view)).size == (WIDTH, height)


def test_turn_up_card_is_drawn() -> None:
    from engine.rules import preset_rules

    game = samples.new_game(5, seed=2, rules=preset_rules("oh-hell"))  # 50 of 52 dealt
    view = game.view(None)
    assert view.turn_up is not None
    # The turned-up card is a small white card at the top right.
    image = draw_table_status(view)
    assert count_near(image, CARD_FACE, (WIDTH - PAD - 44, PAD, WIDTH - PAD, PAD + 60)) > 600
