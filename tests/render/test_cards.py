"""Card faces: all 52 render, look different, honour the four-colour deck."""

from __future__ import annotations

import pytest

from engine.cards import DECK, Card, Suit
from render.cards import CardTile, back_tile, card_height, card_tile, dimmed_tile
from render.palette import CARD_FACE, COURT_TINT, suit_colour
from tests.render.helpers import count_near, pixel

WIDTH = 80


def centre(tile: CardTile) -> tuple[int, int]:
    return tile.margin + tile.width // 2, tile.margin + tile.height // 2


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_card_renders_at_its_size_and_differs(four_colour: bool) -> None:
    pictures = set()
    for card in DECK:
        tile = card_tile(card, four_colour, WIDTH)
        assert tile.image.mode == "RGBA"
        assert tile.image.size == (WIDTH + 2 * tile.margin, card_height(WIDTH) + 2 * tile.margin)
        pictures.add(tile.image.tobytes())
    assert len(pictures) == 52


def test_the_ace_pip_is_a_shape_in_the_suit_colour() -> None:
    for suit in Suit:
        tile = card_tile(Card.of(12, suit), False, WIDTH)
        assert pixel(tile.image, *centre(tile)) == suit_colour(suit, False)


@pytest.mark.parametrize(
    ("suit", "changes"),
    [(Suit.DIAMONDS, True), (Suit.CLUBS, True), (Suit.SPADES, False), (Suit.HEARTS, False)],
)
def test_four_colour_deck_recolours_diamonds_and_clubs(suit: Suit, changes: bool) -> None:
    two = card_tile(Card.of(12, suit), False, WIDTH)
    four = card_tile(Card.of(12, suit), True, WIDTH)
    assert pixel(four.image, *centre(four)) == suit_colour(suit, True)
    assert (pixel(two.image, *centre(two)) != pixel(four.image, *centre(four))) == changes


def test_four_colour_suits_are_four_different_colours() -> None:
    assert len({suit_colour(suit, True) for suit in Suit}) == 4
    assert len({suit_colour(suit, False) for suit in Suit}) == 2


@pytest.mark.parametrize("rank", range(13))
def test_court_cards_alone_carry_the_cream_panel(rank: int) -> None:
    tile = card_tile(Card.of(rank, Suit.HEARTS), False, WIDTH)
    cream = count_near(tile.image.convert("RGB"), COURT_TINT, tolerance=4)
    is_court = rank in (9, 10, 11)
    assert (cream > 300) == is_court


def test_the_face_is_white_and_the_back_is_not() -> None:
    face, back = card_tile(DECK[5], False, WIDTH), back_tile(WIDTH)
    probe = (face.margin + 4, face.margin + face.height // 2)
    assert pixel(face.image, *probe) == CARD_FACE
    assert pixel(back.image, *centre(back)) != CARD_FACE
    assert back.image.size == face.image.size


def test_a_dimmed_card_is_darker_on_dark_and_keeps_its_shape() -> None:
    card = DECK[20]
    full = card_tile(card, False, WIDTH)
    dimmed = dimmed_tile(card, False, WIDTH, (49, 51, 56))
    probe = (full.margin + 4, full.margin + full.height // 2)
    assert sum(pixel(dimmed.image, *probe)) < sum(pixel(full.image, *probe)) - 200
    assert dimmed.image.getchannel("A").tobytes() == full.image.getchannel("A").tobytes()
