"""Indexed PNGs: each look's palette keeps flat colours exact and blends close."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import Image, ImageChops

from render import (
    RenderOptions,
    TrickScene,
    draw_hand,
    draw_score_sheet,
    draw_trick,
    encode_picture,
    render_hand,
    samples,
)
from render.look_palettes import LOOK_PALETTES
from render.looks import compute_look_palette, key_colours, look_key, look_palette
from tests.render.helpers import count_near, decode

LOOKS = [
    RenderOptions(),
    RenderOptions(theme="light"),
    RenderOptions(four_colour=True),
    RenderOptions(four_colour=True, theme="light"),
]


def look_id(options: RenderOptions) -> str:
    return f"{options.theme}-{'four' if options.four_colour else 'two'}"


@pytest.mark.parametrize("options", LOOKS, ids=look_id)
def test_flat_colours_map_to_themselves(options: RenderOptions) -> None:
    keys = key_colours(options)
    strip = Image.new("RGB", (len(keys), 1))
    for x, colour in enumerate(keys):
        strip.putpixel((x, 0), colour)
    assert decode(encode_picture(strip, options)).tobytes() == strip.tobytes()


def errors(image: Image.Image, options: RenderOptions) -> tuple[float, int, float]:
    """Mean and largest per-pixel error (worst channel) of the indexed PNG, and the
    share of pixels off by more than 24 levels."""
    back = decode(encode_picture(image, options))
    difference = ImageChops.difference(image, back)
    red, green, blue = difference.split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    histogram = worst.histogram()
    pixels = image.width * image.height
    mean = sum(level * count for level, count in enumerate(histogram)) / pixels
    largest = max(level for level, count in enumerate(histogram) if count)
    return mean, largest, sum(histogram[25:]) / pixels


@pytest.mark.parametrize("options", LOOKS, ids=look_id)
def test_positions_outside_the_samples_stay_faithful(options: RenderOptions) -> None:
    three = samples.new_game(3, seed=31)
    samples.play_until(three, lambda game: len(game.current_trick()) == 1)
    eight = samples.game_after_deals(8, 2, seed=32)
    samples.play_until(
        eight, lambda game: len(game.completed_tricks()) == 1 and not game.current_trick()
    )
    sheet = samples.finished_game(6, seed=33)
    seat = three.turn
    assert seat is not None
    pictures = [
        draw_hand(three.view(seat), options),
        draw_trick(TrickScene.from_view(eight.view(3)), options),
        draw_score_sheet(sheet.players, sheet.results(), options),
    ]
    for picture in pictures:
        mean, largest, far = errors(picture, options)
        assert mean < 2.5 and largest <= 40 and far < 0.002, (mean, largest, far)


def test_the_four_colour_deck_survives_the_palette() -> None:
    view = samples.hand_to_play(4, seed=1, position=2)
    idle = dataclasses.replace(view, turn=((view.seat or 0) + 1) % 4, legal_cards=())
    blue, green = (22, 94, 196), (24, 128, 56)
    four = decode(render_hand(idle, RenderOptions(four_colour=True)))
    two = decode(render_hand(idle))
    assert count_near(four, blue, tolerance=0) > 200 and count_near(four, green, tolerance=0) > 200
    assert count_near(two, blue, tolerance=8) == count_near(two, green, tolerance=8) == 0


def test_each_look_has_its_own_palette() -> None:
    palettes = {bytes(look_palette(options).getpalette() or []) for options in LOOKS}
    assert len(palettes) == len(LOOKS)


@pytest.mark.parametrize("options", LOOKS, ids=look_id)
def test_shipped_palettes_are_the_ones_the_pictures_give(options: RenderOptions) -> None:
    """``render/look_palettes.py`` is generated: regenerate it with
    ``python -m render.make_palettes`` when card art or colours change."""
    computed = compute_look_palette(options)
    assert LOOK_PALETTES[look_key(options)] == computed.hex()
    assert bytes(look_palette(options).getpalette() or []) == computed
