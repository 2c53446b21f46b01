"""The optional OpenSpiel anchor of the AI benchmark: the mirror into ``oh_hell`` and
the ISMCTS seat."""

from __future__ import annotations

import random

import pyspiel  # from the test extra (PyPI: open-spiel); a missing install must fail
import pytest

from ai.match import ChancePlan, chance_plan, play_game
from ai.player import ComputerPlayer
from ai.reference import ReferencePlayer
from bench import ai as ai_bench
from bench.openspiel_cards import card_of_openspiel, openspiel_card
from bench.openspiel_ismcts import (
    BID_OFFSET,
    IsmctsPlayer,
    MirrorError,
    chance_actions,
    drawn_root,
    mirror_state,
    mirrorable,
    turned_up_card,
)
from engine.cards import DECK, Card, Suit
from engine.rules import preset_rules
from engine.view import SeatView
from tests.ai.helpers import cards

CLASSIC = preset_rules("classic")


def test_cards_are_numbered_as_openspiel_numbers_them() -> None:
    assert [openspiel_card(Card.parse(text)) for text in ("2C", "2D", "2S", "2H", "3C")] == [
        0, 1, 2, 3, 4,
    ]
    assert openspiel_card(Card.parse("AH")) == 51
    assert sorted(openspiel_card(card) for card in DECK) == list(range(52))
    assert all(card_of_openspiel(openspiel_card(card)) is card for card in DECK)
    with pytest.raises(ValueError):
        card_of_openspiel(BID_OFFSET)


def test_the_turned_up_card_is_the_lowest_undealt_trump() -> None:
    hands = [cards("2S 3S"), cards("4S AH"), cards("KD QD"), cards("2C 3C")]
    assert turned_up_card(hands, Suit.SPADES) == Card.parse("5S")
    assert turned_up_card(hands, Suit.HEARTS) == Card.parse("2H")
    assert turned_up_card(hands, None) is None
    every_spade = [[card for card in DECK if card.suit is Suit.SPADES][i::4] for i in range(4)]
    assert turned_up_card(every_spade, Suit.SPADES) is None
    thirteen = [DECK[seat * 13 : (seat + 1) * 13] for seat in range(4)]
    assert turned_up_card(thirteen, Suit.HEARTS) is None
    with pytest.raises(MirrorError):
        chance_actions(thirteen, 0, Suit.HEARTS)


def test_openspiel_deals_the_mirrored_hands_to_the_same_seats() -> None:
    hands = [cards("2S 9H"), cards("4S AH"), cards("KD QD"), cards("2C 3C")]
    state = pyspiel.load_game("oh_hell", {"players": 4}).new_initial_state()
    for action in chance_actions(hands, 3, Suit.SPADES):
        state.apply_action(action)
    assert state.current_player() == 0  # the seat after the dealer bids first
    text = str(state)
    assert "Dealer: 3" in text and "Trump: S3" in text
    # OpenSpiel prints each player's hand suit by suit, highest rank first.
    assert text.split("Player: 1")[1].split("Player: 2")[0].split() == [
        "C:", "D:", "S:", "4", "H:", "A",
    ]


def _every_decision(plan: ChancePlan, check: object) -> int:
    """Play a reference game and call ``check(view, hands)`` at every decision of
    every deal OpenSpiel can express; returns how many were checked."""
    checked = 0

    def look(view: SeatView) -> None:
        nonlocal checked
        if mirrorable(plan, view.deal_number, view.trump):
            check(view, plan.deals[view.deal_number - 1].hands)  # type: ignore[operator]
            checked += 1

    class Checking(ReferencePlayer):
        def choose_bid(self, view: SeatView) -> int:
            look(view)
            return super().choose_bid(view)

        def choose_card(self, view: SeatView) -> Card:
            look(view)
            return super().choose_card(view)

    play_game(CLASSIC, [Checking() for _ in range(4)], plan)
    return checked


