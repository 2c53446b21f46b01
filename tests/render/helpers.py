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


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG 2)."""

    def channel(level: int) -> float:
        value = level / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(level) for level in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def strongest_contrast(image: Image.Image, box: tuple[int, int, int, int], against: RGB) -> float:
    """The highest contrast any pixel of ``box`` has against ``against``."""
    region = image.crop(box).convert("RGB")
    colours = {colour for _, colour in region.getcolors(region.width * region.height) or []}
    return max(contrast(colour, against) for colour in colours)


def ink_rows(image: Image.Image, box: tuple[int, int, int, int], ink: RGB, tolerance: int) -> int:
    """How many pixel rows of ``box`` hold ``ink``: the height of text drawn in it."""
    region = image.crop(box).convert("RGB")
    rows = 0
    for y in range(region.height):
        line = region.crop((0, y, region.width, y + 1))
        rows += count_near(line, ink, tolerance=tolerance) > 0
    return rows


def finds_text(
    image: Image.Image, text: str, size: int, bold: bool, colour: RGB, cy: int, background: RGB
) -> bool:
    """Whether ``text``, drawn as the pictures draw it, sits somewhere on the line
    centred at ``cy`` (on a plain ``background``)."""
    from render.text import draw_text, text_width

    half = round(size * 0.6)  # the glyphs' height around their middle, and no more
    half += (cy - half) % 2  # an even strip top: half pixels round alike in both
    reference = Image.new("RGB", (text_width(text, size, bold) + 2, 2 * half), background)
    draw_text(reference, 1, half, text, size, colour, bold=bold)
    wanted = reference.tobytes()
    strip = image.convert("RGB").crop((0, cy - half, image.width, cy + half))
    return any(
        strip.crop((x, 0, x + reference.width, 2 * half)).tobytes() == wanted
        for x in range(image.width - reference.width)
    )
