"""Every message a player reads is one catalogue entry: no sentence glued from parts.

The real message functions run (the terminal game, the pictures, the bot's texts, the
rules line, deal reviews, ``kachuful verify``) with catalogue text traced (see
:mod:`tests.i18n.said`). Where one entry's text is put into another's placeholder,
that is allowed only if the inner text is a sentence of its own, or the placeholder
stands apart in every language (set off by punctuation: "Verdict: {verdict}.",
"{bid}, {plays}"), where no case ending or word order can depend on it. Anything
else is a fragment used inside another sentence, and the test names it.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable
from functools import cache

import pytest

from ai.review import review_game
from bot.adapter.words.texts import (
    closed_table_text,
    deal_summary,
    final_text,
    rules_help,
    table_text,
    turn_line,
)
from bot.core.effects import SeatLabel, TableSnapshot
from cli import play as play_command
from cli.verify import verdict
from engine import CallBreakGame, CallBreakRules, Game, Rules, preset_rules
from engine.record import game_from_record, game_to_record
from engine.rules import PRESETS
from i18n import LANGUAGES, Words, maintain, words_for
from i18n.computer_names import COMPUTER_NAMES, LEVEL_WORDS
from i18n.review_words import game_review_lines, review_lines
from i18n.rules_words import presets_help, rules_summary
from i18n.suits import SUIT_WORDS
from render import (
    RenderOptions,
    TrickScene,
    draw_dealer_draw,
    draw_final_standings,
    draw_hand,
    draw_score_sheet,
    draw_table_status,
    draw_trick,
    samples,
)
from tests.cli.scripted_play import parse_args
from tests.engine.examples import short_game
from tests.i18n.said import Embedding, tracing

SET_OFF = set(":·,;—–-()[]/=→•.।!?…|\n")
QUOTES = " *`_'\"‘’“”"
SENTENCE_ENDS = (".", "।", "!", "?", ":")


def _forms(language: str, msgid: str) -> list[str]:
    for message in maintain.read(language):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if ids[0] == msgid:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            return [str(s) for s in strings]
    return []


def stands_apart(text: str, placeholder: str) -> bool:
    token = "{" + placeholder + "}"
    start = text.find(token)
    while start != -1:
        left = text[:start].rstrip(QUOTES)
        right = text[start + len(token):].lstrip(QUOTES)
        if (left and left[-1] not in SET_OFF) or (right and right[0] not in SET_OFF):
            return False
        start = text.find(token, start + 1)
    return True


VALUES = {*COMPUTER_NAMES.values(), *LEVEL_WORDS.values(), *SUIT_WORDS.values(),
          "{first} or {second}", "{low} to {high}", "{names} and {last}"}
"""Entries that stand for a value, not a phrase: a player's or a suit's name, a level's
name, a list or range of numbers. A sentence treats them as it treats a number or a
name: nothing in them changes with the sentence's grammar."""


def is_fragment(embedding: Embedding) -> bool:
    if embedding.inner in VALUES:
        return False
    if embedding.text.rstrip(QUOTES).endswith(SENTENCE_ENDS):
        return False  # a whole sentence (or clause ending in a colon) of its own
    return not all(stands_apart(form, embedding.placeholder)
                   for language in LANGUAGES for form in _forms(language, embedding.outer))


# --- the message functions, run with real values ------------------------------------

def _rules(words: Words) -> None:
    presets_help(words)
    for name in PRESETS:
        rules_summary(words, preset_rules(name))
    for schedule in ("down-up", "up-down", "down", "up"):
        for most in (None, 1, 2, 5):
            rules_summary(words, Rules(schedule=schedule, max_hand=most))
    rules_help(words, preset_rules("short"), 4)
    for callbreak in (CallBreakRules(), CallBreakRules(strict=True, must_head=False)):
        rules_help(words, callbreak, 4)


class Answers:
    """"n" (no blind bid), "1", "0", over and over: a legal bid and a playable card
    come within three lines. The input ends after a bounded number of lines, so a
    prompt that never accepts them cannot loop for ever."""

    def __init__(self, lines: int = 2000) -> None:
        self._answers = itertools.islice(itertools.cycle(["n\n", "1\n", "0\n"]), lines)

    def readline(self) -> str:
        return next(self._answers, "")


def _terminal(words: Words) -> None:
    for extra in ([], ["--set", "bidding=simultaneous", "--set", "hook=false"],
                  ["--set", "blind_bids=true", "--set", "one_card_blind=true"]):
        args = parse_args("--language", words.language, "--rules", "short", "--players", "3",
                          "--seed", "3", *extra)
        play_command.play(args, Answers(), io.StringIO(), io.StringIO())


