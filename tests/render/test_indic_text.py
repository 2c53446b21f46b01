"""Hindi, Nepali and Gujarati in pictures: shaped by raqm, in the shipped Noto fonts."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw, ImageFont, features

from render.fonts import _font_bytes, require_shaping
from render.text import fit_text, script_runs, stamp, text_width

ZWNJ = "\u200c"  # zero-width non-joiner: stops the conjunct, so the letters stand apart


def test_raqm_is_there_and_start_up_checks_it() -> None:
    assert features.check("raqm")
    require_shaping()  # does not raise here


@pytest.mark.parametrize(("conjunct", "apart"), [
    ("क्ष", f"क्{ZWNJ}ष"),   # Devanagari ksha
    ("त्र", f"त्{ZWNJ}र"),   # Devanagari tra
    ("ક્ષ", f"ક્{ZWNJ}ષ"),  # Gujarati ksha
])
def test_a_conjunct_is_narrower_than_its_letters_drawn_apart(conjunct: str, apart: str) -> None:
    assert text_width(conjunct, 40) < text_width(apart, 40)


@pytest.mark.parametrize("text", ["हुकुम ईंट चिड़ी पान", "काली ♠ बोली 3", "કાળી ચોકટ ફૂલી લાલ"])
def test_indic_text_draws_no_notdef_boxes(text: str) -> None:
    # .notdef is what a font draws for a character it lacks. The basic layout maps a
    # character straight to its glyph, so each character is compared with the run's
    # font's own .notdef (U+10FFFF is in no font).
    for run, script in script_runs(text):
        basic = ImageFont.truetype(io.BytesIO(_font_bytes(False, script)), 40,
                                   layout_engine=ImageFont.Layout.BASIC)
        notdef = _picture(basic, "\U0010ffff")
        for char in run.strip():
            assert _picture(basic, char) != notdef, f"{char!r} ({script}) is .notdef"


def _picture(face: ImageFont.FreeTypeFont, char: str) -> bytes:
    canvas = Image.new("L", (80, 70))
    ImageDraw.Draw(canvas).text((15, 5), char, fill=255, font=face)
    return canvas.tobytes()


def test_the_vowel_sign_i_is_drawn_before_its_consonant() -> None:
    # कि: the sign ि is written first but stored second; shaping moves it left, so the
    # left part of the word's picture differs from क alone drawn at the same place.
    word, letter = stamp("कि", 60), stamp("क", 60)
    assert word.left < letter.left or word.mask.size[0] > letter.mask.size[0]
    assert text_width("कि", 60) <= text_width("क", 60) + text_width("ि", 60)


def test_a_long_hindi_label_is_shortened_to_fit() -> None:
    label = "पहले बाँटने वाले के लिए पत्ते खींचे जा रहे हैं"
    short = fit_text(label, 20, False, 120)
    assert short.endswith("…") and text_width(short, 20) <= 120 < text_width(label, 20)
