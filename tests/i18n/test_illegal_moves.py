"""A refused move reads in the player's language: the engine's typed errors map to
catalogue sentences in the adapter (the engine itself stays English-only)."""

from __future__ import annotations

import pytest

from bot.adapter.words.refusal_words import refusal_text
from bot.core.refusals import Refusal
from engine import Bid, Game, IllegalAction, Phase, Play, preset_rules
from i18n import LANGUAGES, words_for
from i18n.illegal_moves import ILLEGAL_MOVES

NAMES = ["Asha", "Bikram", "Chandra"]


def _refused(action: Bid | Play, game: Game) -> Refusal:
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    return Refusal("illegal_move", text=str(caught.value), error=caught.value)


def _must_follow_suit() -> tuple[Game, Play]:
    """A game in play where the next player holds the led suit and tries another."""
    for seed in range(200):
        game = Game(preset_rules("classic"), NAMES, seed=seed)
        while game.phase is Phase.BIDDING:
            seat = game.awaiting()[0]
            game.apply(Bid(seat, game.legal_bids(seat)[0]))
        leader = game.awaiting()[0]
        game.apply(Play(leader, game.legal_cards(leader)[0]))
        seat = game.awaiting()[0]
        off_suit = [card for card in game.hand(seat) if card not in game.legal_cards(seat)]
        if off_suit:
            return game, Play(seat, off_suit[0])
    raise AssertionError("no seed gave a player an off-suit card to try")


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_card_that_does_not_follow_suit_is_refused_in_the_readers_language(
    language: str,
) -> None:
    game, play = _must_follow_suit()
    words = words_for(language)
    text = refusal_text(words, _refused(play, game))
    assert text == words.t("You must follow the suit that was led.")
    if language != "en":
        assert text != "You must follow the suit that was led."


def test_a_move_out_of_turn_names_the_reason_not_the_engines_english() -> None:
    game = Game(preset_rules("classic"), NAMES, seed=1)
    waiting = next(seat for seat in range(3) if seat not in game.awaiting())
    hindi = words_for("hi")
    text = refusal_text(hindi, _refused(Bid(waiting, 0), game))
    assert text == hindi.t("It isn't your turn.") and "turn" not in text


def test_every_engine_illegal_move_type_has_a_sentence_in_every_language() -> None:
    for language in LANGUAGES:
        words = words_for(language)
        assert all(words.has(sentence) for sentence in ILLEGAL_MOVES.values()), language
