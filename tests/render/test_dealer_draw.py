"""The first-dealer draw: every drawn card shown, the winner highlighted."""

from __future__ import annotations

import pytest

from engine.cards import Card
from render import RenderOptions, draw_dealer_draw, render_dealer_draw, samples
from render.cards import card_height
from render.dealer_draw import CARD_WIDTH, COLUMN, HEADER, NAME_ROW, ROUND_GAP
from render.palette import palette
from render.widgets import PAD
from tests.render.helpers import decode, near, pixel

GOLD = palette(RenderOptions()).gold
NAMES = ("Asha", "Bikram", "Chandra", "Deepa")


def card_origin(width: int, players: int, seat: int, row: int) -> tuple[int, int]:
    grid_left = width - PAD - players * COLUMN
    x = grid_left + seat * COLUMN + (COLUMN - CARD_WIDTH) // 2
    return x, PAD + HEADER + NAME_ROW + row * (card_height(CARD_WIDTH) + ROUND_GAP)


def test_the_first_dealer_card_glows_after_a_tie() -> None:
    parse = Card.parse
    draws = (
        (parse("KS"), parse("KD"), parse("4C"), parse("9H")),
        (parse("3S"), parse("QH"), None, None),
    )
    image = draw_dealer_draw(NAMES, draws, 1)
    half = card_height(CARD_WIDTH) // 2
    for row, drawn in enumerate(draws):
        for seat, card in enumerate(drawn):
            x, y = card_origin(image.width, 4, seat, row)
            if card is None:
                assert (
                    pixel(image, x + CARD_WIDTH // 2, y + half)
                    == palette(RenderOptions()).background
                )
                continue
            glowing = near(pixel(image, x - 3, y + half), GOLD, 30)
            assert glowing == (seat == 1 and row == 1), (seat, row)


def test_a_real_draw_with_a_redraw_renders() -> None:
    seed = samples.seed_with_tied_draw(5)
    game = samples.new_game(5, seed=seed)
    assert len(game.dealer_draws) >= 2 and game.first_dealer is not None
    one_round = decode(render_dealer_draw((*NAMES, "Esha"), game.dealer_draws[:1], 0))
    tied = decode(render_dealer_draw(game.players, game.dealer_draws, game.first_dealer))
    assert tied.height > one_round.height and tied.width == one_round.width


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="first dealer"):
        render_dealer_draw(NAMES, ((None,) * 4,), 7)
    with pytest.raises(ValueError, match="one entry per player"):
        render_dealer_draw(NAMES, ((None,) * 3,), 0)