def test_the_mirror_offers_exactly_our_legal_moves_at_every_decision() -> None:
    game = pyspiel.load_game("oh_hell", {"players": 4})

    def check(view: SeatView, hands: tuple[tuple[Card, ...], ...]) -> None:
        state = mirror_state(game, hands, view)
        assert state.current_player() == view.seat
        if view.legal_bids:
            # The hook included: OpenSpiel forbids the dealer the same bid.
            assert state.legal_actions() == [BID_OFFSET + bid for bid in view.legal_bids]
        else:
            assert sorted(state.legal_actions()) == sorted(
                openspiel_card(card) for card in view.legal_cards
            )

    checked = _every_decision(chance_plan(CLASSIC, 4, 5), check)
    # Deals of 1..12 cards (23 of 25), each with four bids and 4 × h plays, less
    # the few whose trump suit was dealt out entirely.
    assert checked > 0.8 * (23 * 4 + 4 * 2 * sum(range(1, 13)))


@pytest.mark.parametrize("roots", [0, 4])
def test_the_ismcts_seat_plays_a_whole_game_and_only_the_mirrored_deals(roots: int) -> None:
    plan = chance_plan(CLASSIC, 4, 11)
    player = IsmctsPlayer(plan, seed=3, simulations=40, roots=roots)
    assert player.level == ("ismcts" if roots else "ismcts-true-root")
    players: list[ComputerPlayer] = [ReferencePlayer() for _ in range(4)]
    players[1] = player
    game = play_game(CLASSIC, players, plan)
    assert game.is_over
    expected = {r.number for r in game.results() if turned_up_card(r.hands, r.trump) is not None}
    assert player.mirrored_deals == expected
    assert 1 not in expected  # deal 1 has 13 cards: played by the reference rule
    assert len(expected) >= 20


def test_the_openspiel_comparison_counts_the_same_deals_for_both_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ai_bench, "ISMCTS_SIMULATIONS", 40)
    ismcts = ai_bench.duplicate_game("ismcts", 2, 1, openspiel=True).summary()
    hard = ai_bench.duplicate_game("easy", 2, 1, openspiel=True).summary()
    assert ismcts["deals"] == hard["deals"] < 25
    assert ismcts["decisions"] == hard["decisions"]
    assert "win_rate" not in ismcts


def test_the_bench_refuses_a_run_with_nothing_to_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert ai_bench.main(["--levels", ""]) == 2
    assert "no levels" in capsys.readouterr().err


def test_openspiel_resampling_only_shares_out_the_cards_really_in_play() -> None:
    """Why the fair ``ismcts`` does not search from the true deal: OpenSpiel's
    ``oh_hell`` resamples by sharing out the other players' real cards again."""
    plan = chance_plan(CLASSIC, 4, 3)
    hands = plan.deals[9].hands  # 4 cards each
    state = pyspiel.load_game("oh_hell", {"players": 4}).new_initial_state()
    for action in chance_actions(hands, 0, Suit.HEARTS):
        state.apply_action(action)
    in_play = sorted(str(card) for seat in (2, 3, 0) for card in hands[seat])
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    for _ in range(20):
        world = state.resample_from_infostate(1, sampler)
        text = str(world)
        others = []
        for seat in (2, 3, 0):
            block = text.split(f"Player: {seat}")[1].split("Player:")[0].split("Trump")[0]
            for line in block.split("\n"):
                if ":" in line:
                    suit, ranks = line.split(":")
                    others += [rank + suit.strip() for rank in ranks.strip()]
        assert sorted(str(Card.parse(card)) for card in others) == in_play


def test_drawn_roots_are_deals_the_seat_could_be_in() -> None:
    game = pyspiel.load_game("oh_hell", {"players": 4})
    rng = random.Random(4)
    roots = 0

    def check(view: SeatView, hands: tuple[tuple[Card, ...], ...]) -> None:
        nonlocal roots
        if (view.deal_number + len(view.completed_tricks)) % 5:
            return  # a sample of the decisions keeps the test quick
        drawn = drawn_root(view, rng)
        roots += 1
        assert drawn[view.seat] == hands[view.seat]
        assert [len(hand) for hand in drawn] == [len(hand) for hand in hands]
        dealt = [card for hand in drawn for card in hand]
        assert len(set(dealt)) == len(dealt)
        assert turned_up_card(drawn, view.trump) is not None
        # Every bid and card so far can be replayed on the drawn deal, and the seat
        # to move has the same choices as in the real one.
        state = mirror_state(game, drawn, view)
        assert sorted(state.legal_actions()) == sorted(
            mirror_state(game, hands, view).legal_actions()
        )

    _every_decision(chance_plan(CLASSIC, 4, 6), check)
    assert roots > 30
