"""Every picture, in every language, with long names: all its text fits.

Every piece of text a picture draws goes through one paste (``render.text`` pastes
the text's cropped coverage mask). The test records where each lands and checks
what a player would see as broken: text cut off at the picture's edge, or two
pieces of text running into each other (a long translated label pushed into the
next column, a caption over a name).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

import pytest
from PIL import Image

import render.text
from engine.game import Game, Phase
from engine.rules import Rules
from i18n import LANGUAGES
from render import (
    RenderOptions,
    draw_dealer_draw,
    draw_final_standings,
    draw_hand,
    draw_score_sheet,
    draw_table_status,
    draw_trick,
    samples,
)
from render.rating_chart import draw_rating_chart
from render.review import draw_bid_chart
from render.trick import TrickScene

LONG_NAMES = (
    "Chandrashekhar Venkataraman",
    "श्रीनिवासन रामचन्द्रन",
    "Bhagyalakshmi Subramanian",
    "ભાગ્યશ્રી પ્રજાપતિ",
    "Maximilian Oppenheimer-Smith",
    "ज्ञानेन्द्र क्षेत्री",
    "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwww",
    "Purushottam Bandyopadhyay",
)
"""Long in every script the pictures draw, and one of the widest Latin letters."""


def _game(players: int, seed: int, rules: Rules | None = None) -> Game:
    rules = rules or Rules(allow_eight_players=players == 8)
    return Game(rules, list(LONG_NAMES[:players]), seed=seed)


def _until(game: Game, done: Callable[[Game], bool]) -> Game:
    return samples.play_until(game, done)


def _pictures() -> Iterator[tuple[str, Callable[[RenderOptions], Image.Image]]]:
    """(name, draw) for every kind of picture in the states that draw the most text."""
    to_play = _until(_game(4, 1), lambda g: g.phase is Phase.PLAYING
                     and len(g.current_trick()) == 2)
    seat = to_play.turn
    assert seat is not None
    hand_view = to_play.view(seat)
    yield "hand to play", lambda options: draw_hand(hand_view, options)
    hooked = _until(_game(4, 1), lambda g: g.forbidden_bid() is not None)
    dealer = hooked.awaiting()[0]
    hooked_view, hooked_public = hooked.view(dealer), hooked.view(None)
    yield "hand, hooked dealer to bid", lambda options: draw_hand(hooked_view, options)
    yield "status, hooked dealer to bid", lambda options: draw_table_status(hooked_public, options)
    blind_rules = Rules(one_card_blind=True, schedule="up-down", blind_bids=True)
    blind = _game(5, 2, blind_rules)
    blind_view = blind.view(blind.awaiting()[0])
    yield "hand, one-card blind deal", lambda options: draw_hand(blind_view, options)
    mid = _until(samples.play_until(_game(8, 3), lambda g: len(g.results()) >= 2),
                 lambda g: len(g.completed_tricks()) >= 2 and len(g.current_trick()) == 1)
    mid_view = mid.view(None)
    yield "status, mid play, 8 seats", lambda options: draw_table_status(mid_view, options)
    scene = TrickScene.from_view(mid.view(0))
    yield "trick in progress, 8 seats", lambda options: draw_trick(scene, options)
    won = _until(_game(4, 1), lambda g: len(g.completed_tricks()) == 2 and not g.current_trick())
    won_scene = TrickScene.from_view(won.view(0))
    yield "trick won", lambda options: draw_trick(won_scene, options)
    finished = _until(_game(5, 4, Rules(max_hand=3, blind_bids=True)), lambda g: False)
    over = finished.view(0)
    results = finished.results()
    yield "hand, game over", lambda options: draw_hand(over, options)
    yield "status, game over", lambda options: draw_table_status(finished.view(None), options)
    yield "score sheet, final", lambda options: draw_score_sheet(
        LONG_NAMES[:5], results, options, deal_count=len(results))
    yield "score sheet, after a deal of many", lambda options: draw_score_sheet(
        LONG_NAMES[:5], results[:1], options, deal_count=25)
    yield "score sheet, empty", lambda options: draw_score_sheet(LONG_NAMES[:3], (), options)
    totals = results[-1].totals
    yield "final standings", lambda options: draw_final_standings(
        LONG_NAMES[:5], totals, options, results=results)
    yield "final standings, shared win", lambda options: draw_final_standings(
        LONG_NAMES[:4], (31, 31, 31, -4), options)
    tied_seed = samples.seed_with_tied_draw(4)
    tied = _game(4, tied_seed)
    first = tied.first_dealer
    assert first is not None
    yield "dealer draw with a tie", lambda options: draw_dealer_draw(
        LONG_NAMES[:4], tied.dealer_draws, first, options)
    yield "bid chart", lambda options: draw_bid_chart(
        [0.1, 0.3, 0.4, 0.15, 0.05], [1.0, 4.2, 6.5, -1.5, -3.0], 3, 2, options,
        allowed=[True, True, True, False, True])
    yield "rating chart", lambda options: draw_rating_chart(
        [0.0, 2.4, 1.1, -3.8, 5.2, 7.9, 6.4, 12.6], options)


PICTURES = dict(_pictures())


def _text_boxes(
    draw: Callable[[RenderOptions], Image.Image], options: RenderOptions,
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[Image.Image, list[tuple[int, int, int, int]]]:
    """The picture, and the box (left, top, right, bottom; exclusive) of each text's ink."""
    boxes: list[tuple[int, int, int, int]] = []
    paste = render.text.fill_through

    def recording(canvas: Image.Image, x: int, y: int, colour: tuple[int, int, int],
                  mask: Image.Image) -> None:
        left, top, right, bottom = mask.getbbox() or (0, 0, 0, 0)
        if right > left:
            boxes.append((x + left, y + top, x + right, y + bottom))
        paste(canvas, x, y, colour, mask)

    with monkeypatch.context() as patch:
        patch.setattr(render.text, "fill_through", recording)
        picture = draw(options)
    return picture, boxes


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("picture", sorted(PICTURES))
def test_every_text_fits_its_picture_and_its_place(
    picture: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    canvas, boxes = _text_boxes(PICTURES[picture], RenderOptions(language=language), monkeypatch)
    assert len(boxes) >= 3  # the recording sees the picture's text
    cut = [box for box in boxes
           if box[0] < 0 or box[1] < 0 or box[2] > canvas.width or box[3] > canvas.height]
    assert cut == []
    crossing = [(a, b) for a, b in combinations(boxes, 2) if _overlap(a, b)]
    assert crossing == []


def test_the_check_sees_text_running_into_other_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from render.widgets import SMALL

    def crowded(options: RenderOptions) -> Image.Image:
        canvas = Image.new("RGB", (200, 60))
        render.text.draw_text(canvas, 10, 30, "Chandrashekhar", SMALL, (255, 255, 255))
        render.text.draw_text(canvas, 60, 30, "Venkataraman", SMALL, (255, 255, 255))
        render.text.draw_text(canvas, 150, 30, "Bhagyalakshmi", SMALL, (255, 255, 255))
        return canvas

    canvas, boxes = _text_boxes(crowded, RenderOptions(), monkeypatch)
    assert len(boxes) == 3
    assert _overlap(boxes[0], boxes[1])
    assert boxes[2][2] > canvas.width  # cut off at the right edge
