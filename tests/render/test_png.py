"""The PNG writer: valid indexed files, exact colours the palette holds, same bytes
for the same pixels."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.png import encode_indexed
from tests.render.helpers import decode

COLOURS = [(49, 51, 56), (240, 178, 50), (1, 2, 3), (250, 250, 247)]


def sample_image() -> Image.Image:
    image = Image.new("RGB", (37, 23), COLOURS[0])
    draw = ImageDraw.Draw(image)
    draw.ellipse((3, 2, 30, 20), fill=COLOURS[1])
    draw.line((0, 22, 36, 0), fill=COLOURS[2], width=2)
    draw.rectangle((30, 0, 36, 4), fill=COLOURS[3])
    return image


def palette_of(colours: list[tuple[int, int, int]]) -> Image.Image:
    """A palette of ``colours``; the unused entries repeat the first colour (a black
    filler would capture near-black pixels)."""
    padded = colours + [colours[0]] * (256 - len(colours))
    palette = Image.new("P", (1, 1))
    palette.putpalette([level for colour in padded for level in colour])
    return palette


def test_colours_in_the_palette_come_back_exactly() -> None:
    image = sample_image()
    png = encode_indexed(image, palette_of(COLOURS))
    assert png[25] == 3  # IHDR colour type: indexed
    decoded = decode(png)
    assert decoded.size == image.size
    assert decoded.tobytes() == image.tobytes()


def test_other_colours_go_to_the_nearest_entry() -> None:
    image = Image.new("RGB", (4, 4), (52, 50, 57))
    assert decode(encode_indexed(image, palette_of(COLOURS))).getpixel((0, 0)) == COLOURS[0]


def test_same_pixels_same_bytes() -> None:
    palette = palette_of(COLOURS)
    assert encode_indexed(sample_image(), palette) == encode_indexed(sample_image(), palette)


def test_tall_pictures_span_many_bands() -> None:
    image = Image.new("RGB", (700, 400), COLOURS[0])
    ImageDraw.Draw(image).line((0, 0, 699, 399), fill=COLOURS[1], width=3)
    assert decode(encode_indexed(image, palette_of(COLOURS))).tobytes() == image.tobytes()
