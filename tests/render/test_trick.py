"""The trick picture: seats in order, the winner highlighted, the awaited seat shown."""

from __future__ import annotations

import dataclasses

import pytest

from engine.events import TrickWon
from engine.view import SeatView
from render import RenderOptions, TrickScene, draw_trick, render_trick, render_trick_won, samples
from render.cards import card_height
from render.palette import CARD_FACE, palette
from render.trick import CARD_WIDTH, HEIGHT, WIDTH, card_origins
from tests.render.helpers import decode, near, pixel

GOLD = palette(RenderOptions()).gold
ACCENT = palette(RenderOptions()).accent
CARD_HEIGHT = card_height(CARD_WIDTH)


def beside(origin: tuple[int, int], dx: int) -> tuple[int, int]:
    """A point ``dx`` pixels left of a card's left edge, half-way down."""
    return origin[0] - dx, origin[1] + CARD_HEIGHT // 2


def test_the_winning_card_alone_glows_gold(trick_done_view: SeatView) -> None:
    scene = TrickScene.from_view(trick_done_view)
    assert scene.winner is not None and len(scene.plays) == 4
    image = draw_trick(scene)
    origins = card_origins(4, scene.viewer or 0)
    for seat, origin in enumerate(origins):
        glowing = near(pixel(image, *beside(origin, 3)), GOLD, 30)
        assert glowing == (seat == scene.winner), seat


def test_the_awaited_seat_is_outlined_and_played_cards_shown(trick_live_view: SeatView) -> None:
    scene = TrickScene.from_view(trick_live_view)
    assert scene.winner is None and scene.to_play is not None
    image = draw_trick(scene)
    played = dict(scene.plays)
    for seat, (x, y) in enumerate(card_origins(5, scene.viewer or 0)):
        edge = pixel(image, x + 1, y + CARD_HEIGHT // 2)
        if seat in played:
            assert edge == CARD_FACE
        else:
            assert (edge == ACCENT) == (seat == scene.to_play)


@pytest.mark.parametrize("players", range(3, 9))
def test_every_table_size_has_the_same_picture_size(players: int) -> None:
    view = samples.trick_in_progress(players, seed=players, played=1)
    assert decode(render_trick(view)).size == (WIDTH, HEIGHT)


def test_seats_go_clockwise_from_the_viewer_at_the_bottom() -> None:
    origins = card_origins(4, viewer=2)
    bottom, left, top, right = (origins[(2 + k) % 4] for k in range(4))
    assert bottom[1] > left[1] > top[1] and bottom[1] > right[1] > top[1]
    assert left[0] < bottom[0] < right[0]


def test_the_event_and_the_view_draw_the_same_trick(trick_done_view: SeatView) -> None:
    trick = trick_done_view.completed_tricks[-1]
    assert isinstance(trick, TrickWon)
    from_event = render_trick_won(
        trick,
        trick_done_view.players,
        trump=trick_done_view.trump,
        deal_number=trick_done_view.deal_number,
        deal_count=trick_done_view.deal_count,
        hand_size=trick_done_view.hand_size,
        viewer=trick_done_view.seat,
    )
    assert from_event == render_trick(trick_done_view)


def test_the_last_trick_of_a_deal_is_shown_after_the_next_deal_starts() -> None:
    game = samples.game_after_deals(4, 1, seed=6)
    view = game.view(0)
    assert view.deal_number == 2 and not view.trick and not view.completed_tricks
    scene = TrickScene.from_view(view)
    last = game.results()[0]
    assert scene.deal_number == 1 and scene.winner == last.trick_list[-1].winner
    assert scene.trump == last.trump


def test_too_many_seats_is_a_clear_error(trick_done_view: SeatView) -> None:
    scene = dataclasses.replace(TrickScene.from_view(trick_done_view), players=("A",) * 9)
    with pytest.raises(ValueError, match="3 to 8 players"):
        draw_trick(scene)
