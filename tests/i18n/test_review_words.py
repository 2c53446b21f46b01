"""Deal reviews in the reader's language: English reads exactly as the library's
text; every other language has its own words for every line."""

from __future__ import annotations

import logging
from functools import cache

import pytest

from ai.review import GameReview, review_game
from ai.review.text import game_review_lines as english_game_lines
from ai.review.text import review_lines as english_lines
from i18n import words_for
from i18n.review_words import game_review_lines, review_lines
from tests.engine.examples import short_game


@cache
def reviews() -> tuple[GameReview, ...]:
    game = short_game()
    return tuple(review_game(game, seat) for seat in range(len(game.players)))


def test_english_reads_as_the_librarys_text() -> None:
    english = words_for("en")
    players = short_game().players
    for whole in reviews():
        assert game_review_lines(english, whole) == english_game_lines(whole)
        for deal in whole.deals:
            assert review_lines(english, deal, players) == english_lines(deal, players)


@pytest.mark.parametrize("language", ["hi", "ne", "gu"])
def test_every_line_is_in_the_readers_language(
    language: str, caplog: pytest.LogCaptureFixture
) -> None:
    words = words_for(language)
    players = short_game().players
    with caplog.at_level(logging.WARNING, logger="i18n.catalogues"):
        for whole in reviews():
            lines = game_review_lines(words, whole)
            for deal in whole.deals:
                lines += review_lines(words, deal, players)
            english = english_game_lines(whole) + [
                line for deal in whole.deals for line in english_lines(deal, players)]
            assert not set(lines) & set(english)  # no line left as it was in English
    assert [record.message for record in caplog.records] == []
