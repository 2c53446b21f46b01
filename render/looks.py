"""One 256-colour palette per look (theme × deck colours), so pictures are written
as indexed PNGs: a third of the bytes to compress, about half the file size.

Every picture is drawn from a small set of colours (the theme's palette, the card
and suit colours) and their antialiased blends. The palette holds each of those
colours exactly, first, then the blends that cover the most ground in a set of
sample pictures drawn in that look from real games. Mapping a picture onto it
never changes a flat colour and moves antialiased edge pixels by a few levels
(about 20 at the very most); tests measure both on positions that are not among
the samples.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Final, get_args

from PIL import Image

from engine.cards import DECK, Suit
from render import cards, samples
from render.encoding import encode_picture, look_key, look_palette
from render.options import RenderOptions, Theme
from render.palette import (
    BRONZE,
    CARD_EDGE,
    CARD_FACE,
    COURT_GOLD,
    COURT_TINT,
    MEDAL_INK,
    RGB,
    SILVER,
    palette,
    suit_colour,
)

PALETTE_SIZE: Final = 256
NEAR_KEY: Final = 6
"""Blends closer than this (per channel) to an exact colour are left out, so that
Pillow's colour lookup, which works on cells of 4 levels per channel, always finds
the exact colour for a flat area."""


def key_colours(options: RenderOptions) -> list[RGB]:
    """Colours pictures paint flat areas with: they must map to themselves."""
    theme = palette(options)
    keys = [getattr(theme, field.name) for field in dataclasses.fields(theme)]
    keys += [CARD_FACE, CARD_EDGE, COURT_TINT, COURT_GOLD, SILVER, BRONZE, MEDAL_INK]
    keys += [cards.BACK_BLUE, cards.BACK_LINE, cards.BACK_GOLD]
    inks = [suit_colour(suit, options.four_colour) for suit in Suit]
    keys += inks
    # Cards that can't be played are faded: their flat colours are flat areas too.
    on_card = [CARD_FACE, CARD_EDGE, COURT_TINT, COURT_GOLD, *inks]
    keys += [cards.dimmed_colour(colour, theme.background) for colour in on_card]
    return list(dict.fromkeys(keys))


def _card_sheet(options: RenderOptions) -> Image.Image:
    """Every card, full and dimmed, on the background, and a glow and a back on the felt."""
    theme = palette(options)
    width, four = cards.HAND_CARD_WIDTH, options.four_colour
    step_x, step_y = width + 12, cards.card_height(width) + 16
    sheet = Image.new("RGB", (13 * step_x + 24, 9 * step_y), theme.background)
    for index, card in enumerate(DECK):
        x, y = 12 + (index % 13) * step_x, 12 + (index // 13) * step_y
        cards.card_tile(card, four, width).paste(sheet, x, y)
        cards.dimmed_tile(card, four, width, theme.background).paste(sheet, x, y + 4 * step_y)
    felt_top = 8 * step_y
    sheet.paste(theme.felt, (0, felt_top, sheet.width, sheet.height))
    table = cards.TABLE_CARD_WIDTH
    cards.glow_tile(table, theme.gold).paste(sheet, 20, felt_top + 20)
    cards.back_tile(table).paste(sheet, table + 60, felt_top + 20)
    return sheet


def sample_pictures(options: RenderOptions) -> list[Image.Image]:
    """One of each picture in most of its states, drawn in ``options``' look."""
    # Imported here: the picture modules import this one to encode their output.
    from render.dealer_draw import draw_dealer_draw
    from render.hand import draw_hand
    from render.scoresheet import draw_score_sheet
    from render.standings import draw_final_standings
    from render.status import draw_table_status
    from render.trick import TrickScene, draw_trick

    finished = samples.finished_game(5, seed=3)
    hand = samples.hand_to_play(4, seed=1, position=2)
    waiting = dataclasses.replace(hand, turn=((hand.seat or 0) + 1) % 4, legal_cards=())
    drawn = samples.new_game(5, seed=samples.seed_with_tied_draw(5))
    return [
        _card_sheet(options),
        draw_hand(hand, options),
        draw_hand(waiting, options),
        draw_trick(TrickScene.from_view(samples.trick_complete(4, seed=1, tricks=2)), options),
        draw_trick(TrickScene.from_view(samples.trick_in_progress(5, seed=3)), options),
        draw_table_status(samples.dealer_to_bid(4, seed=1), options),
        draw_table_status(samples.mid_play_status(5, seed=3), options),
        draw_score_sheet(finished.players, finished.results(), options),
        draw_final_standings(
            finished.players, finished.totals(), options, results=finished.results()
        ),
        draw_dealer_draw(drawn.players, drawn.dealer_draws, drawn.first_dealer or 0, options),
    ]


def compute_look_palette(options: RenderOptions) -> bytes:
    """The look's 256 palette colours (768 bytes, RGB), worked out from its sample
    pictures. Slow (seconds) and memory-hungry (the quantizer's colour histogram of
    the whole montage): the result is shipped in :mod:`render.look_palettes`."""
    keys = key_colours(options)
    pictures = sample_pictures(options)
    montage = Image.new("RGB", (max(p.width for p in pictures), sum(p.height for p in pictures)))
    top = 0
    for picture in pictures:
        montage.paste(picture, (0, top))
        top += picture.height
    # Maximum coverage keeps rare but distinct colours (a blue ♦ among many blacks).
    blends = (
        montage.quantize(
            PALETTE_SIZE - len(keys), method=Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE
        ).getpalette()
        or []
    )
    entries = list(keys)
    for start in range(0, len(blends), 3):
        colour = (blends[start], blends[start + 1], blends[start + 2])
        if len(entries) < PALETTE_SIZE and all(
            max(abs(a - b) for a, b in zip(colour, key, strict=True)) > NEAR_KEY for key in keys
        ):
            entries.append(colour)
    # Unused entries repeat the background rather than default to black, which
    # would draw near-black pixels to it.
    entries += [keys[0]] * (PALETTE_SIZE - len(entries))
    return bytes(level for colour in entries for level in colour)


def write_look_palettes(path: Path) -> None:
    """Regenerate :mod:`render.look_palettes` (after card art or colours change)."""
    looks = [RenderOptions(theme=theme, four_colour=four) for theme in get_args(Theme)
             for four in (False, True)]
    lines = [
        '"""The 256-colour palette of every look, as hex RGB triples. Generated by',
        "``python -m render.make_palettes``; do not edit (see :mod:`render.encoding`).",
        '"""',
        "",
        "from typing import Final",
        "",
        "LOOK_PALETTES: Final[dict[str, str]] = {",
    ]
    for options in looks:
        hex_text = compute_look_palette(options).hex()
        lines.append(f'    "{look_key(options)}": (')
        lines += [f'        "{hex_text[i:i + 84]}"' for i in range(0, len(hex_text), 84)]
        lines.append("    ),")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


__all__ = ["compute_look_palette", "encode_picture", "look_key", "look_palette",
           "sample_pictures", "write_look_palettes"]
