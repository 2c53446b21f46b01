"""Pixel helpers for the picture tests."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

RGB = tuple[int, int, int]


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


def pixel(image: Image.Image, x: float, y: float) -> RGB:
    value = image.convert("RGB").getpixel((round(x), round(y)))
    assert isinstance(value, tuple)
    return (int(value[0]), int(value[1]), int(value[2]))


def near(a: RGB, b: RGB, tolerance: int = 12) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def count_near(
    image: Image.Image,
    colour: RGB,
    box: tuple[int, int, int, int] | None = None,
    tolerance: int = 10,
) -> int:
    """How many pixels of ``image`` (or of ``box``) have every channel within
    ``tolerance`` of ``colour``."""
    region = (image.crop(box) if box else image).convert("RGB")
    difference = ImageChops.difference(region, Image.new("RGB", region.size, colour))
    red, green, blue = difference.split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return worst.point(lambda value: 255 if value <= tolerance else 0).histogram()[255]
