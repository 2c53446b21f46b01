"""Names from Discord: emoji, long names, right-to-left text, control characters."""

from __future__ import annotations

import pytest

from i18n import words_for
from render.fonts import font, has_glyph
from render.names import MAX_NAME_CHARS, clean_name, player_names
from render.text import ELLIPSIS, fit_text


def test_the_font_covers_letters_and_scripts_it_has() -> None:
    for char in "Aé✓שم♠":
        assert has_glyph(char), char


def test_the_font_lacks_emoji() -> None:
    for char in "🦄🔥🎲✨":
        assert not has_glyph(char), char


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Asha", "Asha"),
        ("🔥 Raj 🔥", "Raj"),
        ("  two\tspaced\nwords ", "two spaced words"),
        ("ma\u200dria\u202e", "maria"),
        ("שרה כהן", "שרה כהן"),
        ("محمد", "محمد"),
        ("\ud800Kim", "Kim"),
    ],
)
def test_clean_name(raw: str, expected: str) -> None:
    assert clean_name(raw, "Player 1") == expected


@pytest.mark.parametrize("raw", ["🦄🦄", "", "   ", "\u200b", "...", "👨‍👩‍👧"])
def test_nothing_readable_falls_back_to_the_seat(raw: str) -> None:
    assert clean_name(raw, "Player 3") == "Player 3"


def test_very_long_names_are_cut_before_measuring() -> None:
    assert len(clean_name("x" * 10_000, "P")) == MAX_NAME_CHARS


def test_player_names_fill_in_fallbacks_by_seat() -> None:
    assert player_names(("Asha", "🎲"), words_for("en")) == ("Asha", "Player 2")


@pytest.mark.parametrize(
    "text", ["A very long player name indeed", "שרה כהן אברהם לוי", "ييييييييييييييييي"]
)
def test_fit_text_shortens_with_an_ellipsis(text: str) -> None:
    fitted = fit_text(text, 17, True, 80)
    assert fitted.endswith(ELLIPSIS)
    assert font(17, True).getlength(fitted) <= 80


def test_fit_text_keeps_text_that_fits() -> None:
    assert fit_text("Asha", 17, True, 200) == "Asha"


def test_emoji_the_font_has_are_kept_in_monochrome() -> None:
    # DejaVu Sans draws a few emoticons (U+1F600…): they are not dropped.
    assert clean_name("😀 Asha", "P") == "😀 Asha"


def test_names_in_the_scripts_the_pictures_draw_are_kept() -> None:
    # Each script has its own shipped font: a Hindi or Gujarati name is drawn, not
    # replaced by the seat's label.
    assert clean_name("श्रीनिवासन", "Player 1") == "श्रीनिवासन"
    assert clean_name("ભાગ્યશ્રી", "Player 1") == "ભાગ્યશ્રી"
