"""Call Break's computer players: legal moves from the engine's lists, view-only
knowledge that follows the card rules, and samples consistent with it."""

from __future__ import annotations

import random

import pytest

from ai.callbreak import LEVELS, make_callbreak_player
from ai.callbreak.knowledge import VOID, knowledge
from ai.callbreak.sampling import sample_hands
from ai.errors import NothingToChoose
from engine import Card, DealCards, FirstDealer, Phase, parse_cards
from engine.callbreak import CallBreakGame, CallBreakRules
from engine.cards import BIT, RANK_OF, SUIT_OF

NAMES = ("Asha", "Bikram", "Chandra", "Deepa", "Esha")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (4, CallBreakRules(deals=2)),
        (3, CallBreakRules(deals=1, max_call=13, must_head=False)),
        (5, CallBreakRules(deals=1, min_call=2, strict=True)),
    ],
)
def test_every_move_is_one_the_engine_lists(
    level: str, players: int, rules: CallBreakRules
) -> None:
    game = CallBreakGame(rules, NAMES[:players], 21)
    computers = [make_callbreak_player(level, seat) for seat in range(players)]
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        if game.phase is Phase.BIDDING:
            call = computers[seat].choose_bid(view)
            assert call in game.legal_bids(seat)
            game.bid(seat, call)
        else:
            card = computers[seat].choose_card(view)
            assert card in game.legal_cards(seat)
            game.play(seat, card)
    assert len(game.results()) == rules.deals


@pytest.mark.parametrize("level", LEVELS)
def test_a_seat_whose_turn_it_is_not_has_nothing_to_choose(level: str) -> None:
    game = CallBreakGame(CallBreakRules(), NAMES[:4], 3)
    other = ((game.turn or 0) + 1) % 4
    player = make_callbreak_player(level, 1)
    with pytest.raises(NothingToChoose):
        player.choose_bid(game.view(other))
    with pytest.raises(NothingToChoose):
        player.choose_card(game.view(other))


def test_unknown_levels_are_refused() -> None:
    with pytest.raises(ValueError, match="easy, medium, hard"):
        make_callbreak_player("reference")


def test_hard_is_reproducible_from_its_seed() -> None:
    game = CallBreakGame(CallBreakRules(), NAMES[:4], 8)
    view = game.view(game.turn)
    first = make_callbreak_player("hard", 5).choose_bid(view)
    assert all(make_callbreak_player("hard", 5).choose_bid(view) == first for _ in range(2))


HANDS = (
    "AH 5H 2H 2S 3S 4S 2D 3D 4D 5D 2C 3C 4C",
    "KH 3H 5S 6S 7S 6D 7D 8D 9D 5C 6C 7C 8C",
    "QS KS AS 10D JD QD KD AD 9C 10C JC QC KC",
    "4H 6H 7H 8H 9H 10H JH QH 8S 9S 10S JS AC",
)


def test_knowledge_learns_voids_and_ceilings_from_the_card_rules() -> None:
    game = CallBreakGame(CallBreakRules(), NAMES[:4], None)
    game.choose_first_dealer(FirstDealer(3))
    game.deal(DealCards(tuple(parse_cards(hand.split()) for hand in HANDS)))
    for seat in range(4):
        game.bid(seat, 2)
    for code in ("5H", "KH", "QS", "4H"):  # Chandra shows she is void in ♥
        game.play(game.turn, Card.parse(code))  # type: ignore[arg-type]
    know = knowledge(game.view(0))
    assert know.ceilings[2][3] == VOID and know.ceilings[2][0] != VOID
    assert know.ceilings[1] == know.ceilings[3] == (12, 12, 12, 12)
    assert know.counts == (12, 12, 12, 12)
    rng = random.Random(1)
    for _ in range(30):
        hands = sample_hands(know, rng)
        assert hands[0] == know.hand
        assert [h.bit_count() for h in hands] == [12, 12, 12, 12]
        assert not any(hands[a] & hands[b] for a in range(4) for b in range(a + 1, 4))
        assert not any(hands[2] & BIT[card] for card in range(52) if SUIT_OF[card] == 3)
        played = sum(BIT[Card.parse(code)] for code in ("5H", "KH", "QS", "4H"))
        assert not any(hand & played for hand in hands)


@pytest.mark.parametrize(
    ("card", "led", "best", "must_head", "suit", "ceiling"),
    [
        ("3H", "H", "QH", True, 3, RANK_OF[Card.parse("QH")]),  # could not head the Q♥
        ("3H", "H", "QH", False, 3, 12),  # need not head: nothing learnt
        ("3H", "H", "QS", True, 3, 12),  # trumped: any heart was allowed
        ("2D", "H", "5H", True, 0, VOID),  # no heart and no trump: void in spades too
        ("2D", "H", "9S", True, 0, RANK_OF[Card.parse("9S")]),  # could not overtrump
        ("3S", "H", "9S", True, 0, RANK_OF[Card.parse("9S")]),  # a lower spade: the same
    ],
)
def test_what_a_card_tells_about_the_hand_it_came_from(
    card: str, led: str, best: str, must_head: bool, suit: int, ceiling: int
) -> None:
    from ai.callbreak.knowledge import learn_from_card

    limits = [12, 12, 12, 12]
    led_suit = SUIT_OF[Card.parse("2" + led)]
    learn_from_card(limits, Card.parse(card), led_suit, Card.parse(best), must_head)
    assert limits[suit] == ceiling


def test_decide_gives_a_legal_move_that_pickles() -> None:
    import pickle

    from ai.callbreak import decide_callbreak
    from engine import Bid, Play

    game = CallBreakGame(CallBreakRules(deals=1), NAMES[:4], 30)
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        move = decide_callbreak(game.view(seat), "medium", seat)
        assert pickle.loads(pickle.dumps(move)) == move
        assert move in game.legal_actions()
        assert isinstance(move, Bid | Play)
        game.apply(move)
    with pytest.raises(NothingToChoose):
        decide_callbreak(game.view(0), "easy", 1)
