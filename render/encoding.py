"""Pictures as indexed PNGs in their look's shipped palette (see :mod:`render.looks`)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.look_palettes import LOOK_PALETTES
from render.options import RenderOptions
from render.png import encode_indexed


def look_key(options: RenderOptions) -> str:
    return f"{options.theme}-{'four' if options.four_colour else 'two'}-colour"


@lru_cache(maxsize=4)
def look_palette(options: RenderOptions) -> Image.Image:
    """The look's palette, as the 1×1 palette image ``Image.quantize`` expects.

    Read from :mod:`render.look_palettes` (a test checks it still equals what
    :func:`render.looks.compute_look_palette` gives), so a bot starts without the
    seconds and the ~150 MB peak that working it out costs."""
    shipped = LOOK_PALETTES.get(look_key(options))
    if shipped is None:
        raise KeyError(f"no palette shipped for the look {look_key(options)!r}: "
                       "run `python -m render.make_palettes`")
    image = Image.new("P", (1, 1))
    image.putpalette(bytes.fromhex(shipped))
    return image


def encode_picture(image: Image.Image, options: RenderOptions) -> bytes:
    """A drawn picture as PNG bytes, with the palette of ``options``' look."""
    return encode_indexed(image, look_palette(options))