def _verify(words: Words) -> None:
    record = game_to_record(short_game(), include_seed=True)
    for deals in (0, 1, 2, len(record["deals"])):
        cut = dict(record, deals=record["deals"][:deals])
        verdict(cut, game_from_record(cut, check_seed=True), record["commitment"], words)


@cache
def _game() -> Game:
    return short_game()


@cache
def _callbreak() -> CallBreakGame:
    """A short Call Break match, each seat playing its first legal move."""
    game = CallBreakGame(CallBreakRules(deals=2), ["Asha", "Bikram", "Chandra", "Deepa"], 5)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def _bot_texts(words: Words) -> None:
    game = _game()
    labels = tuple(SeatLabel(name, None, False, False, False, False, True)
                   for name in game.players)
    view = game.view(None)
    table = TableSnapshot(1, labels, view, "00" * 32)
    table_text(words, table)
    turn_line(words, table)
    for result in view.results:
        deal_summary(words, result, game.players, game.rules)
    closed_table_text(words)
    final_text(words, view, game.players, (3, -2, None, 0))
    callbreak = _callbreak()
    table_text(words, TableSnapshot(1, labels, callbreak.view(None), "00" * 32))
    for result in callbreak.results():
        deal_summary(words, result, callbreak.players, callbreak.rules)
    final_text(words, callbreak.view(None), callbreak.players)
    for name in ("easy", "hard"):
        table_text(words, TableSnapshot(1, tuple(
            SeatLabel(f"Mira ({name} bot)", None, False, False, False, False, False)
            for _ in game.players), samples.dealer_to_bid(4, 1)))


def _pictures(words: Words) -> None:
    options = RenderOptions(language=words.language)
    draw_hand(samples.hand_to_play(4, seed=1, position=2), options)
    draw_trick(TrickScene.from_view(samples.trick_in_progress(5, seed=3)), options)
    draw_table_status(samples.dealer_to_bid(4, seed=1), options)
    draw_table_status(samples.mid_play_status(5, 3), options)
    simultaneous = Rules(bidding="simultaneous", hook=False)
    waiting = samples.new_game(4, seed=1, rules=simultaneous)
    samples.play_until(waiting, lambda g: len([b for b in g.bids() if b is not None]) == 2)
    draw_table_status(waiting.view(None), options)
    finished = samples.finished_game(4, seed=5)
    draw_score_sheet(finished.players, finished.results(), deal_count=finished.deal_count,
                     options=options)
    draw_final_standings(finished.players, finished.totals(), results=finished.results(),
                         options=options)
    drawn = samples.new_game(5, seed=samples.seed_with_tied_draw(5))
    draw_dealer_draw(drawn.players, drawn.dealer_draws, drawn.first_dealer or 0, options)


def _reviews(words: Words) -> None:
    game = _game()
    for seat in range(len(game.players)):
        whole = review_game(game, seat)
        game_review_lines(words, whole)
        for deal in whole.deals:
            review_lines(words, deal, game.players)


DRIVERS: dict[str, Callable[[Words], None]] = {
    "rules": _rules, "terminal": _terminal, "verify": _verify, "bot texts": _bot_texts,
    "pictures": _pictures, "reviews": _reviews,
}


@pytest.mark.parametrize("driver", sorted(DRIVERS))
def test_no_message_is_glued_from_translated_parts(
    driver: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with tracing(monkeypatch) as found:
        for language in ("en", "hi"):
            DRIVERS[driver](words_for(language))
    fragments = sorted({(e.outer, e.placeholder, e.inner) for e in found if is_fragment(e)})
    assert fragments == []


def test_the_check_finds_a_count_glued_into_a_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The way "Final standings after {deals}:" was built: "9 बाज़ियाँ के बाद".
    with tracing(monkeypatch) as found:
        hindi = words_for("hi")
        hindi.t("{name} deals first.", name=hindi.n("{count} deal", "{count} deals", 9))
    assert [e.inner for e in found if is_fragment(e)] == ["{count} deal"]


def test_a_label_and_its_value_are_not_a_fragment() -> None:
    assert stands_apart("नतीजा: {verdict}।", "verdict")
    assert stands_apart("**{name}** — {cards}", "name")
    assert not stands_apart("{deals} के बाद आख़िरी नतीजा:", "deals")
    assert not stands_apart("{hand}થી 1 સુધી", "hand")
