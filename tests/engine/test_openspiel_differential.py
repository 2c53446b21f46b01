"""Differential test against OpenSpiel's ``oh_hell``, an independent implementation.

One OpenSpiel game is one deal. Its chance steps are, in order: the number of tricks,
the dealer, the n×h cards (the i-th dealt card goes to player i mod n), then a trump
card drawn from the undealt cards. Card id = rank × 4 + suit with clubs 0, diamonds 1,
spades 2, hearts 3 and rank 0 = '2'; bid b is action 52 + b. With
``off_bid_penalty=True, points_per_trick=1`` a player scores tricks + 10 on a hit and
−|tricks − bid| on a miss: our ``penalty-per-trick`` exactly, and our ``classic`` is
max(return, 0).

Our side plays the same deal as deal 1 of a game: turn-up trump when the trump card
is any undealt card, and the ♠♦♣♥ cycle (deal 1 is spades) when OpenSpiel's trump
card is an undealt spade.
"""

from __future__ import annotations

import random
import re

import pyspiel  # from the test extra (PyPI: open-spiel); a missing install must fail

from bench.openspiel_cards import openspiel_card
from engine import (
    DECK,
    DealCards,
    FirstDealer,
    Game,
    Phase,
    Rules,
    Suit,
    TrickWon,
    score_function,
)

DEALS = 2000


def os_tricks_won(state: object, players: int) -> list[int]:
    match = re.search(r"Tricks Won:\s+([-\d ]+)", str(state))
    assert match, "OpenSpiel's state text lists tricks won"
    return [int(x) for x in match.group(1).split()[:players]]


def play_one_deal(rng: random.Random, players: int, games: dict[int, object]) -> int:
    """Play one random legal deal in both engines; returns 1 if it ran, 0 if skipped."""
    size = rng.randint(1, (52 - 1) // players)
    dealer = rng.randrange(players)
    deck = list(DECK)
    rng.shuffle(deck)
    dealt, rest = deck[: players * size], deck[players * size :]
    use_cycle = rng.random() < 0.5
    if use_cycle:
        spades = [card for card in rest if card.suit is Suit.SPADES]
        if not spades:
            return 0  # every spade is in a hand: OpenSpiel cannot express this deal
        trump_card = rng.choice(spades)
        rules = Rules(max_hand=size, schedule="down", scoring="penalty-per-trick")
    else:
        trump_card = rng.choice(rest)
        rules = Rules(max_hand=size, schedule="down", trump="turn-up",
                      scoring="penalty-per-trick")

    state = games[players].new_initial_state()  # type: ignore[attr-defined]
    state.apply_action(size)
    state.apply_action(dealer)
    for card in dealt:
        state.apply_action(openspiel_card(card))
    state.apply_action(openspiel_card(trump_card))

    ours = Game(rules, [f"P{i}" for i in range(players)], None)
    ours.choose_first_dealer(FirstDealer(dealer))
    hands = tuple(tuple(dealt[i] for i in range(seat, len(dealt), players))
                  for seat in range(players))
    ours.deal(DealCards(hands, None if use_cycle else trump_card))
    assert ours.trump == trump_card.suit

    while not state.is_terminal():
        seat = ours.turn
        assert seat == state.current_player()
        if ours.phase is Phase.BIDDING:
            legal = ours.legal_bids(seat)
            assert [52 + b for b in legal] == sorted(state.legal_actions())
            bid = rng.choice(legal)
            ours.bid(seat, bid)
            state.apply_action(52 + bid)
            continue
        legal_cards = ours.legal_cards(seat)
        assert sorted(openspiel_card(c) for c in legal_cards) == sorted(state.legal_actions())
        card = rng.choice(legal_cards)
        events = ours.play(seat, card)
        state.apply_action(openspiel_card(card))
        for event in events:
            if isinstance(event, TrickWon) and not state.is_terminal():
                assert state.current_player() == event.winner
    result = ours.results()[0]
    assert list(result.tricks) == os_tricks_won(state, players)
    returns = [int(r) for r in state.returns()]
    assert list(result.scores) == returns
    classic_score = score_function(Rules())
    assert [
        classic_score(result.bids[s], result.tricks[s], size, False) for s in range(players)
    ] == [max(r, 0) for r in returns]
    return 1


def test_random_deals_agree_with_openspiel() -> None:
    rng = random.Random(20261202)
    games = {
        n: pyspiel.load_game(
            "oh_hell", {"players": n, "off_bid_penalty": True, "points_per_trick": 1}
        )
        for n in range(3, 8)
    }
    played = 0
    per_table = dict.fromkeys(range(3, 8), 0)
    while played < DEALS:
        players = 3 + played % 5
        ran = play_one_deal(rng, players, games)
        played += ran
        per_table[players] += ran
    assert played == DEALS
    assert min(per_table.values()) >= DEALS // 5
