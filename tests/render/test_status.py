"""The table status: the hooked dealer's forbidden bid, whose turn, rows per player."""

from __future__ import annotations

from PIL import Image

from engine.game import Phase
from engine.view import SeatView
from render import RenderOptions, draw_table_status, render_table_status, samples
from render.palette import CARD_FACE, palette
from render.status import BID_X, DOT_STEP, HEADER, LABELS_Y, ROW, ROW_GAP, TRICKS_X, WIDTH
from render.text import draw_text, text_width
from render.widgets import PAD, SMALL, TINY
from render.won_bid import WON_BID_LEGEND
from tests.render.helpers import count_near, decode, pixel

COLOURS = palette(RenderOptions())


def row_box(seat: int) -> tuple[int, int, int, int]:
    top = PAD + HEADER + seat * (ROW + ROW_GAP)
    return (PAD, top, WIDTH - PAD, top + ROW)


def test_the_forbidden_bid_is_a_quiet_note_on_the_dealer_row(dealer_bid_view: SeatView) -> None:
    """The hooked number is a rule, not an error: the dealer's row shows a neutral note,
    never the red that marks a missed bid."""
    assert dealer_bid_view.forbidden_bid is not None and dealer_bid_view.dealer is not None
    image = draw_table_status(dealer_bid_view)
    for seat in range(len(dealer_bid_view.players)):
        _, top, _, bottom = row_box(seat)
        bid_column = (BID_X, top, TRICKS_X, bottom)
        assert count_near(image, COLOURS.bad, bid_column, tolerance=40) == 0, seat
        note = count_near(image, COLOURS.panel_alt, bid_column, tolerance=2)
        muted = count_near(image, COLOURS.muted, bid_column, tolerance=30)
        if seat == dealer_bid_view.dealer:
            assert dealer_bid_view.bids[seat] is None
            assert note > 1000 and muted > 50  # a grey pill with muted writing
        else:
            assert dealer_bid_view.bids[seat] is not None


def test_columns_are_labelled_with_the_won_bid_legend(dealer_bid_view: SeatView) -> None:
    """Above the tricks column, the legend: exactly the text ``won/bid`` in muted ink."""
    image = draw_table_status(dealer_bid_view)
    width = text_width(WON_BID_LEGEND, TINY, True)
    box = (TRICKS_X - 2, LABELS_Y - 12, TRICKS_X + width + 2, LABELS_Y + 12)
    expected = Image.new("RGB", image.size, COLOURS.background)
    draw_text(expected, TRICKS_X, LABELS_Y, WON_BID_LEGEND, TINY, COLOURS.muted, bold=True)
    assert count_near(image, COLOURS.muted, box, tolerance=30) > 40
    assert image.crop(box).tobytes() == expected.crop(box).tobytes()


def test_tricks_read_won_over_bid() -> None:
    """Each row's figure is tricks won, then the bid: "2/3", not "3/2"."""
    view = samples.mid_play_status(5, seed=3)
    image = draw_table_status(view)
    assert any(0 < view.tricks_won[seat] != view.bids[seat] for seat in range(5))
    for seat in range(5):
        bid, won = view.bids[seat], view.tricks_won[seat]
        assert bid is not None
        text = f"{won}/{bid}"
        x = TRICKS_X + max(bid, won) * DOT_STEP + 6
        top = row_box(seat)[1]
        cy = top + ROW // 2
        box = (x - 1, cy - 12, x + text_width(text, SMALL, True) + 1, cy + 12)
        expected = Image.new("RGB", image.size, pixel(image, box[0], box[1]))
        draw_text(expected, x, cy, text, SMALL, COLOURS.text, bold=True)
        assert image.crop(box).tobytes() == expected.crop(box).tobytes(), seat


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
