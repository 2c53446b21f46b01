"""``kachuful play --language``: the whole terminal game in Hindi, Nepali or Gujarati."""

from __future__ import annotations

import io
import itertools
import logging

import pytest

from cli import play as play_command
from i18n import words_for
from tests.cli.scripted_play import parse_args

ENGLISH_PROMPTS = ("Your bid (", "Your card (", "Your hand (", "Final standings", "Scores after")


class Answers:
    """Answers "1" then "0" for ever: a legal bid (one of the two always is), and the
    first playable card (after "0" is refused and asked again)."""

    def __init__(self) -> None:
        self._answers = itertools.cycle(["1\n", "0\n"])

    def readline(self) -> str:
        return next(self._answers)


@pytest.mark.parametrize("language", ["hi", "ne", "gu"])
def test_a_whole_game_speaks_the_chosen_language(
    language: str, caplog: pytest.LogCaptureFixture
) -> None:
    out, err = io.StringIO(), io.StringIO()
    args = parse_args("--language", language, "--rules", "short", "--players", "3",
                      "--seed", "3")
    with caplog.at_level(logging.WARNING, logger="i18n.catalogues"):
        assert play_command.play(args, Answers(), out, err) == 0, err.getvalue()
    screen = out.getvalue()
    words = words_for(language)
    assert words.n("Final standings after {count} deal:",
                   "Final standings after {count} deals:", 9) in screen
    bid_prompt = words.t("Your bid ({choices}): ", choices="").split("(")[0]
    assert screen.count(bid_prompt) >= 9  # a bid in each of the 9 deals
    assert not [prompt for prompt in ENGLISH_PROMPTS if prompt in screen]
    # The person is "You" in the game's language, and their lines say so.
    assert words.t("You deal first.") in screen or words.t(
        "{name} deals first.", name=words.t("{name} (medium bot)", name="Mira")) in screen
    assert f"▶ {words.t('You')}" in screen
    assert [r.message for r in caplog.records] == []  # nothing fell back to English
