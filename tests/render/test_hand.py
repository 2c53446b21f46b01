"""The hand picture: size, order and numbers, dimmed illegal cards, 1 to 17 cards."""

from __future__ import annotations

import dataclasses

import pytest

from engine.game import Game, Phase
from engine.view import SeatView
from render import RenderOptions, draw_hand, hand_order, render_hand, samples
from render.hand import (
    CARD_HEIGHT,
    CARD_WIDTH,
    HEIGHT,
    MAX_WIDTH,
    MIN_WIDTH,
    NUMBER_HEIGHT,
    NUMBER_Y,
    layout_hand,
)
from render.palette import CARD_FACE, palette
from render.widgets import SMALL, pill_width
from tests.render.helpers import count_near, decode, pixel, strongest_contrast


def face_probe(x: int, y: int) -> tuple[int, int]:
    """A point on the plain white of a card, left of the pips, below the index."""
    return x + 5, y + CARD_HEIGHT // 2


def test_numbers_follow_hand_order(hand_view: SeatView) -> None:
    layout = layout_hand(hand_view)
    ordered = hand_order(hand_view.hand, hand_view.trump)
    assert tuple(spot.card for spot in layout.cards) == ordered
    assert [spot.number for spot in layout.cards] == list(range(1, len(ordered) + 1))
    assert [spot.x for spot in layout.cards] == sorted(spot.x for spot in layout.cards)


def test_legal_cards_are_full_and_illegal_ones_dimmed(hand_view: SeatView) -> None:
    layout = layout_hand(hand_view)
    image = draw_hand(hand_view)
    legal = set(hand_view.legal_cards)
    states = {spot.state for spot in layout.cards}
    assert states == {"playable", "blocked"}  # the sample must show both
    for spot in layout.cards:
        colour = pixel(image, *face_probe(spot.x, spot.y))
        if spot.card in legal:
            assert spot.state == "playable"
            assert colour == CARD_FACE
        else:
            assert spot.state == "blocked"
            assert sum(colour) < sum(CARD_FACE) - 200


def test_playable_cards_rise(hand_view: SeatView) -> None:
    layout = layout_hand(hand_view)
    lifted = {spot.y for spot in layout.cards if spot.state == "playable"}
    resting = {spot.y for spot in layout.cards if spot.state == "blocked"}
    assert len(lifted) == len(resting) == 1
    assert lifted.pop() < resting.pop()


def test_nothing_is_dimmed_when_it_is_not_my_turn(hand_view: SeatView) -> None:
    waiting = dataclasses.replace(hand_view, turn=(hand_view.seat or 0) + 1, legal_cards=())
    image = draw_hand(waiting)
    for spot in layout_hand(waiting).cards:
        assert spot.state == "idle"
        assert pixel(image, *face_probe(spot.x, spot.y)) == CARD_FACE


def test_size_of_a_thirteen_card_hand(hand_view: SeatView) -> None:
    assert len(hand_view.hand) == 13
    image = decode(render_hand(hand_view))
    assert image.height == HEIGHT
    assert MIN_WIDTH <= image.width <= MAX_WIDTH


def test_seventeen_cards_fit_and_keep_their_index_visible(three_player_start: Game) -> None:
    seat = three_player_start.turn
    assert seat is not None
    view = three_player_start.view(seat)
    assert len(view.hand) == 17
    layout = layout_hand(view)
    assert layout.width <= MAX_WIDTH
    # Each card shows at least its corner index (about a quarter of its width).
    assert min(spot.visible for spot in layout.cards) >= CARD_WIDTH // 2
    assert decode(render_hand(view)).size == (layout.width, HEIGHT)


def test_a_single_card_hand() -> None:
    game = samples.new_game(4, seed=8)
    samples.play_until(game, lambda g: g.hand_size == 1 and g.phase is Phase.PLAYING)
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    assert len(view.hand) == 1
    image = decode(render_hand(view))
    assert image.size == (MIN_WIDTH, HEIGHT)
    spot = layout_hand(view).cards[0]
    assert pixel(image, *face_probe(spot.x, spot.y)) == CARD_FACE


def test_four_colour_changes_the_pips_in_the_picture(hand_view: SeatView) -> None:
    assert any(card.suit.name in ("DIAMONDS", "CLUBS") for card in hand_view.hand)
    blue, green = (22, 94, 196), (24, 128, 56)
    # Between turns nothing is dimmed, so every pip shows its true colour.
    waiting = dataclasses.replace(hand_view, turn=(hand_view.seat or 0) + 1, legal_cards=())
    two = draw_hand(waiting)
    four = draw_hand(waiting, RenderOptions(four_colour=True))
    assert count_near(two, blue) + count_near(two, green) == 0
    assert count_near(four, blue) + count_near(four, green) > 200


def test_the_public_view_is_refused(hand_view: SeatView) -> None:
    with pytest.raises(ValueError, match="own view"):
        render_hand(dataclasses.replace(hand_view, seat=None))


def test_empty_hand_and_blind_deal_render() -> None:
    over = samples.finished_game(3, seed=1, rules=None)
    assert decode(render_hand(over.view(0))).height == HEIGHT
    from engine.rules import Rules

    blind = Game(Rules(one_card_blind=True, schedule="up"), ["Asha", "Bikram", "Chandra"], seed=4)
    view = blind.view(1)
    assert view.hand_hidden and not view.hand
    assert decode(render_hand(view)).height == HEIGHT


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_dimmed_cards_keep_a_visible_number_badge(hand_view: SeatView, theme: str) -> None:
    """The badge of a card that can't be played stands out from the background (a
    pale filled badge vanished on the light theme's white)."""
    options = RenderOptions(four_colour=True, theme="light" if theme == "light" else "dark")
    background = palette(options).background
    image = draw_hand(hand_view, options)
    blocked = [spot for spot in layout_hand(hand_view).cards if spot.state == "blocked"]
    assert blocked
    for spot in blocked:
        width = pill_width(str(spot.number), SMALL)
        left = spot.x + spot.visible // 2 - width // 2
        top = NUMBER_Y - NUMBER_HEIGHT // 2
        # The badge's rounded left end holds no digit: only its shape can show there.
        end = (left, top, left + 6, top + NUMBER_HEIGHT)
        assert strongest_contrast(image, end, background) >= 3.0, spot.number
        badge = (left, top, left + width, top + NUMBER_HEIGHT)
        assert strongest_contrast(image, badge, background) >= 4.5, spot.number
